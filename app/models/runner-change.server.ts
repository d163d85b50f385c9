import { sql, type Selectable, type Transaction, type Updateable } from "kysely";
import type { Database, RunnersTable, RunnerStatus } from "@db/schema";
import { formatDanishDate, formatDanishTime, formatPrize } from "~/racing/format";
import { equipmentFromColumn, formatWeight, type Equipment } from "~/racing/declaration";
import { resultText } from "~/racing/race-day";
import { writeContent } from "~/platform/invalidation.server";
import { lockVictories } from "./winner.server";
import { changedFields, recordActivity } from "./activity.server";
import { queueOwnerNotices, type RunnerNoticeDetails } from "./owner-notice.server";
import type { OwnerNoticeKind } from "./owner-account";

/**
 * How a stored runner changes, whatever the change: locked together with the victories, its
 * calendar SEQUENCE raised, logged field by field, and told to its horse's owners. The runners and
 * their status (runner.server.ts) and their results (runner-result.server.ts) change through it.
 */

export type StoredRunner = Selectable<RunnersTable>;

/**
 * What a declaration says: the rider, the weight (grams), the draw, the equipment. The Declare form
 * always gives a weight; a trotting start taken from Dansk Hestevæddeløb has none.
 */
export type Declaration = {
  jockey: string;
  weightG: number | null;
  draw: number | null;
  equipment: Equipment[];
};

export function declarationOf(
  r: Pick<StoredRunner, "declared_at" | "jockey" | "weight_g" | "draw" | "equipment">,
): Declaration | null {
  if (!r.declared_at) return null;
  return {
    jockey: r.jockey ?? "",
    weightG: r.weight_g === null ? null : Number(r.weight_g),
    draw: r.draw === null ? null : Number(r.draw),
    equipment: equipmentFromColumn(r.equipment),
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

/** What a runner's notice to its horse's owners says (owner-notice.server.ts). */
async function noticeDetails(trx: Transaction<Database>, row: StoredRunner): Promise<RunnerNoticeDetails> {
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
export async function queueRunnerNotice(trx: Transaction<Database>, kind: OwnerNoticeKind, row: StoredRunner) {
  await queueOwnerNotices(trx, {
    kind,
    event: `runner:${row.id}:${Number(row.sequence)}`,
    horseId: row.horse_id,
    details: await noticeDetails(trx, row),
  });
}

/** How the dashboard names a runner: "Race (Horse)". */
export async function labelOf(trx: Transaction<Database>, row: Pick<StoredRunner, "horse_id" | "race_name">) {
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
async function logRunnerChange(trx: Transaction<Database>, summary: string, before: StoredRunner, after: StoredRunner) {
  const horses = await trx
    .selectFrom("horses")
    .select(["id", "name"])
    .where("id", "in", [before.horse_id, after.horse_id])
    .execute();
  const names = new Map(horses.map((h) => [h.id, h.name]));
  const shown = (r: StoredRunner) => ({
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

/** A stored runner, read once the victories are locked (a result's effects on them wait for each other). */
export async function lockedRunner(trx: Transaction<Database>, id: string): Promise<StoredRunner | undefined> {
  await lockVictories(trx);
  return trx.selectFrom("runners").selectAll().where("id", "=", id).executeTakeFirst();
}

/**
 * Changes a stored runner in one transaction (holding lockVictories): `change` moves its effects
 * and says which columns to set; the change is logged under `summary`, and `notice` says which notice
 * (if any) its horse's owners get of it. Null when there is no such runner, else a victory photo no
 * longer used.
 */
export async function changeRunner(
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
