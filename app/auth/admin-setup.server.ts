import crypto from "node:crypto";
import { hasAnyAdmin } from "~/models/user-role.server";
import { getAuth } from "./auth.server";
import { db } from "~/platform/db.server";
import { env } from "~/platform/env.server";

export const SETUP_TOKEN_TTL_MS = 24 * 60 * 60 * 1000;
const MARK = "admin-setup";

const identifier = (token: string) => `${MARK}:${token}`;

/** A new one-time setup token (only its hash is stored), valid for 24 hours or until used. */
export async function createSetupToken(): Promise<string> {
  const ctx = await getAuth().$context;
  const token = crypto.randomBytes(32).toString("base64url");
  await ctx.internalAdapter.createVerificationValue({
    identifier: identifier(token),
    value: MARK,
    expiresAt: new Date(Date.now() + SETUP_TOKEN_TTL_MS),
  });
  return token;
}

/** Whether the link can still create the first administrator: a live token and no admin yet. */
export async function isSetupTokenUsable(token: string): Promise<boolean> {
  if (!token || (await hasAnyAdmin())) return false;
  const ctx = await getAuth().$context;
  const row = await ctx.internalAdapter.findVerificationValue(identifier(token));
  return !!row && row.value === MARK && new Date(row.expiresAt).getTime() > Date.now();
}

/** Uses the token up (atomically: two tabs cannot both use it) and retires every other setup link. */
export async function consumeSetupToken(token: string): Promise<boolean> {
  if (!token) return false;
  const ctx = await getAuth().$context;
  const row = await ctx.internalAdapter.consumeVerificationValue(identifier(token));
  const ok = !!row && row.value === MARK && new Date(row.expiresAt).getTime() > Date.now();
  if (ok) await db().deleteFrom("verifications").where("value", "=", MARK).execute();
  return ok;
}

/**
 * At start-up: when the database has no administrator, prints a one-time link where the operator
 * chooses the administrator's e-mail and password. Returns the link (or null when not needed).
 */
export async function announceSetupLinkIfNeeded({
  port,
  print = console.log,
}: { port?: number; print?: (line: string) => void } = {}) {
  if (await hasAnyAdmin()) return null;
  const token = await createSetupToken();
  const origin = env().PUBLIC_ORIGIN?.replace(/\/+$/, "") ?? `http://localhost:${port ?? env().PORT}`;
  const url = `${origin}/auth/setup?token=${token}`;
  print(
    [
      "",
      "No administrator exists yet. Open this one-time link to create one (valid for 24 hours or until used):",
      `  ${url}`,
      "Or run: npm run admin -- create --email you@example.com --password '…'",
      "",
    ].join("\n"),
  );
  return url;
}
