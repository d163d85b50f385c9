import { sql } from "kysely";
import { db } from "./db.server";

export type RateLimitRule = { limit: number; windowMs: number };
export type RateLimitResult = { allowed: boolean; count: number; retryAfterSeconds: number };

/**
 * Counts one attempt against `key` in a fixed window kept in the database, so limits hold across
 * restarts and across instances that share it. One atomic upsert: no read-then-write race.
 */
export async function hitRateLimit(key: string, rule: RateLimitRule, now = new Date()): Promise<RateLimitResult> {
  const nowIso = now.toISOString();
  const resetAt = new Date(now.getTime() + rule.windowMs).toISOString();
  const row = await db()
    .insertInto("rate_limits")
    .values({ key, count: 1, reset_at: resetAt })
    .onConflict((oc) =>
      oc.column("key").doUpdateSet({
        count: sql`case when rate_limits.reset_at <= ${nowIso} then 1 else rate_limits.count + 1 end`,
        reset_at: sql`case when rate_limits.reset_at <= ${nowIso} then excluded.reset_at else rate_limits.reset_at end`,
      }),
    )
    .returning(["count", "reset_at"])
    .executeTakeFirstOrThrow();
  const retryAfterSeconds = Math.max(1, Math.ceil((Date.parse(row.reset_at) - now.getTime()) / 1000));
  return { allowed: row.count <= rule.limit, count: row.count, retryAfterSeconds };
}

/** Forgets attempts against `key` (e.g. after a successful sign-in). */
export async function clearRateLimit(key: string) {
  await db().deleteFrom("rate_limits").where("key", "=", key).execute();
}

export async function pruneRateLimits(now = new Date()) {
  await db().deleteFrom("rate_limits").where("reset_at", "<=", now.toISOString()).execute();
}
