import { sql, type Selectable, type Transaction, type Updateable } from "kysely";
import type { Database, RunnersTable, RunnerStatus } from "@db/schema";
import { formatDanishDate, formatDanishTime, formatPrize } from "~/racing/format";
import { equipmentColumn, equipmentFromColumn, formatWeight, type Equipment } from "~/racing/declaration";
import { resultText } from "~/racing/race-day";
import { writeContent } from "~/platform/invalidation.server";
import { db } from "~/platform/db.server";
import {
  findVictory,
  lockVictories,
  recordWin,
  restoreVictory,
  type NewWinner,
  type VictoryRow,
} from "./winner.server";
import { changedFields, recordActivity } from "./activity.server";
import { moveRecords, type RecordChange } from "./horse-record.server";
import { raceColumns, type RaceDetails } from "./race.server";
import { deleteIntoTrash, RestoreRefusedError, type TrashKind } from "./trash.server";
import { queueOwnerNotices, type RunnerNoticeDetails } from "./owner-notice.server";
import type { OwnerNoticeKind } from "./owner-account";

export type RunnerResult = {
  /** 1 to 30; null when the horse did not finish. */
  position: number | null;
  didNotFinish: boolean;
  prizeOre: number | null;
};

export type { RunnerStatus };

/** What a declaration says: the rider, the weight (grams), the draw, the equipment. */
export type Declaration = {
  jockey: string;
  weightG: number;
  draw: number | null;
  equipment: Equipment[];
};

export type Runner = {
  id: string;
  horseId: string;
  horseName: string;
  horseSlug: string;
  raceName: string;
  raceDate: string;
  postTime: string | null;
  track: string | null;
  distance: string | null;
  jockey: string | null;
  result: RunnerResult | null;
  victoryId: string | null;
  /** entered, declared or withdrawn (a non-runner); a recorded result is shown over it. */
  status: RunnerStatus;
  /** The declaration while the runner is declared (kept through a withdrawal, for a reinstatement). */
  declaration: Declaration | null;
  withdrawalReason: string | null;
  /** ISO instants. */
  declarationDeadline: string | null;
  withdrawalDeadline: string | null;
  /** The calendar's SEQUENCE: raised by every change. */
  sequence: number;
  createdAt: string;
  updatedAt: string;
};

export type RunnerDetails = RaceDetails & {
  horseId: string;
  postTime?: string | null;
  /** ISO instants; null for none. */
  declarationDeadline?: string | null;
  withdrawalDeadline?: string | null;
};

function selectRunners() {
  return (
    db()
      .selectFrom("runners as r")
      .innerJoin("horses as h", "h.id", "r.horse_id")
      // A win's prize lives on its victory (the Winners tab may correct it there).
      .leftJoin("winners as w", "w.id", "r.victory_id")
      .select([
        "r.id",
        "r.horse_id",
        "h.name as horse_name",
        "h.slug as horse_slug",
        "r.race_name",
        "r.race_date",
        "r.post_time",
        "r.track",
        "r.distance",
        "r.jockey",
        "r.position",
        "r.did_not_finish",
        "r.result_at",
        "r.victory_id",
        "r.status",
        "r.declared_at",
        "r.weight_g",
        "r.draw",
        "r.equipment",
        "r.withdrawal_reason",
        "r.declaration_deadline",
        "r.withdrawal_deadline",
        "r.sequence",
        "r.created_at",
        "r.updated_at",
        sql<number | null>`coalesce(w.prize_ore, r.prize_ore)`.as("prize_ore"),
      ])
  );
}

type Row = Awaited<ReturnType<ReturnType<typeof selectRunners>["execute"]>>[number];

function toRunner(r: Row): Runner {
  return {
    id: r.id,
    horseId: r.horse_id,
    horseName: r.horse_name,
    horseSlug: r.horse_slug ?? r.horse_id,
    raceName: r.race_name,
    raceDate: r.race_date,
    postTime: r.post_time,
    track: r.track,
    distance: r.distance,
    jockey: r.jockey,
    result: r.result_at
      ? {
          position: r.position,
          didNotFinish: Number(r.did_not_finish) === 1,
          prizeOre: r.prize_ore === null ? null : Number(r.prize_ore),
        }
      : null,
    victoryId: r.victory_id,
    status: r.status,
    declaration: declarationOf(r),
    withdrawalReason: r.withdrawal_reason,
    declarationDeadline: r.declaration_deadline,
    withdrawalDeadline: r.withdrawal_deadline,
    sequence: Number(r.sequence),
    createdAt: r.created_at,
    updatedAt: r.updated_at,
  };
}

function declarationOf(
  r: Pick<Selectable<RunnersTable>, "declared_at" | "jockey" | "weight_g" | "draw" | "equipment">,
): Declaration | null {
  if (!r.declared_at || r.weight_g === null) return null;
  return {
    jockey: r.jockey ?? "",
    weightG: Number(r.weight_g),
    draw: r.draw === null ? null : Number(r.draw),
    equipment: equipmentFromColumn(r.equipment),
  };
}

/** Runners without a result, soonest first (all-day entries before timed ones). */
function selectWithoutResult() {
  return selectRunners()
    .where("r.result_at", "is", null)
    .orderBy("r.race_date")
    .orderBy(sql`coalesce(r.post_time, '')`)
    .orderBy("r.created_at");
}

/**
 * Runners still to run or to be given a result, from `today` on, soonest first; non-runners too
 * unless `runningOnly`.
 */
export async function listUpcomingRunners(
  today: string,
  limit?: number,
  { runningOnly = false }: { runningOnly?: boolean } = {},
): Promise<Runner[]> {
  const rows = await selectWithoutResult()
    .where("r.race_date", ">=", today)
    .$if(runningOnly, (q) => q.where("r.status", "<>", "withdrawn"))
    .$if(limit !== undefined, (q) => q.limit(limit!))
    .execute();
  return rows.map(toRunner);
}

/** A runner as the public pages get it: a withdrawal's reason is the stable's own. */
export function publicRunners(runners: Runner[]): Runner[] {
  return runners.map((r) => (r.withdrawalReason ? { ...r, withdrawalReason: null } : r));
}

/** Runners whose race day has passed without a result, oldest first (a non-runner has none to wait for). */
export async function listAwaitingResults(today: string): Promise<Runner[]> {
  const rows = await selectWithoutResult()
    .where("r.race_date", "<", today)
    .where("r.status", "<>", "withdrawn")
    .execute();
  return rows.map(toRunner);
}

/** How many runners have had their race day without a result: the dashboard's results to record. */
export async function countAwaitingResults(today: string): Promise<number> {
  const row = await db()
    .selectFrom("runners as r")
    .innerJoin("horses as h", "h.id", "r.horse_id")
    .select((eb) => eb.fn.countAll<number | string>().as("n"))
    .where("r.result_at", "is", null)
    .where("r.race_date", "<", today)
    .where("r.status", "<>", "withdrawn")
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Runners without a result from `today` to `lastDay` (both included), soonest first. */
export async function listRunnersUntil(today: string, lastDay: string): Promise<Runner[]> {
  const rows = await selectWithoutResult()
    .where("r.race_date", ">=", today)
    .where("r.race_date", "<=", lastDay)
    .execute();
  return rows.map(toRunner);
}

/** Runners with a result, latest race first. */
export async function listRecentResults(limit: number): Promise<Runner[]> {
  const rows = await selectRunners()
    .where("r.result_at", "is not", null)
    .orderBy("r.race_date", "desc")
    .orderBy(sql`coalesce(r.post_time, '')`, "desc")
    .orderBy("r.created_at", "desc")
    .limit(limit)
    .execute();
  return rows.map(toRunner);
}

export async function getRunner(id: string): Promise<Runner | null> {
  const row = await selectRunners().where("r.id", "=", id).executeTakeFirst();
  return row ? toRunner(row) : null;
}

/** A horse's upcoming runners, soonest first. */
export async function listHorseUpcomingRunners(horseId: string, today: string): Promise<Runner[]> {
  const rows = await selectRunners()
    .where("r.horse_id", "=", horseId)
    .where("r.result_at", "is", null)
    .where("r.race_date", ">=", today)
    .orderBy("r.race_date")
    .orderBy(sql`coalesce(r.post_time, '')`)
    .execute();
  return rows.map(toRunner);
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
  const results = await selectRunners()
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
    ...results.map((r) => {
      const runner = toRunner(r);
      return {
        key: `${r.race_date} ${r.post_time ?? ""} ${r.created_at}`,
        entry: {
          id: runner.id,
          raceName: runner.raceName,
          raceDate: runner.raceDate,
          track: runner.track,
          distance: runner.distance,
          jockey: runner.jockey,
          position: runner.result!.position,
          didNotFinish: runner.result!.didNotFinish,
          prizeOre: runner.result!.prizeOre,
        },
      };
    }),
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
      },
    })),
  ]
    .sort((a, b) => (a.key < b.key ? 1 : a.key > b.key ? -1 : 0))
    .map((e) => e.entry);
  const wins = entries.filter((e) => e.position === 1).length;
  const places = entries.filter((e) => e.position === 2 || e.position === 3).length;
  return { entries, runs: entries.length, wins, places };
}

export async function createRunner(values: RunnerDetails): Promise<{ id: string }> {
  const id = crypto.randomUUID();
  const now = new Date().toISOString();
  return writeContent(async (trx) => {
    const row = await trx
      .insertInto("runners")
      .values({ id, ...detailColumns(values), created_at: now, updated_at: now })
      .returningAll()
      .executeTakeFirstOrThrow();
    await recordActivity(
      { kind: "create", entity: "runner", entityId: id, summary: `Runner added: ${await labelOf(trx, row)}` },
      { trx },
    );
    await queueRunnerNotice(trx, "entry", row);
    return { id };
  });
}

/** What a runner's notice to its horse's owners says (owner-notice.server.ts). */
async function noticeDetails(trx: Transaction<Database>, row: Selectable<RunnersTable>): Promise<RunnerNoticeDetails> {
  const horse = await trx.selectFrom("horses").select("name").where("id", "=", row.horse_id).executeTakeFirst();
  const declared = declarationOf(row);
  return {
    runnerId: row.id,
    horseName: horse?.name ?? "",
    raceName: row.race_name,
    raceDate: row.race_date,
    postTime: row.post_time,
    track: row.track,
    distance: row.distance,
    jockey: row.jockey,
    weightG: declared?.weightG ?? null,
    draw: declared?.draw ?? null,
    equipment: declared?.equipment ?? [],
    withdrawalReason: row.withdrawal_reason,
    position: row.result_at ? row.position : null,
    didNotFinish: !!row.result_at && Number(row.did_not_finish) === 1,
    prizeOre: row.result_at && row.prize_ore !== null ? Number(row.prize_ore) : null,
  };
}

/** Queues a runner's change as a notice to its horse's owners and guests, once for this version of it. */
async function queueRunnerNotice(trx: Transaction<Database>, kind: OwnerNoticeKind, row: Selectable<RunnersTable>) {
  await queueOwnerNotices(trx, {
    kind,
    event: `runner:${row.id}:${Number(row.sequence)}`,
    horseId: row.horse_id,
    details: await noticeDetails(trx, row),
  });
}

type RunnerRow = Pick<Selectable<RunnersTable>, "horse_id" | "race_name">;

/** How the dashboard names a runner: "Race (Horse)". */
async function labelOf(trx: Transaction<Database>, row: RunnerRow) {
  const horse = await trx.selectFrom("horses").select("name").where("id", "=", row.horse_id).executeTakeFirst();
  return `${row.race_name} (${horse?.name ?? "Unknown Horse"})`;
}

/** The runner's fields as the activity log names and shows them. */
const LOGGED_FIELDS = {
  horse: "Horse",
  race_name: "Race Name",
  race_date: ["Race Date", (date: string) => formatDanishDate(date)],
  post_time: "Post Time",
  track: "Track",
  distance: "Distance",
  jockey: "Jockey",
  result: "Result",
  prize_ore: ["Prize Money", (ore: number | null) => formatPrize(ore)],
  status: "Status",
  weight_g: ["Weight", (grams: number | null) => (grams === null ? "" : formatWeight(grams))],
  draw: "Draw",
  equipment: "Equipment",
  withdrawal_reason: "Reason",
  declaration_deadline: ["Declaration Deadline", (iso: string | null) => (iso ? formatDanishTime(iso, "minute") : "")],
  withdrawal_deadline: ["Withdrawal Deadline", (iso: string | null) => (iso ? formatDanishTime(iso, "minute") : "")],
} as const;

const STATUS_NAMES: Record<RunnerStatus, string> = {
  entered: "Entered",
  declared: "Declared",
  withdrawn: "Non-runner",
};

/** Records a change of a runner (its details or its result), listing the fields that changed. */
async function logRunnerChange(
  trx: Transaction<Database>,
  summary: string,
  before: Selectable<RunnersTable>,
  after: Selectable<RunnersTable>,
) {
  const horses = await trx
    .selectFrom("horses")
    .select(["id", "name"])
    .where("id", "in", [before.horse_id, after.horse_id])
    .execute();
  const names = new Map(horses.map((h) => [h.id, h.name]));
  const shown = (r: Selectable<RunnersTable>) => ({
    horse: names.get(r.horse_id) ?? "Unknown Horse",
    race_name: r.race_name,
    race_date: r.race_date,
    post_time: r.post_time,
    track: r.track,
    distance: r.distance,
    jockey: r.jockey,
    result: r.result_at ? resultText({ position: r.position, didNotFinish: Number(r.did_not_finish) === 1 }) : null,
    prize_ore: r.result_at ? r.prize_ore : null,
    status: STATUS_NAMES[r.status],
    weight_g: r.weight_g === null ? null : Number(r.weight_g),
    draw: r.draw,
    equipment: r.equipment,
    withdrawal_reason: r.withdrawal_reason,
    declaration_deadline: r.declaration_deadline,
    withdrawal_deadline: r.withdrawal_deadline,
  });
  await recordActivity(
    {
      kind: "update",
      entity: "runner",
      entityId: after.id,
      summary: `${summary}: ${await labelOf(trx, after)}`,
      changes: changedFields(shown(before), shown(after), LOGGED_FIELDS),
    },
    { trx },
  );
}

function detailColumns(values: RunnerDetails) {
  return {
    horse_id: values.horseId,
    ...raceColumns(values),
    post_time: values.postTime || null,
    declaration_deadline: values.declarationDeadline || null,
    withdrawal_deadline: values.withdrawalDeadline || null,
  };
}

/** What a result does to the horse: which counter it adds to, and whether it is a victory. */
type Outcome = { horseId: string; result: RunnerResult } | null;

const isWin = (outcome: Outcome) => outcome?.result.position === 1;

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
async function moveCountsAndPrizes(trx: Transaction<Database>, before: Outcome, after: Outcome) {
  await moveRecords(trx, [...recordChangeOf(before, -1), ...recordChangeOf(after, 1)]);
}

/**
 * Moves a runner's effects on its horse from `before` to `after`, inside the caller's transaction
 * (holding lockVictories): the 1st/2nd/3rd counts and any placing's prize but a win's, and a win's
 * victory, kept in step by the Winners model (which keeps its prize on the total). Returns the
 * runner's victory and a photo no longer used.
 */
async function moveOutcome(
  trx: Transaction<Database>,
  victoryId: string | null,
  before: Outcome,
  after: Outcome,
  race: Omit<NewWinner, "horseId" | "prizeOre">,
): Promise<{ victoryId: string | null; droppedPhotoUrl: string | null }> {
  await moveCountsAndPrizes(trx, before, after);
  const win = after && isWin(after) ? { ...race, horseId: after.horseId, prizeOre: after.result.prizeOre } : null;
  return recordWin(trx, isWin(before) ? victoryId : null, win);
}

async function lockedRunner(trx: Transaction<Database>, id: string) {
  await lockVictories(trx);
  return trx.selectFrom("runners").selectAll().where("id", "=", id).executeTakeFirst();
}

type StoredRunner = NonNullable<Awaited<ReturnType<typeof lockedRunner>>>;

/**
 * Changes a stored runner in one transaction (holding lockVictories): `change` moves its effects
 * and says which columns to set; the change is logged under `summary`, and `notice` says which notice
 * (if any) its horse's owners get of it. Null when there is no such runner, else a victory photo no
 * longer used.
 */
async function changeRunner(
  id: string,
  summary: string,
  change: (
    trx: Transaction<Database>,
    before: StoredRunner,
  ) => Promise<{ set: Updateable<RunnersTable>; droppedPhotoUrl: string | null }>,
  notice: (before: StoredRunner, after: StoredRunner) => OwnerNoticeKind | null = () => null,
): Promise<{ replacedImageUrl: string | null } | null> {
  return writeContent(async (trx) => {
    const before = await lockedRunner(trx, id);
    if (!before) return null;
    const { set, droppedPhotoUrl } = await change(trx, before);
    const after = await trx
      .updateTable("runners")
      .set({ ...set, sequence: sql<number>`sequence + 1`, updated_at: new Date().toISOString() })
      .where("id", "=", id)
      .returningAll()
      .executeTakeFirstOrThrow();
    await logRunnerChange(trx, summary, before, after);
    const kind = notice(before, after);
    if (kind) await queueRunnerNotice(trx, kind, after);
    return { replacedImageUrl: droppedPhotoUrl };
  });
}

function outcomeOf(row: StoredRunner): Outcome {
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

/** What the victory of a win says about its race. */
function raceOf(details: RunnerDetails): Omit<NewWinner, "horseId" | "prizeOre"> {
  return {
    raceName: details.raceName,
    raceDate: details.raceDate,
    track: details.track,
    distance: details.distance,
    jockey: details.jockey,
  };
}

/**
 * Changes a runner's race details. A runner with a result keeps it: a win's victory follows the
 * new details, and moving the runner to another horse moves its counts and prize with it.
 * Returns null when there is no such runner, else a victory photo no longer used.
 */
export async function updateRunner(
  id: string,
  values: RunnerDetails,
): Promise<{ replacedImageUrl: string | null } | null> {
  return changeRunner(
    id,
    "Runner updated",
    async (trx, before) => {
      const old = outcomeOf(before);
      // A victory's prize may have been corrected in the Winners tab: that amount moves with it.
      const moved = old ? { horseId: values.horseId, result: await currentResult(trx, before, old) } : null;
      const { victoryId, droppedPhotoUrl } = await moveOutcome(trx, before.victory_id, old, moved, raceOf(values));
      return { set: { ...detailColumns(values), victory_id: victoryId }, droppedPhotoUrl };
    },
    // Moved to another horse: news for that horse's owners.
    (before, after) => (before.horse_id !== after.horse_id && !after.result_at ? "entry" : null),
  );
}

/** The runner's result with a win's prize as its victory now holds it. */
async function currentResult(trx: Transaction<Database>, row: StoredRunner, outcome: NonNullable<Outcome>) {
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
        raceOf(detailsOf(before)),
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

function detailsOf(row: StoredRunner): RunnerDetails {
  return {
    horseId: row.horse_id,
    raceName: row.race_name,
    raceDate: row.race_date,
    postTime: row.post_time,
    track: row.track,
    distance: row.distance,
    jockey: row.jockey,
  };
}

/**
 * Why a status change cannot be made: the runner has its result, is (or is not) a non-runner, or
 * its race day has passed.
 */
export class RunnerStatusError extends Error {
  constructor(readonly reason: "has-result" | "withdrawn" | "not-withdrawn" | "race-passed") {
    super(`The runner's status cannot change: ${reason}`);
  }
}

/**
 * Declares an entered runner (or corrects a declaration): jockey, weight, draw, equipment. A
 * runner with a result or a non-runner cannot be declared. Null when there is no such runner.
 */
export async function declareRunner(id: string, declaration: Declaration): Promise<{ replacedImageUrl: null } | null> {
  const done = await changeRunner(
    id,
    "Runner declared",
    async (_trx, before) => {
      if (before.result_at) throw new RunnerStatusError("has-result");
      if (before.status === "withdrawn") throw new RunnerStatusError("withdrawn");
      const set = {
        status: "declared" as const,
        declared_at: before.declared_at ?? new Date().toISOString(),
        jockey: declaration.jockey,
        weight_g: declaration.weightG,
        draw: declaration.draw,
        equipment: equipmentColumn(declaration.equipment),
      };
      return { set, droppedPhotoUrl: null };
    },
    (before, after) => (before.status === "declared" && sameDeclaration(before, after) ? null : "declaration"),
  );
  return done && { replacedImageUrl: null };
}

function sameDeclaration(a: StoredRunner, b: StoredRunner) {
  return JSON.stringify(declarationOf(a)) === JSON.stringify(declarationOf(b));
}

/** Withdraws a runner: a non-runner, with an optional reason. Null when there is no such runner. */
export async function withdrawRunner(id: string, reason: string | null): Promise<{ replacedImageUrl: null } | null> {
  const done = await changeRunner(
    id,
    "Runner withdrawn",
    async (_trx, before) => {
      if (before.result_at) throw new RunnerStatusError("has-result");
      if (before.status === "withdrawn") throw new RunnerStatusError("withdrawn");
      const set = { status: "withdrawn" as const, withdrawn_at: new Date().toISOString(), withdrawal_reason: reason };
      return { set, droppedPhotoUrl: null };
    },
    () => "withdrawal",
  );
  return done && { replacedImageUrl: null };
}

/**
 * Undoes a withdrawal, up to and including race day (`today`, the Danish date): the runner is
 * declared again if it was, else entered, and its horse's owners get that notice again. Null when
 * there is no such runner.
 */
export async function reinstateRunner(id: string, today: string): Promise<{ replacedImageUrl: null } | null> {
  const done = await changeRunner(
    id,
    "Runner reinstated",
    async (_trx, before) => {
      if (before.status !== "withdrawn") throw new RunnerStatusError("not-withdrawn");
      if (before.race_date < today) throw new RunnerStatusError("race-passed");
      const status: RunnerStatus = declarationOf(before) ? "declared" : "entered";
      return { set: { status, withdrawn_at: null, withdrawal_reason: null }, droppedPhotoUrl: null };
    },
    // Owners were told it would not run: they are told it runs after all, as entered or declared.
    (_before, after) => (after.status === "declared" ? "declaration" : "entry"),
  );
  return done && { replacedImageUrl: null };
}

export type Deadline = {
  runnerId: string;
  horseName: string;
  raceName: string;
  raceDate: string;
  /** declare: the runner must be declared by then; withdraw: withdrawn by then if it is not to run. */
  kind: "declare" | "withdraw";
  at: string;
};

/**
 * The deadlines from `fromIso` to `toIso` (instants, both included) that still need an action,
 * soonest first: declaring an entered runner, withdrawing a runner that is not already out.
 */
export async function listDeadlines(fromIso: string, toIso: string): Promise<Deadline[]> {
  const base = () =>
    db()
      .selectFrom("runners as r")
      .innerJoin("horses as h", "h.id", "r.horse_id")
      .select(["r.id", "h.name as horse_name", "r.race_name", "r.race_date"])
      .where("r.result_at", "is", null);
  const [declare, withdraw] = await Promise.all([
    base()
      .select("r.declaration_deadline as at")
      .where("r.status", "=", "entered")
      .where("r.declaration_deadline", ">=", fromIso)
      .where("r.declaration_deadline", "<=", toIso)
      .execute(),
    base()
      .select("r.withdrawal_deadline as at")
      .where("r.status", "<>", "withdrawn")
      .where("r.withdrawal_deadline", ">=", fromIso)
      .where("r.withdrawal_deadline", "<=", toIso)
      .execute(),
  ]);
  const of = (kind: Deadline["kind"]) => (r: (typeof declare)[number]) => ({
    runnerId: r.id,
    horseName: r.horse_name,
    raceName: r.race_name,
    raceDate: r.race_date,
    kind,
    at: r.at!,
  });
  return [...declare.map(of("declare")), ...withdraw.map(of("withdraw"))].sort((a, b) =>
    a.at < b.at ? -1 : a.at > b.at ? 1 : a.kind.localeCompare(b.kind),
  );
}

type RunnerSnapshot = { row: StoredRunner; victory: VictoryRow | null };

/**
 * Deletes a runner into the trash; its result's effects go with it in the same transaction (the
 * victory a win created, its counts, its prize). The snapshot keeps that victory, so a restore is
 * the exact inverse; its photo stays on disk until the entry is purged. Returns the trash entry, or
 * undefined when there was no such runner.
 */
export async function deleteRunner(id: string): Promise<{ trashId: string } | null> {
  return deleteIntoTrash(runnerTrash, async (trx) => {
    const before = await lockedRunner(trx, id);
    if (!before) return null;
    const outcome = outcomeOf(before);
    const victory = before.victory_id && isWin(outcome) ? await findVictory(trx, before.victory_id) : undefined;
    const label = await labelOf(trx, before);
    await moveOutcome(trx, before.victory_id, outcome, null, raceOf(detailsOf(before)));
    await trx.deleteFrom("runners").where("id", "=", id).execute();
    const snapshot: RunnerSnapshot = { row: before, victory: victory ?? null };
    return { recordId: id, label, snapshot, imageUrls: [victory?.photo_url ?? null] };
  });
}

/**
 * A deleted runner comes back with its id and result, and the result's effects with it: the victory
 * its win created (same id and photo, prize back on the total), its 1st/2nd/3rd count, the prize of
 * any other placing. A runner whose horse is gone cannot come back (restore the horse first).
 */
export const runnerTrash: TrashKind<RunnerSnapshot> = {
  name: "runner",
  noun: "Runner",
  restore: async (trx, { row, victory }) => {
    await lockVictories(trx);
    const horse = await trx.selectFrom("horses").select("id").where("id", "=", row.horse_id).executeTakeFirst();
    if (!horse) throw new RestoreRefusedError("its horse is deleted; restore the horse first", "horse-deleted");
    if (victory) await restoreVictory(trx, victory);
    await trx
      .insertInto("runners")
      .values({ ...row, victory_id: victory?.id ?? null })
      .execute();
    await moveCountsAndPrizes(trx, null, outcomeOf(row));
  },
};
