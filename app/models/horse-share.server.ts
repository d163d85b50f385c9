import { sql, type Kysely } from "kysely";
import type { Database } from "@db/schema";
import { db, lockFor } from "~/platform/db.server";
import { recordActivity } from "./activity.server";
import { isIsoDay, sharePercentText, WHOLE_HUNDREDTHS } from "./billing-terms";
import { InvalidBillingFactError } from "./horse-status.server";

/**
 * Who owns which part of a horse from which day (decision 0283): all the rows of a horse with one
 * `valid_from` are its set of parts from that date until the next set's; a sale or a transfer is a
 * new set from its date. A part without an owner is the stable's own. A set that does not add up to
 * 100 % may be stored (a sale typed in one owner at a time); billing reports those days instead of
 * billing them.
 */

type Q = Kysely<Database>;

/** One part; `ownerId` null: the stable's own part. */
export type ShareInput = { ownerId: string | null; hundredths: number };
export type ShareSetRow = { horseId: string; validFrom: string; parts: ShareInput[] };

/** A part names someone who is not an owner, or a set names an owner twice or a part out of range. */
export class InvalidSharesError extends Error {
  constructor(readonly reason: "owner" | "part" | "twice" | "empty") {
    super(`The shares are not valid (${reason})`);
    this.name = "InvalidSharesError";
  }
}

/**
 * Stores the horse's set of parts from `validFrom`, replacing the set of that date, logged. Answers
 * the set's total in hundredths (10000 when it adds up), or null when there is no such live horse.
 */
export async function saveShareSet(
  horseId: string,
  validFrom: string,
  parts: readonly ShareInput[],
  now = new Date(),
): Promise<{ totalHundredths: number } | null> {
  if (!isIsoDay(validFrom)) throw new InvalidBillingFactError("date");
  if (parts.length === 0) throw new InvalidSharesError("empty");
  if (parts.some((p) => !Number.isInteger(p.hundredths) || p.hundredths < 1 || p.hundredths > WHOLE_HUNDREDTHS)) {
    throw new InvalidSharesError("part");
  }
  if (new Set(parts.map((p) => p.ownerId ?? "")).size !== parts.length) throw new InvalidSharesError("twice");
  return db()
    .transaction()
    .execute(async (trx) => {
      await lockFor(trx, `horse-shares:${horseId}`);
      const horse = await trx.selectFrom("horses").select("name").where("id", "=", horseId).executeTakeFirst();
      if (!horse) return null;
      const ownerIds = parts.flatMap((p) => (p.ownerId ? [p.ownerId] : []));
      const owners = ownerIds.length
        ? await trx
            .selectFrom("owner_accounts")
            .select(["user_id", "name"])
            .where("user_id", "in", ownerIds)
            .where("role", "=", "owner")
            .execute()
        : [];
      if (owners.length !== ownerIds.length) throw new InvalidSharesError("owner");
      await trx
        .deleteFrom("horse_shares")
        .where("horse_id", "=", horseId)
        .where("valid_from", "=", validFrom)
        .execute();
      await trx
        .insertInto("horse_shares")
        .values(
          parts.map((p) => ({
            id: crypto.randomUUID(),
            horse_id: horseId,
            valid_from: validFrom,
            owner_id: p.ownerId,
            hundredths: p.hundredths,
            created_at: now.toISOString(),
          })),
        )
        .execute();
      const total = parts.reduce((sum, p) => sum + p.hundredths, 0);
      const names = new Map(owners.map((o) => [o.user_id, o.name]));
      const shown = parts
        .map((p) => `${p.ownerId ? names.get(p.ownerId) : "the stable"} ${sharePercentText(p.hundredths)} %`)
        .join(", ");
      await recordActivity(
        {
          kind: "update",
          entity: "horse",
          entityId: horseId,
          summary: `Shares from ${validFrom}: ${horse.name}, ${shown}`,
          changes:
            total === WHOLE_HUNDREDTHS
              ? []
              : [{ field: "Shares add up to", old: null, new: `${sharePercentText(total)} %` }],
        },
        { trx },
      );
      return { totalHundredths: total };
    });
}

/** Removes the set of parts of a date, logged. False: there was none. */
export async function removeShareSet(horseId: string, validFrom: string) {
  return db()
    .transaction()
    .execute(async (trx) => {
      const gone = await trx
        .deleteFrom("horse_shares")
        .where("horse_id", "=", horseId)
        .where("valid_from", "=", validFrom)
        .executeTakeFirst();
      if (Number(gone.numDeletedRows) === 0) return false;
      const horse = await trx.selectFrom("horses").select("name").where("id", "=", horseId).executeTakeFirst();
      await recordActivity(
        {
          kind: "delete",
          entity: "horse",
          entityId: horseId,
          summary: `Shares from ${validFrom} removed: ${horse?.name ?? horseId}`,
        },
        { trx },
      );
      return true;
    });
}

/** The sets of parts of the horses given (all when none are given), by horse and date. */
export async function shareSets(horseIds?: readonly string[], q: Q = db()): Promise<ShareSetRow[]> {
  if (horseIds && horseIds.length === 0) return [];
  // Parts of equal size keep the order of the owners' customer numbers (the stable's own part last),
  // so an øre left over by a split goes to the same owner on every run (decision 0283).
  const rows = await q
    .selectFrom("horse_shares as s")
    .leftJoin("owner_accounts as o", "o.user_id", "s.owner_id")
    .select(["s.horse_id", "s.valid_from", "s.owner_id", "s.hundredths"])
    .$if(!!horseIds, (qb) => qb.where("s.horse_id", "in", horseIds!))
    .orderBy("s.horse_id")
    .orderBy("s.valid_from")
    .orderBy("s.hundredths", "desc")
    .orderBy(sql`coalesce(o.customer_no, 2147483647)`)
    .orderBy("s.owner_id")
    .execute();
  const sets: ShareSetRow[] = [];
  for (const r of rows) {
    let last = sets[sets.length - 1];
    if (!last || last.horseId !== r.horse_id || last.validFrom !== r.valid_from) {
      last = { horseId: r.horse_id, validFrom: r.valid_from, parts: [] };
      sets.push(last);
    }
    last.parts.push({ ownerId: r.owner_id, hundredths: Number(r.hundredths) });
  }
  return sets;
}

/** The horses that have parts or a status: the horses billing looks at. */
export async function billedHorseIds(q: Q = db()): Promise<string[]> {
  const rows = await q
    .selectFrom("horse_shares")
    .select("horse_id")
    .union(q.selectFrom("horse_statuses").select("horse_id"))
    .execute();
  return [...new Set(rows.map((r) => r.horse_id))].sort();
}

/** Whether the owner holds a part of the horse on the day (in the set in effect then). */
export async function holdsPartOn(ownerId: string, horseId: string, day: string, q: Q = db()) {
  const current = await q
    .selectFrom("horse_shares")
    .select((eb) => eb.fn.max("valid_from").as("from"))
    .where("horse_id", "=", horseId)
    .where("valid_from", "<=", day)
    .executeTakeFirst();
  if (!current?.from) return false;
  const row = await q
    .selectFrom("horse_shares")
    .select("id")
    .where("horse_id", "=", horseId)
    .where("valid_from", "=", current.from)
    .where("owner_id", "=", ownerId)
    .executeTakeFirst();
  return !!row;
}
