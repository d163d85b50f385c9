import crypto from "node:crypto";
import { getSecret } from "./secrets.server";

/**
 * A signed "this form was served at" time, put in a hidden field. A bot that posts the instant it
 * loads the page (or never loads it) is refused; a person always takes longer than the minimum.
 */
function sign(issuedAt: string) {
  return crypto.createHmac("sha256", getSecret("SESSION_SECRET")).update(`form-stamp:${issuedAt}`).digest("base64url");
}

export function issueFormStamp(now = new Date()) {
  const issuedAt = String(now.getTime());
  return `${issuedAt}.${sign(issuedAt)}`;
}

export type StampCheck = "ok" | "too-fast" | "invalid";

export function checkFormStamp(stamp: unknown, minFillMs: number, now = new Date()): StampCheck {
  if (typeof stamp !== "string") return "invalid";
  const [issuedAt, signature] = stamp.split(".");
  if (!issuedAt || !signature || !/^\d{1,15}$/.test(issuedAt)) return "invalid";
  const expected = Buffer.from(sign(issuedAt));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !crypto.timingSafeEqual(given, expected)) return "invalid";
  return now.getTime() - Number(issuedAt) >= minFillMs ? "ok" : "too-fast";
}
