import crypto from "node:crypto";
import { markFormStampUsed } from "~/models/used-form-stamp.server";
import { getSecret } from "~/platform/secrets.server";

/** A page older than this has to be reloaded before its form is accepted. */
export const FORM_STAMP_TTL_MS = 24 * 60 * 60 * 1000;

/**
 * A signed "this form was served at" time with a random part, put in a hidden field. A bot that
 * posts the instant it loads the page (or never loads it) is refused; a person always takes longer
 * than the minimum. A stamp expires after a day and is accepted once (see useFormStamp).
 */
function sign(payload: string) {
  return crypto.createHmac("sha256", getSecret("SESSION_SECRET")).update(`form-stamp:${payload}`).digest("base64url");
}

/**
 * What a page rendered to be shared holds in place of its stamp: the edge puts a fresh stamp there in
 * every response (server/page-encoding.ts), so the page itself can be cached. Random per process, so
 * nothing typed into a page or sent by a client can pass for it.
 */
export const FORM_STAMP_SLOT = `form-stamp-slot-${crypto.randomBytes(12).toString("base64url")}`;

/** The request header by which the edge asks a render for the slot (its value: the slot). */
export const FORM_STAMP_SLOT_HEADER = "x-stable-form-stamp-slot";

/** The stamp a page renders: the slot when the edge will fill it in each response, else a stamp of its own. */
export function formStampFor(request: Request) {
  return request.headers.get(FORM_STAMP_SLOT_HEADER) === FORM_STAMP_SLOT ? FORM_STAMP_SLOT : issueFormStamp();
}

export function issueFormStamp(now = new Date()) {
  const payload = `${now.getTime()}.${crypto.randomBytes(9).toString("base64url")}`;
  return `${payload}.${sign(payload)}`;
}

export type StampCheck = "ok" | "too-fast" | "expired" | "invalid";

/** Checks a stamp's signature and age; nothing is written (useFormStamp does that). */
export function checkFormStamp(stamp: unknown, minFillMs: number, now = new Date()): StampCheck {
  if (typeof stamp !== "string" || stamp.length > 200) return "invalid";
  const [issuedAt, nonce, signature, ...rest] = stamp.split(".");
  if (!issuedAt || !nonce || !signature || rest.length || !/^\d{1,15}$/.test(issuedAt)) return "invalid";
  const expected = Buffer.from(sign(`${issuedAt}.${nonce}`));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !crypto.timingSafeEqual(given, expected)) return "invalid";
  const age = now.getTime() - Number(issuedAt);
  if (age > FORM_STAMP_TTL_MS) return "expired";
  return age >= minFillMs ? "ok" : "too-fast";
}

/** Uses a checked stamp up: true the first time, false for every later form carrying it. */
export async function useFormStamp(stamp: string) {
  const issuedAt = Number(stamp.split(".", 1)[0]);
  const hash = crypto.createHash("sha256").update(stamp).digest("base64url");
  return markFormStampUsed(hash, new Date(issuedAt + FORM_STAMP_TTL_MS));
}
