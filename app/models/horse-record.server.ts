import { sql, type Selectable, type Transaction } from "kysely";
import type { Database, HorsesTable } from "@db/schema";
import { db } from "~/platform/db.server";
import { formatDkk } from "~/racing/format";
import { AMOUNT_LIMIT_TEXT, MAX_AMOUNT_ORE } from "~/racing/money";

/**
 * The one writer of a horse's record: its total prize money and its 1st, 2nd and 3rd place counts.
 * No other module names these columns (a test keeps it so). The bounds, and what happens at them,
 * are docs/decisions/0150-one-writer-of-horse-records.md.
 */

export type HorseRecord = { totalPrizeOre: number; firstPlaces: number; secondPlaces: number; thirdPlaces: number };

/** The most places of one kind a horse can have: the form takes up to four digits. */
export const MAX_PLACES = 9999;

export const RECORD_COLUMNS = ["total_prize_ore", "first_places", "second_places", "third_places"] as const;

type RecordRow = Pick<Selectable<HorsesTable>, (typeof RECORD_COLUMNS)[number]>;

export function recordOf(row: RecordRow): HorseRecord {
  return {
    totalPrizeOre: row.total_prize_ore,
    firstPlaces: row.first_places,
    secondPlaces: row.second_places,
    thirdPlaces: row.third_places,
  };
}

/** The record's fields as the activity log names and shows them. */
export const RECORD_LOGGED_FIELDS = {
  total_prize_ore: ["Total Prize Money", formatDkk],
  first_places: "1st Places",
  second_places: "2nd Places",
  third_places: "3rd Places",
} as const;

export class NegativeTotalError extends Error {
  constructor() {
    super("The total prize money cannot be negative");
  }
}

export class TotalTooLargeError extends Error {
  constructor() {
    super(`The total prize money can be at most ${AMOUNT_LIMIT_TEXT}`);
  }
}

function checkTotal(ore: number) {
  if (!Number.isSafeInteger(ore)) throw new RangeError("A total prize money is whole øre");
  if (ore < 0) throw new NegativeTotalError();
  if (ore > MAX_AMOUNT_ORE) throw new TotalTooLargeError();
}

function checkPlaces(...counts: number[]) {
  for (const n of counts) {
    if (!Number.isInteger(n) || n < 0 || n > MAX_PLACES) {
      throw new RangeError(`A place count is a whole number from 0 to ${MAX_PLACES}`);
    }
  }
}

/** The record columns of a horse being inserted (a new horse, one restored from the trash); refused outside the bounds. */
export function recordColumns(record: Partial<HorseRecord>) {
  const { totalPrizeOre = 0, firstPlaces = 0, secondPlaces = 0, thirdPlaces = 0 } = record;
  checkTotal(totalPrizeOre);
  checkPlaces(firstPlaces, secondPlaces, thirdPlaces);
  return {
    total_prize_ore: totalPrizeOre,
    first_places: firstPlaces,
    second_places: secondPlaces,
    third_places: thirdPlaces,
  };
}

/**
 * The horse form's save: the total moves by `prizeDeltaOre` (the total as typed minus the total the
 * form showed, plus the amount added), applied in SQL so that a victory recorded meanwhile is kept;
 * the place counts are set as typed. What the administrator typed is refused outside the bounds
 * (NegativeTotalError, TotalTooLargeError) and nothing changes. False when there is no such horse.
 */
export async function editRecord(
  trx: Transaction<Database>,
  horseId: string,
  edit: { prizeDeltaOre: number; firstPlaces: number; secondPlaces: number; thirdPlaces: number },
): Promise<boolean> {
  const delta = edit.prizeDeltaOre;
  if (!Number.isSafeInteger(delta)) throw new RangeError("A change of the total is whole øre");
  checkPlaces(edit.firstPlaces, edit.secondPlaces, edit.thirdPlaces);
  const row = await trx
    .updateTable("horses")
    .set({
      total_prize_ore: sql`total_prize_ore + ${delta}`,
      first_places: edit.firstPlaces,
      second_places: edit.secondPlaces,
      third_places: edit.thirdPlaces,
    })
    .where("id", "=", horseId)
    .where(sql<boolean>`total_prize_ore + ${delta} >= 0`)
    .where(sql<boolean>`total_prize_ore + ${delta} <= ${MAX_AMOUNT_ORE}`)
    .returning("id")
    .executeTakeFirst();
  if (row) return true;
  const exists = await trx.selectFrom("horses").select("id").where("id", "=", horseId).executeTakeFirst();
  if (!exists) return false;
  throw delta < 0 ? new NegativeTotalError() : new TotalTooLargeError();
}

/**
 * A change that follows from another record (a victory, a race result, their undo): each part is
 * added to the horse's record. A horse that is gone (null, or deleted) is left out.
 */
export type RecordChange = {
  horseId: string | null;
  prizeOre?: number;
  firstPlaces?: number;
  secondPlaces?: number;
  thirdPlaces?: number;
};

const PARTS = [
  ["prizeOre", "total_prize_ore", MAX_AMOUNT_ORE],
  ["firstPlaces", "first_places", MAX_PLACES],
  ["secondPlaces", "second_places", MAX_PLACES],
  ["thirdPlaces", "third_places", MAX_PLACES],
] as const;

type Part = (typeof PARTS)[number][0];

/**
 * Applies changes that follow from other records, inside the caller's transaction. They are merged
 * per horse, so only the net difference is applied (a count lowered by hand is not pushed back up by
 * an edit that keeps the placing), as SQL increments (never read and written back, so simultaneous
 * changes cannot lose one another). Such a change is never refused on account of the horse: each
 * column stops at its bounds, 0 and the maximum (a total lowered by hand may hold less than the
 * prize being taken off).
 */
export async function moveRecords(trx: Transaction<Database>, changes: RecordChange[]) {
  const net = new Map<string, Record<Part, number>>();
  for (const change of changes) {
    if (!change.horseId) continue;
    const sum = net.get(change.horseId) ?? { prizeOre: 0, firstPlaces: 0, secondPlaces: 0, thirdPlaces: 0 };
    for (const [part] of PARTS) {
      const delta = change[part] ?? 0;
      if (!Number.isSafeInteger(delta)) throw new RangeError(`A change of ${part} is a whole number`);
      sum[part] += delta;
    }
    net.set(change.horseId, sum);
  }
  // One order for every writer, so two transactions moving records of the same horses cannot deadlock.
  for (const horseId of [...net.keys()].sort()) {
    const sum = net.get(horseId)!;
    const set = Object.fromEntries(
      PARTS.filter(([part]) => sum[part] !== 0).map(([part, column, max]) => [column, bounded(column, sum[part], max)]),
    );
    if (Object.keys(set).length) await trx.updateTable("horses").set(set).where("id", "=", horseId).execute();
  }
}

function bounded(column: string, delta: number, max: number) {
  const next = sql`${sql.ref(column)} + ${delta}`;
  return sql`case when ${next} < 0 then 0 when ${next} > ${sql.lit(max)} then ${sql.lit(max)} else ${next} end`;
}

/** How many of a horse's 1st, 2nd and 3rd places came from results recorded on the Runners tab. */
export type PlacesFromResults = { first: number; second: number; third: number };

/** The places a horse's recorded results added to its counts (the rest were typed on its form). */
export async function placesFromResults(horseId: string): Promise<PlacesFromResults> {
  const rows = await db()
    .selectFrom("runners")
    .select(["position", sql<number>`count(*)`.as("count")])
    .where("horse_id", "=", horseId)
    .where("result_at", "is not", null)
    .where("position", "in", [1, 2, 3])
    .groupBy("position")
    .execute();
  const count = (position: number) => Number(rows.find((r) => Number(r.position) === position)?.count ?? 0);
  return { first: count(1), second: count(2), third: count(3) };
}
