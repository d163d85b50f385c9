import { db } from "~/platform/db.server";
import { isTokenShaped, signToken, tokenHash } from "~/platform/signed-token.server";
import { mayViewHorse } from "./owner-access.server";

/**
 * A person's private calendar address for one of their horses: `/owners/calendar/<token>.ics`. The
 * token is signed from the row (so the page can show it again) and only its hash is stored; a new
 * address replaces the row, and the old one stops working. An address works only while its person
 * may see the horse (owner-access.server.ts).
 */

const tokenOf = (row: { user_id: string; horse_id: string; issued_at: string }) =>
  signToken("owner-calendar", `${row.user_id}:${row.horse_id}:${row.issued_at}`);

/** The person's current address token for the horse, or null before they asked for one. */
export async function calendarToken(userId: string, horseId: string): Promise<string | null> {
  const row = await db()
    .selectFrom("owner_calendars")
    .select(["user_id", "horse_id", "issued_at"])
    .where("user_id", "=", userId)
    .where("horse_id", "=", horseId)
    .executeTakeFirst();
  return row ? tokenOf(row) : null;
}

/** A new address for the person and horse (the caller has checked they may see it); the old one ends. */
export async function renewCalendarToken(userId: string, horseId: string, now = new Date()): Promise<string> {
  const old = await db()
    .selectFrom("owner_calendars")
    .select("issued_at")
    .where("user_id", "=", userId)
    .where("horse_id", "=", horseId)
    .executeTakeFirst();
  // Two renewals within a millisecond must still make two addresses.
  const at = old && old.issued_at >= now.toISOString() ? new Date(Date.parse(old.issued_at) + 1) : now;
  const row = { user_id: userId, horse_id: horseId, issued_at: at.toISOString() };
  const token = tokenOf(row);
  await db()
    .insertInto("owner_calendars")
    .values({ ...row, token_hash: tokenHash(token) })
    .onConflict((oc) =>
      oc.columns(["user_id", "horse_id"]).doUpdateSet({ issued_at: row.issued_at, token_hash: tokenHash(token) }),
    )
    .execute();
  return token;
}

/** The horse a live calendar address is for, or null (made up, replaced, or its person may no longer see it). */
export async function calendarHorseOf(token: string): Promise<{ userId: string; horseId: string } | null> {
  if (!isTokenShaped(token)) return null;
  const row = await db()
    .selectFrom("owner_calendars")
    .select(["user_id", "horse_id"])
    .where("token_hash", "=", tokenHash(token))
    .executeTakeFirst();
  if (!row || !(await mayViewHorse(row.user_id, row.horse_id))) return null;
  return { userId: row.user_id, horseId: row.horse_id };
}
