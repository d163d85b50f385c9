import crypto from "node:crypto";
import { createUserWithPasswordHash, findUserByEmail } from "~/auth/accounts.server";
import { grantAdmin } from "~/models/user-role.server";
import { db, engine } from "~/platform/db.server";
import {
  getAuth,
  SESSION_COOKIE,
  SESSION_IDLE_TIMEOUT_SECONDS,
  SESSION_REFRESH_INTERVAL_SECONDS,
} from "~/auth/auth.server";

/** A password that satisfies the site's rules; the default for test users. */
export const TEST_PASSWORD = "Paddock-Gallop-2024";

/** Passwords that pass a length rule and a short list, and are guessed within hours all the same. */
export const WEAK_PASSWORDS = ["password12", "Password1!", "qwerty1234", "Summer2026!", "Stald Nordlys"];

export type TestUser = { id: string; email: string; password: string };

let counter = 0;

/**
 * Hashing a password is slow on purpose (scrypt): the tests hash each password they use once per
 * process and give every account made with it that hash, as a sign-up would have produced it.
 */
const hashes = new Map<string, Promise<string>>();
export async function passwordHash(password: string) {
  let hash = hashes.get(password);
  if (!hash) hashes.set(password, (hash = getAuth().$context.then((ctx) => ctx.password.hash(password))));
  return hash;
}

/** Creates a user in the current test database (an administrator with `admin: true`). */
export async function createUser({
  email = `user${++counter}-${Date.now().toString(36)}@example.com`,
  password = TEST_PASSWORD,
  admin = false,
}: { email?: string; password?: string; admin?: boolean } = {}): Promise<TestUser> {
  const user = await createUserWithPasswordHash({ email, passwordHash: await passwordHash(password) });
  if (admin) await grantAdmin(user.id);
  return { id: user.id, email: user.email, password };
}

/** Lets every token the auth tables hold (reset links, the setup link) run out, as an hour passing would. */
export async function expireVerifications() {
  const past = new Date(Date.now() - 1000);
  await db()
    .updateTable("verifications")
    .set({ expires_at: engine() === "postgres" ? past : past.toISOString() })
    .execute();
}

export type TestSession = { name: string; value: string; cookie: string };

/**
 * A session for the user, as signing in would make it, and its cookie: `cookie` is ready for a
 * Cookie header; name/value suit a browser context. Made through the auth library's own store and
 * signed with its secret, without checking the password again (the sign-in tests use the form).
 */
export async function createSession(user: { id?: string; email: string }): Promise<TestSession> {
  const ctx = await getAuth().$context;
  const userId = user.id ?? (await findUserByEmail(user.email))?.id;
  if (!userId) throw new Error(`no account for ${user.email}`);
  const session = await ctx.internalAdapter.createSession(userId);
  const signature = crypto.createHmac("sha256", ctx.secret).update(session.token).digest("base64");
  const name = SESSION_COOKIE;
  const value = encodeURIComponent(`${session.token}.${signature}`);
  return { name, value, cookie: `${name}=${value}` };
}

/** Creates a user and returns it with a Cookie header value for a signed-in request. */
export async function signedInUser(opts: { email?: string; password?: string; admin?: boolean } = {}) {
  const user = await createUser(opts);
  const session = await createSession(user);
  return { user, cookie: session.cookie, session };
}

/**
 * A request as the site would receive it from its own pages: same-origin headers, optional cookie
 * and form body (POST when a body is given; FormData is sent as multipart).
 */
export function buildRequest(
  path: string,
  {
    cookie,
    form,
    method,
    headers,
  }: {
    cookie?: string;
    form?: Record<string, string> | FormData;
    method?: string;
    headers?: Record<string, string>;
  } = {},
): Request {
  const url = new URL(path, "http://localhost");
  const h = new Headers(headers);
  if (cookie) h.set("Cookie", cookie);
  const verb = method ?? (form ? "POST" : "GET");
  if (verb !== "GET" && verb !== "HEAD") {
    h.set("Origin", url.origin);
    h.set("Sec-Fetch-Site", "same-origin");
  }
  const body = form instanceof FormData ? form : form ? new URLSearchParams(form) : undefined;
  return new Request(url, { method: verb, headers: h, body });
}

/**
 * Ages every session so that its next use pushes its expiry forward (and sets the cookie again),
 * as a session last used over the refresh interval ago is.
 */
export async function makeSessionsDueForRefresh() {
  const due = new Date(Date.now() + (SESSION_IDLE_TIMEOUT_SECONDS - 2 * SESSION_REFRESH_INTERVAL_SECONDS) * 1000);
  await db()
    .updateTable("sessions")
    .set({ expires_at: engine() === "postgres" ? due : due.toISOString() })
    .execute();
}
