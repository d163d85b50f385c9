import { sql } from "kysely";
import type { RunnerStatus } from "@db/schema";
import { equipmentColumn } from "~/racing/declaration";
import { writeContent } from "~/platform/invalidation.server";
import { db } from "~/platform/db.server";
import { findVictory, lockVictories, restoreVictory, type VictoryRow } from "./winner.server";
import { recordActivity } from "./activity.server";
import { raceColumns, type RaceDetails } from "./race.server";
import { deleteIntoTrash, RestoreRefusedError, type TrashKind } from "./trash.server";
import {
  changeRunner,
  declarationOf,
  labelOf,
  lockedRunner,
  queueRunnerNotice,
  RunnerStatusError,
  type Declaration,
  type StoredRunner,
} from "./runner-change.server";
import {
  currentResult,
  isWin,
  moveCountsAndPrizes,
  moveOutcome,
  outcomeOf,
  raceOf,
  resultPrize,
  storedRaceOf,
  type RunnerResult,
} from "./runner-result.server";

/**
 * The stable's runners: entered, declared or withdrawn (a non-runner), read for the pages and the
 * dashboard, added, edited, deleted into the trash and restored. A result and what it does to the
 * horse are runner-result.server.ts; the deadlines still to meet, runner-deadline.server.ts.
 */

export type { RunnerStatus };

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
  /** The result came from Dansk Hestevæddeløb (the page names its source). */
  resultFromDh: boolean;
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
  return db()
    .selectFrom("runners as r")
    .innerJoin("horses as h", "h.id", "r.horse_id")
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
      "r.result_source",
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
      resultPrize().as("prize_ore"),
    ]);
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
    resultFromDh: r.result_source === "dh",
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

function detailColumns(values: RunnerDetails) {
  return {
    horse_id: values.horseId,
    ...raceColumns(values),
    post_time: values.postTime || null,
    declaration_deadline: values.declarationDeadline || null,
    withdrawal_deadline: values.withdrawalDeadline || null,
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
    await moveOutcome(trx, before.victory_id, outcome, null, storedRaceOf(before));
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
