import { hitRateLimit, clearRateLimit, type RateLimitRule } from "./rate-limit.server";

const MINUTE = 60_000;

/** Limits on the sign-in and reset forms, counted in the database (shared by every instance). */
export const AUTH_LIMITS = {
  signInPerEmail: { limit: 5, windowMs: 15 * MINUTE },
  signInPerIp: { limit: 20, windowMs: 15 * MINUTE },
  resetPerEmail: { limit: 3, windowMs: 60 * MINUTE },
  resetPerIp: { limit: 10, windowMs: 60 * MINUTE },
} satisfies Record<string, RateLimitRule>;

export type LimitVerdict = { allowed: true } | { allowed: false; retryAfterSeconds: number };

/** Counts one attempt against every key; refused when any of them is over its limit. */
export async function countAttempt(keys: Array<[string, RateLimitRule]>): Promise<LimitVerdict> {
  let retryAfterSeconds = 0;
  for (const [key, rule] of keys) {
    const result = await hitRateLimit(key, rule);
    if (!result.allowed) retryAfterSeconds = Math.max(retryAfterSeconds, result.retryAfterSeconds);
  }
  return retryAfterSeconds > 0 ? { allowed: false, retryAfterSeconds } : { allowed: true };
}

export function signInKeys(email: string, ip: string): Array<[string, RateLimitRule]> {
  return [
    [`sign-in:email:${email}`, AUTH_LIMITS.signInPerEmail],
    [`sign-in:ip:${ip}`, AUTH_LIMITS.signInPerIp],
  ];
}

export function resetKeys(email: string, ip: string): Array<[string, RateLimitRule]> {
  return [
    [`reset:email:${email}`, AUTH_LIMITS.resetPerEmail],
    [`reset:ip:${ip}`, AUTH_LIMITS.resetPerIp],
  ];
}

/** A successful sign-in forgets the failed attempts against that e-mail. */
export async function forgetSignInAttempts(email: string) {
  await clearRateLimit(`sign-in:email:${email}`);
}

export function waitMessage(what: string, retryAfterSeconds: number) {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  return `Too many ${what}. Please wait ${minutes} minute${minutes === 1 ? "" : "s"} and try again.`;
}
