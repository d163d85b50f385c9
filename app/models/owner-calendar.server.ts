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

/**
 * A person's private calendar address for all the horses they follow: the same address shape and
 * rules (decision 0244), one row per person; a new one ends the old, and it goes with their access.
 */
const allTokenOf = (row: { user_id: string; issued_at: string }) =>
  signToken("owner-calendar-all", `${row.user_id}:${row.issued_at}`);

/** The person's address token for all their horses, or null before they asked for one. */
export async function allHorsesCalendarToken(userId: string): Promise<string | null> {
  const row = await db()
    .selectFrom("owner_all_calendars")
    .select(["user_id", "issued_at"])
    .where("user_id", "=", userId)
    .executeTakeFirst();
  return row ? allTokenOf(row) : null;
}

/** A new address for all the person's horses; the old one ends. */
export async function renewAllHorsesCalendar(userId: string, now = new Date()): Promise<string> {
  const old = await db()
    .selectFrom("owner_all_calendars")
    .select("issued_at")
    .where("user_id", "=", userId)
    .executeTakeFirst();
  const at = old && old.issued_at >= now.toISOString() ? new Date(Date.parse(old.issued_at) + 1) : now;
  const row = { user_id: userId, issued_at: at.toISOString() };
  const token = allTokenOf(row);
  await db()
    .insertInto("owner_all_calendars")
    .values({ ...row, token_hash: tokenHash(token) })
    .onConflict((oc) => oc.column("user_id").doUpdateSet({ issued_at: row.issued_at, token_hash: tokenHash(token) }))
    .execute();
  return token;
}

/** The person a live all-horses address is for, or null (made up, replaced, or their access ended). */
export async function allHorsesCalendarOf(token: string): Promise<{ userId: string } | null> {
  if (!isTokenShaped(token)) return null;
  const row = await db()
    .selectFrom("owner_all_calendars")
    .innerJoin("owner_accounts", "owner_accounts.user_id", "owner_all_calendars.user_id")
    .select("owner_all_calendars.user_id")
    .where("owner_all_calendars.token_hash", "=", tokenHash(token))
    .where("owner_accounts.state", "=", "active")
    .executeTakeFirst();
  return row ? { userId: row.user_id } : null;
}
