import { sql, type Transaction } from "kysely";
import type { Database } from "@db/schema";
import { db } from "~/platform/db.server";
import { seasonRange } from "./list-search";
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
  /** The runs of the season shown (`season`), newest first. */
  entries: RaceRecordEntry[];
  /** The season `entries` are of (the latest unless another was asked for); null when there is no run. */
  season: number | null;
  /** The seasons the record holds, the latest first. */
  seasons: number[];
  /** Over the whole career on the site, counted in SQL: */
  runs: number;
  wins: number;
  /** 2nd and 3rd places. */
  places: number;
  firstPlaces: number;
  secondPlaces: number;
  thirdPlaces: number;
  /** The earliest race on the record (ISO date), null when it is empty. */
  since: string | null;
};

/**
 * Every run on a horse's record, as one query the summary, the seasons and a season's runs are read
 * from: its runners with a result, and the victories typed in the Winners tab (runs it won) that no
 * result created.
 */
function recordRuns(horseId: string) {
  const results = db()
    .selectFrom("runners as r")
    .leftJoin("winners as w", "w.id", "r.victory_id")
    .select([
      "r.id",
      "r.race_name",
      "r.race_date",
      sql<string>`coalesce(r.post_time, '')`.as("post_time"),
      "r.track",
      "r.distance",
      "r.jockey",
      sql<number | null>`r.position`.as("position"),
      sql<number>`r.did_not_finish`.as("did_not_finish"),
      "r.created_at",
      "r.result_source",
      resultPrize().as("prize_ore"),
    ])
    .where("r.horse_id", "=", horseId)
    .where("r.result_at", "is not", null);
  const victories = db()
    .selectFrom("winners as w")
    .select([
      "w.id",
      "w.race_name",
      "w.race_date",
      sql<string>`''`.as("post_time"),
      "w.track",
      "w.distance",
      "w.jockey",
      sql<number | null>`1`.as("position"),
      sql<number>`0`.as("did_not_finish"),
      "w.created_at",
      sql<string | null>`null`.as("result_source"),
      sql<number | null>`w.prize_ore`.as("prize_ore"),
    ])
    .where("w.horse_id", "=", horseId)
    .where((eb) =>
      eb.not(eb.exists(eb.selectFrom("runners as r").select("r.id").whereRef("r.victory_id", "=", "w.id"))),
    );
  return db().selectFrom(results.unionAll(victories).as("e"));
}

/**
 * A horse's race record: one season's runs, newest first (the latest season unless `season` names
 * another; a season it has no run in lists none), the seasons it raced in, and its runs, wins and
 * places over the whole career, each counted by the database rather than by loading every run.
 */
export async function getRaceRecord(horseId: string, { season }: { season?: number } = {}): Promise<RaceRecord> {
  const placed = (n: number) => sql<number | string>`sum(case when e.position = ${sql.lit(n)} then 1 else 0 end)`;
  const year = sql<string>`substr(e.race_date, 1, 4)`;
  const [totals, seasonRows] = await Promise.all([
    recordRuns(horseId)
      .select((eb) => [
        eb.fn.countAll<number | string>().as("runs"),
        placed(1).as("first"),
        placed(2).as("second"),
        placed(3).as("third"),
        eb.fn.min("e.race_date").as("since"),
      ])
      .executeTakeFirstOrThrow(),
    recordRuns(horseId).select(year.as("season")).groupBy(year).orderBy(year, "desc").execute(),
  ]);
  const seasons = seasonRows.map((r) => Number(r.season)).filter(Number.isInteger);
  const latest = seasons[0] ?? null;
  const shown = season ?? latest;
  // A run whose date is no date (a victory typed before the form's rules) is listed with the latest season.
  const dated = sql<boolean>`(e.race_date >= '1900-01-01' and e.race_date < '2100-01-01')`;
  const rows = await recordRuns(horseId)
    .selectAll()
    .where((eb) => {
      const undated = eb.not(dated);
      if (shown === null) return undated;
      const inSeason = eb.and([
        eb("e.race_date", ">=", seasonRange(shown).from),
        eb("e.race_date", "<", seasonRange(shown).to),
      ]);
      return shown === latest ? eb.or([inSeason, undated]) : inSeason;
    })
    .orderBy(sql`case when ${dated} then 0 else 1 end`)
    .orderBy("e.race_date", "desc")
    .orderBy("e.post_time", "desc")
    .orderBy("e.created_at", "desc")
    .execute();
  const entries = rows.map((r) => ({
    id: r.id,
    raceName: r.race_name,
    raceDate: r.race_date,
    track: r.track,
    distance: r.distance,
    jockey: r.jockey,
    position: r.position === null ? null : Number(r.position),
    didNotFinish: Number(r.did_not_finish) === 1,
    prizeOre: r.prize_ore === null ? null : Number(r.prize_ore),
    fromDh: r.result_source === "dh",
  }));
  const firstPlaces = Number(totals.first ?? 0);
  const secondPlaces = Number(totals.second ?? 0);
  const thirdPlaces = Number(totals.third ?? 0);
  return {
    entries,
    season: shown,
    seasons,
    runs: Number(totals.runs),
    wins: firstPlaces,
    places: secondPlaces + thirdPlaces,
    firstPlaces,
    secondPlaces,
    thirdPlaces,
    since: (totals.since as string | null) ?? null,
  };
}
