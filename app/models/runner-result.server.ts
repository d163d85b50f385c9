import { sql, type Transaction } from "kysely";
import type { Database } from "@db/schema";
import { db } from "~/platform/db.server";
import { findVictory, recordWin, type NewWinner } from "./winner.server";
import { moveRecords, type RecordChange } from "./horse-record.server";
import type { RaceDetails } from "./race.server";
import { changeRunner, RunnerStatusError, type StoredRunner } from "./runner-change.server";

/**
 * A runner's result and what it does to its horse: the 1st, 2nd and 3rd counts, the prize on the
 * total, and a win's victory (kept by the Winners model, which keeps its prize). Recording,
 * correcting, moving and removing a result go through here; the horse's race record is read here.
 */

export type RunnerResult = {
  /** 1 to 30; null when the horse did not finish. */
  position: number | null;
  didNotFinish: boolean;
  prizeOre: number | null;
};

/**
 * A result's prize as the pages show it, in a query of runners `r` joined to their victories `w`:
 * a win's lives on its victory (the Winners tab may correct it there).
 */
export const resultPrize = () => sql<number | null>`coalesce(w.prize_ore, r.prize_ore)`;

/** What a result does to the horse: which counter it adds to, and whether it is a victory. */
export type Outcome = { horseId: string; result: RunnerResult } | null;

export const isWin = (outcome: Outcome) => outcome?.result.position === 1;

export function outcomeOf(row: StoredRunner): Outcome {
  if (!row.result_at) return null;
  return {
    horseId: row.horse_id,
    result: {
      position: row.position,
      didNotFinish: Number(row.did_not_finish) === 1,
      prizeOre: row.prize_ore === null ? null : Number(row.prize_ore),
    },
  };
}

/**
 * What a result adds to its horse's record (taken off again with `sign` -1): a 1st, 2nd or 3rd
 * place, and the prize of any placing but a win (a win's prize lives on its victory).
 */
function recordChangeOf(outcome: Outcome, sign: 1 | -1): RecordChange[] {
  if (!outcome) return [];
  const { position, prizeOre } = outcome.result;
  return [
    {
      horseId: outcome.horseId,
      firstPlaces: position === 1 ? sign : 0,
      secondPlaces: position === 2 ? sign : 0,
      thirdPlaces: position === 3 ? sign : 0,
      prizeOre: isWin(outcome) ? 0 : sign * (prizeOre ?? 0),
    },
  ];
}

/** Moves the place counts and the prizes of any placing but a win from `before` to `after` (only the differences). */
export async function moveCountsAndPrizes(trx: Transaction<Database>, before: Outcome, after: Outcome) {
  await moveRecords(trx, [...recordChangeOf(before, -1), ...recordChangeOf(after, 1)]);
}

/** What the victory of a win says about its race. */
export type VictoryRace = Omit<NewWinner, "horseId" | "prizeOre">;

export function raceOf(details: RaceDetails): VictoryRace {
  return {
    raceName: details.raceName,
    raceDate: details.raceDate,
    track: details.track,
    distance: details.distance,
    jockey: details.jockey,
  };
}

/** The race of a stored runner, as its victory says it. */
export function storedRaceOf(row: StoredRunner): VictoryRace {
  return raceOf({
    raceName: row.race_name,
    raceDate: row.race_date,
    track: row.track,
    distance: row.distance,
    jockey: row.jockey,
  });
}

/**
 * Moves a runner's effects on its horse from `before` to `after`, inside the caller's transaction
 * (holding lockVictories): the 1st/2nd/3rd counts and any placing's prize but a win's, and a win's
 * victory, kept in step by the Winners model (which keeps its prize on the total). Returns the
 * runner's victory and a photo no longer used.
 */
export async function moveOutcome(
  trx: Transaction<Database>,
  victoryId: string | null,
  before: Outcome,
  after: Outcome,
  race: VictoryRace,
): Promise<{ victoryId: string | null; droppedPhotoUrl: string | null }> {
  await moveCountsAndPrizes(trx, before, after);
  const win = after && isWin(after) ? { ...race, horseId: after.horseId, prizeOre: after.result.prizeOre } : null;
  return recordWin(trx, isWin(before) ? victoryId : null, win);
}

/** The runner's result with a win's prize as its victory now holds it. */
export async function currentResult(trx: Transaction<Database>, row: StoredRunner, outcome: NonNullable<Outcome>) {
  if (!isWin(outcome) || !row.victory_id) return outcome.result;
  const victory = await findVictory(trx, row.victory_id);
  return victory
    ? { ...outcome.result, prizeOre: victory.prize_ore === null ? null : Number(victory.prize_ore) }
    : outcome.result;
}

export class RaceNotRunError extends Error {
  constructor() {
    super("A result can be recorded from the race day on");
  }
}

/**
 * Records (or corrects) a runner's result in one transaction: a win creates or updates its
 * victory as the Winners tab would (prize on the total) and counts a 1st place; a 2nd or 3rd counts
 * its place; any other placing's prize goes on the total too. `today` is the Danish date: a race
 * still ahead cannot have a result. Returns null when there is no such runner.
 */
export async function recordResult(
  id: string,
  result: RunnerResult,
  today: string,
): Promise<{ replacedImageUrl: string | null } | null> {
  return changeRunner(
    id,
    "Result recorded",
    async (trx, before) => {
      if (before.race_date > today) throw new RaceNotRunError();
      if (before.status === "withdrawn") throw new RunnerStatusError("withdrawn");
      const next: RunnerResult = result.didNotFinish
        ? { position: null, didNotFinish: true, prizeOre: result.prizeOre }
        : result;
      const { victoryId, droppedPhotoUrl } = await moveOutcome(
        trx,
        before.victory_id,
        outcomeOf(before),
        { horseId: before.horse_id, result: next },
        storedRaceOf(before),
      );
      const set = {
        position: next.position,
        did_not_finish: next.didNotFinish ? 1 : 0,
        prize_ore: next.prizeOre,
        result_at: new Date().toISOString(),
        victory_id: victoryId,
      };
      return { set, droppedPhotoUrl };
    },
    (before, after) => (before.result_at && sameResult(before, after) ? null : "result"),
  );
}

function sameResult(a: StoredRunner, b: StoredRunner) {
  return (
    a.position === b.position &&
    Number(a.did_not_finish) === Number(b.did_not_finish) &&
    (a.prize_ore === null ? null : Number(a.prize_ore)) === (b.prize_ore === null ? null : Number(b.prize_ore))
  );
}

export type RaceRecordEntry = {
  id: string;
  raceName: string;
  raceDate: string;
  track: string | null;
  distance: string | null;
  jockey: string | null;
  position: number | null;
  didNotFinish: boolean;
  prizeOre: number | null;
  /** The result came from Dansk Hestevæddeløb (the page names its source). */
  fromDh: boolean;
};

export type RaceRecord = {
  entries: RaceRecordEntry[];
  runs: number;
  wins: number;
  /** 2nd and 3rd places. */
  places: number;
};

/**
 * A horse's race record, newest first: its runners with a result, and the victories typed in the
 * Winners tab (runs it won) that no result created.
 */
export async function getRaceRecord(horseId: string): Promise<RaceRecord> {
  const results = await db()
    .selectFrom("runners as r")
    .leftJoin("winners as w", "w.id", "r.victory_id")
    .select([
      "r.id",
      "r.race_name",
      "r.race_date",
      "r.post_time",
      "r.track",
      "r.distance",
      "r.jockey",
      "r.position",
      "r.did_not_finish",
      "r.created_at",
      "r.result_source",
      resultPrize().as("prize_ore"),
    ])
    .where("r.horse_id", "=", horseId)
    .where("r.result_at", "is not", null)
    .execute();
  const victories = await db()
    .selectFrom("winners as w")
    .select(["w.id", "w.race_name", "w.race_date", "w.track", "w.distance", "w.jockey", "w.prize_ore", "w.created_at"])
    .where("w.horse_id", "=", horseId)
    .where((eb) =>
      eb.not(eb.exists(eb.selectFrom("runners as r").select("r.id").whereRef("r.victory_id", "=", "w.id"))),
    )
    .execute();
  const entries = [
    ...results.map((r) => ({
      key: `${r.race_date} ${r.post_time ?? ""} ${r.created_at}`,
      entry: {
        id: r.id,
        raceName: r.race_name,
        raceDate: r.race_date,
        track: r.track,
        distance: r.distance,
        jockey: r.jockey,
        position: r.position,
        didNotFinish: Number(r.did_not_finish) === 1,
        prizeOre: r.prize_ore === null ? null : Number(r.prize_ore),
        fromDh: r.result_source === "dh",
      },
    })),
    ...victories.map((w) => ({
      key: `${w.race_date}  ${w.created_at}`,
      entry: {
        id: w.id,
        raceName: w.race_name,
        raceDate: w.race_date,
        track: w.track,
        distance: w.distance,
        jockey: w.jockey,
        position: 1,
        didNotFinish: false,
        prizeOre: w.prize_ore === null ? null : Number(w.prize_ore),
        fromDh: false,
      },
    })),
  ]
    .sort((a, b) => (a.key < b.key ? 1 : a.key > b.key ? -1 : 0))
    .map((e) => e.entry);
  const wins = entries.filter((e) => e.position === 1).length;
  const places = entries.filter((e) => e.position === 2 || e.position === 3).length;
  return { entries, runs: entries.length, wins, places };
}
