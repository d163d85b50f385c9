import { db } from "~/platform/db.server";

/**
 * Records a form stamp as used, kept until it would have expired anyway. False when it was used
 * before: one atomic insert, so two posts of the same form cannot both get through.
 */
export async function markFormStampUsed(stampHash: string, expiresAt: Date) {
  const result = await db()
    .insertInto("used_form_stamps")
    .values({ stamp_hash: stampHash, expires_at: expiresAt.toISOString() })
    .onConflict((oc) => oc.column("stamp_hash").doNothing())
    .returning("stamp_hash")
    .executeTakeFirst();
  return result !== undefined;
}

/** Forgets stamps that have expired: they are refused by their age now. */
export async function pruneUsedFormStamps(now = new Date()) {
  const result = await db()
    .deleteFrom("used_form_stamps")
    .where("expires_at", "<=", now.toISOString())
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
