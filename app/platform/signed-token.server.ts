import crypto from "node:crypto";
import { getSecret } from "./secrets.server";

/**
 * Tokens for links that work without signing in (invitations, calendar addresses, unsubscribe
 * links). A signed token is made from a row's own values with the site secret, so it can be shown
 * again without being stored; a random one is made once. The database keeps only hashes.
 */

/** An HMAC of `payload` for one purpose: 43 URL-safe characters. */
export function signToken(purpose: string, payload: string) {
  return crypto.createHmac("sha256", getSecret("SESSION_SECRET")).update(`${purpose}:${payload}`).digest("base64url");
}

/** 32 random bytes: 43 URL-safe characters. */
export function randomToken() {
  return crypto.randomBytes(32).toString("base64url");
}

/** What the database keeps of a token. */
export function tokenHash(token: string) {
  return crypto.createHash("sha256").update(token).digest("base64url");
}

/** A token has the shape of one of these; anything else is refused before the database is asked. */
export function isTokenShaped(token: unknown): token is string {
  return typeof token === "string" && /^[A-Za-z0-9_-]{43}$/.test(token);
}

/** Whether two signatures are the same, in constant time. */
export function sameToken(a: string, b: string) {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && crypto.timingSafeEqual(left, right);
}
