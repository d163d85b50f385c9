import { createHash } from "node:crypto";
import { sql } from "kysely";
import { db } from "./db.server";

export type RateLimitRule = { limit: number; windowMs: number };
export type RateLimitResult = { allowed: boolean; count: number; retryAfterSeconds: number };

/**
 * What is stored for a key: its SHA-256, so a row is the same small size whatever a client put in
 * the key (an e-mail field, say), and no address or e-mail is kept in plain text.
 */
export function storedKey(key: string) {
  const [scope] = key.split(":", 1);
  return `${scope}:${createHash("sha256").update(key).digest("base64url")}`;
}

function retryAfter(resetAt: string, now: Date) {
  return Math.max(1, Math.ceil((Date.parse(resetAt) - now.getTime()) / 1000));
}

/**
 * Counts one attempt against `key` in a fixed window kept in the database, so limits hold across
 * restarts and across instances that share it. A key already at its limit is answered from its
 * row without writing anything; otherwise one atomic upsert counts the attempt (no read-then-write
 * race on the count itself).
 */
export async function hitRateLimit(key: string, rule: RateLimitRule, now = new Date()): Promise<RateLimitResult> {
  const id = storedKey(key);
  const nowIso = now.toISOString();
  const current = await db()
    .selectFrom("rate_limits")
    .select(["count", "reset_at"])
    .where("key", "=", id)
    .executeTakeFirst();
  if (current && current.reset_at > nowIso && Number(current.count) >= rule.limit) {
    return { allowed: false, count: Number(current.count), retryAfterSeconds: retryAfter(current.reset_at, now) };
  }
  const resetAt = new Date(now.getTime() + rule.windowMs).toISOString();
  const row = await db()
    .insertInto("rate_limits")
    .values({ key: id, count: 1, reset_at: resetAt })
    .onConflict((oc) =>
      oc.column("key").doUpdateSet({
        count: sql`case when rate_limits.reset_at <= ${nowIso} then 1 else rate_limits.count + 1 end`,
        reset_at: sql`case when rate_limits.reset_at <= ${nowIso} then excluded.reset_at else rate_limits.reset_at end`,
      }),
    )
    .returning(["count", "reset_at"])
    .executeTakeFirstOrThrow();
  const count = Number(row.count);
  return { allowed: count <= rule.limit, count, retryAfterSeconds: retryAfter(row.reset_at, now) };
}

/** Forgets attempts against `key` (e.g. after a successful sign-in). */
export async function clearRateLimit(key: string) {
  await db().deleteFrom("rate_limits").where("key", "=", storedKey(key)).execute();
}

/** Removes windows that have ended (run on a schedule, see housekeeping.server.ts). */
export async function pruneRateLimits(now = new Date()) {
  const result = await db().deleteFrom("rate_limits").where("reset_at", "<=", now.toISOString()).executeTakeFirst();
  return Number(result.numDeletedRows);
}
