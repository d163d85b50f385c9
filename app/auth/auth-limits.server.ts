import crypto from "node:crypto";
import { hitRateLimit, clearRateLimit, type RateLimitRule } from "~/platform/rate-limit.server";
import { getSecret } from "~/platform/secrets.server";

const MINUTE = 60_000;

/**
 * Limits on the sign-in and reset forms, counted in the database (shared by every instance); see
 * docs/decisions/0025-rate-limits-for-sign-in-and-reset.md for why these keys and numbers.
 */
export const AUTH_LIMITS = {
  signInPerIp: { limit: 20, windowMs: 15 * MINUTE },
  /** One address guessing one account's password: locks that address out, nobody else. */
  signInPerEmailAndIp: { limit: 5, windowMs: 15 * MINUTE },
  /** Guessing spread over many addresses; a browser the account has signed in from is not held back by it. */
  signInPerEmail: { limit: 30, windowMs: 60 * MINUTE },
  resetPerEmail: { limit: 3, windowMs: 60 * MINUTE },
  resetPerIp: { limit: 10, windowMs: 60 * MINUTE },
  /** Setting a password with an invitation link: as many tries as sign-in allows one address. */
  acceptPerIp: { limit: 20, windowMs: 15 * MINUTE },
  /** An owner's invitations and resends together (five guests at most): room to correct typos, none to mail-bomb with. */
  guestInvitePerOwner: { limit: 10, windowMs: 60 * MINUTE },
  guestInvitePerIp: { limit: 20, windowMs: 60 * MINUTE },
  /** One person invited, by anyone: the invitation and its resends, so no address is mail-bombed. */
  guestInvitePerRecipient: { limit: 3, windowMs: 24 * 60 * MINUTE },
} satisfies Record<string, RateLimitRule>;

export type LimitVerdict = { allowed: true } | { allowed: false; retryAfterSeconds: number };

/**
 * Counts one attempt against the keys in order and stops at the first refusal, so an attempt
 * refused by its client address's limit adds nothing to the others (nor, see hitRateLimit, to it).
 */
export async function countAttempt(keys: Array<[string, RateLimitRule]>): Promise<LimitVerdict> {
  for (const [key, rule] of keys) {
    const result = await hitRateLimit(key, rule);
    if (!result.allowed) return { allowed: false, retryAfterSeconds: result.retryAfterSeconds };
  }
  return { allowed: true };
}

/** `network` is the client's network (clientNetwork): an IPv6 /64 counts as one client. */
export function signInKeys(
  email: string,
  network: string,
  { knownDevice }: { knownDevice: boolean },
): Array<[string, RateLimitRule]> {
  return [
    [`sign-in:ip:${network}`, AUTH_LIMITS.signInPerIp],
    [`sign-in:email-ip:${email}\n${network}`, AUTH_LIMITS.signInPerEmailAndIp],
    ...(knownDevice ? [] : [[`sign-in:email:${email}`, AUTH_LIMITS.signInPerEmail] as [string, RateLimitRule]]),
  ];
}

export function resetKeys(email: string, network: string): Array<[string, RateLimitRule]> {
  return [
    [`reset:ip:${network}`, AUTH_LIMITS.resetPerIp],
    [`reset:email:${email}`, AUTH_LIMITS.resetPerEmail],
  ];
}

export function acceptKeys(network: string): Array<[string, RateLimitRule]> {
  return [[`invitation:ip:${network}`, AUTH_LIMITS.acceptPerIp]];
}

export function guestInviteKeys(ownerId: string, network: string): Array<[string, RateLimitRule]> {
  return [
    [`guest-invite:ip:${network}`, AUTH_LIMITS.guestInvitePerIp],
    [`guest-invite:owner:${ownerId}`, AUTH_LIMITS.guestInvitePerOwner],
  ];
}

/** Invitations and resends to one address (normalised), from any owner. */
export function guestRecipientKeys(email: string): Array<[string, RateLimitRule]> {
  return [[`guest-invite:to:${email.trim().toLowerCase()}`, AUTH_LIMITS.guestInvitePerRecipient]];
}

/** A successful sign-in forgets the failed attempts of that e-mail from that network. */
export async function forgetSignInAttempts(email: string, network: string) {
  await clearRateLimit(`sign-in:email-ip:${email}\n${network}`);
}

export function waitMessage(what: string, retryAfterSeconds: number) {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  return `Too many ${what}. Please wait ${minutes} minute${minutes === 1 ? "" : "s"} and try again.`;
}

const KNOWN_DEVICE_COOKIE = "stable_known_device";
const KNOWN_DEVICE_DAYS = 90;

function deviceMark(email: string) {
  return crypto.createHmac("sha256", getSecret("SESSION_SECRET")).update(`known-device:${email}`).digest("base64url");
}

/**
 * Set after a successful sign-in: this browser has signed in to the account before, so guessing
 * from elsewhere against the account does not lock it out here.
 */
export function knownDeviceCookie(email: string) {
  const maxAge = KNOWN_DEVICE_DAYS * 24 * 60 * 60;
  return `${KNOWN_DEVICE_COOKIE}=${deviceMark(email)}; Path=/; Max-Age=${maxAge}; HttpOnly; SameSite=Lax`;
}

export function isKnownDevice(cookieHeader: string | null, email: string) {
  const value = cookieHeader
    ?.split(";")
    .map((c) => c.trim())
    .find((c) => c.startsWith(`${KNOWN_DEVICE_COOKIE}=`))
    ?.slice(KNOWN_DEVICE_COOKIE.length + 1);
  if (!value) return false;
  const expected = Buffer.from(deviceMark(email));
  const given = Buffer.from(value);
  return given.length === expected.length && crypto.timingSafeEqual(given, expected);
}
