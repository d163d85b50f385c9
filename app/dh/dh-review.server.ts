import type { Selectable } from "kysely";
import type { DhProposalKind, DhProposalsTable } from "@db/schema";
import { db } from "~/platform/db.server";
import { writeContent } from "~/platform/invalidation.server";
import { recordActivity } from "~/models/activity.server";
import { createHorse, getHorse, updateHorse } from "~/models/horse.server";
import { createRunner, declareRunner, getRunner, updateRunner, withdrawRunner } from "~/models/runner.server";
import { RunnerStatusError } from "~/models/runner-change.server";
import { RaceNotRunError, recordResult } from "~/models/runner-result.server";
import type { DhHorseData, DhResultData, DhStartData, DhWithdrawalData } from "./dh-plan";

/**
 * The review of what the import proposes: each proposal beside what the site holds now, accepted
 * through the same model functions a person's form uses (so the victory, the totals and the
 * owners' notices follow as they would), or ignored (and not asked again until DH changes it).
 */

/** A field as the site has it and as DH has it; a code where the dashboard words it (status, result). */
export type ReviewField = {
  field:
    | "name"
    | "sex"
    | "color"
    | "yearOfBirth"
    | "sire"
    | "dam"
    | "damSire"
    | "raceName"
    | "raceDate"
    | "postTime"
    | "track"
    | "distance"
    | "jockey"
    | "status"
    | "result"
    | "prize";
  ours: string | null;
  dh: string | null;
};

export type ReviewItem = {
  id: string;
  kind: DhProposalKind;
  dhHorseId: string;
  horseName: string;
  raceName: string | null;
  raceDate: string | null;
  /** A new horse or runner (nothing of ours to compare with). */
  isNew: boolean;
  /** A withdrawal: DH marks it withdrawn, or no longer lists it. */
  why: DhWithdrawalData["why"] | null;
  /** Its horse is not matched yet: accept the horse first. */
  waitsForHorse: boolean;
  fields: ReviewField[];
};

type Row = Selectable<DhProposalsTable>;

const KIND_ORDER: Record<DhProposalKind, number> = { horse: 0, runner: 1, withdrawal: 2, result: 3 };

export async function listOpenProposals(): Promise<Row[]> {
  const rows = await db()
    .selectFrom("dh_proposals")
    .selectAll()
    .where("status", "=", "open")
    .orderBy("race_date")
    .orderBy("created_at")
    .execute();
  return rows.sort((a, b) => KIND_ORDER[a.kind] - KIND_ORDER[b.kind]);
}

export async function countOpenProposals(): Promise<number> {
  const row = await db()
    .selectFrom("dh_proposals")
    .select((eb) => eb.fn.countAll<number | string>().as("n"))
    .where("status", "=", "open")
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

async function horseByDhId(dhHorseId: string) {
  return db().selectFrom("horses").select(["id", "name"]).where("dh_horse_id", "=", dhHorseId).executeTakeFirst();
}

const text = (v: string | number | null | undefined) => (v === null || v === undefined || v === "" ? null : String(v));
const resultCode = (r: { position: number | null; didNotFinish: boolean; disqualified?: boolean }) =>
  r.disqualified ? "dq" : r.didNotFinish || r.position === null ? "dnf" : `pos:${r.position}`;

/** The open proposals as the review shows them, each beside what the site holds now. */
export async function listReview(): Promise<ReviewItem[]> {
  const rows = await listOpenProposals();
  const items: ReviewItem[] = [];
  for (const row of rows) {
    const matched = await horseByDhId(row.dh_horse_id);
    const base = { id: row.id, kind: row.kind, dhHorseId: row.dh_horse_id, why: null, waitsForHorse: false };
    if (row.kind === "horse") {
      const dh = JSON.parse(row.payload) as DhHorseData;
      const ours = row.target_id ? await getHorse(row.target_id) : null;
      const pairs: [ReviewField["field"], string | null, string | null][] = [
        ["name", ours?.name ?? null, dh.name],
        ["sex", ours?.sex ?? null, dh.sex],
        ["color", ours?.color ?? null, dh.color],
        ["yearOfBirth", text(ours?.yearOfBirth), text(dh.yearOfBirth)],
        ["sire", ours?.sire ?? null, dh.sire],
        ["dam", ours?.dam ?? null, dh.dam],
        ["damSire", ours?.damSire ?? null, dh.damSire],
      ];
      items.push({
        ...base,
        horseName: dh.name,
        raceName: null,
        raceDate: null,
        isNew: !ours,
        fields: pairs.map(([field, o, d]) => ({ field, ours: ours ? text(o) : null, dh: text(d) })),
      });
      continue;
    }
    const ours = row.target_id ? await getRunner(row.target_id) : null;
    if (row.kind === "withdrawal") {
      const dh = JSON.parse(row.payload) as DhWithdrawalData;
      items.push({
        ...base,
        horseName: ours?.horseName ?? dh.horseName,
        raceName: ours?.raceName ?? dh.raceName,
        raceDate: dh.raceDate,
        isNew: false,
        why: dh.why,
        fields: [{ field: "status", ours: ours?.status ?? null, dh: "withdrawn" }],
      });
      continue;
    }
    const dh = JSON.parse(row.payload) as DhStartData | DhResultData;
    const fields: ReviewField[] = [
      { field: "raceName", ours: ours?.raceName ?? null, dh: dh.raceName },
      { field: "raceDate", ours: ours?.raceDate ?? null, dh: dh.raceDate },
      { field: "postTime", ours: ours?.postTime ?? null, dh: dh.postTime },
      { field: "track", ours: ours?.track ?? null, dh: dh.track },
      { field: "distance", ours: ours?.distance ?? null, dh: dh.distance },
      { field: "jockey", ours: ours?.jockey ?? null, dh: dh.jockey },
    ];
    if (row.kind === "runner")
      fields.push({
        field: "status",
        ours: ours?.status ?? null,
        dh: (dh as DhStartData).declared ? "declared" : "entered",
      });
    if (row.kind === "result") {
      const r = dh as DhResultData;
      fields.push(
        { field: "result", ours: ours?.result ? resultCode(ours.result) : null, dh: resultCode(r) },
        { field: "prize", ours: text(ours?.result?.prizeOre), dh: text(r.prizeOre) },
      );
    }
    items.push({
      ...base,
      horseName: matched?.name ?? dh.horseName,
      raceName: dh.raceName,
      raceDate: dh.raceDate,
      isNew: !ours,
      waitsForHorse: !matched,
      fields,
    });
  }
  return items;
}

/** A runner or result for a horse the site has not matched yet. */
export class DhNeedsHorseError extends Error {
  constructor() {
    super("Accept the horse from Dansk Hestevæddeløb first");
  }
}

async function linkRunner(runnerId: string, startKey: string, resultFromDh: boolean) {
  await writeContent(async (trx) => {
    const done = await trx
      .updateTable("runners")
      .set({ dh_start_key: startKey, ...(resultFromDh ? { result_source: "dh" } : {}) })
      .where("id", "=", runnerId)
      .executeTakeFirst();
    return Number(done.numUpdatedRows) > 0;
  });
}

async function runnerOfStart(startKey: string) {
  const row = await db().selectFrom("runners").select("id").where("dh_start_key", "=", startKey).executeTakeFirst();
  return row?.id ?? null;
}

/** Creates the runner of a DH start as the Runners tab's Add Runner would, declared when DH says so. */
async function createStart(dh: DhStartData): Promise<string> {
  const horse = await horseByDhId(dh.dhHorseId);
  if (!horse) throw new DhNeedsHorseError();
  const { id } = await createRunner({
    horseId: horse.id,
    raceName: dh.raceName,
    raceDate: dh.raceDate,
    postTime: dh.postTime,
    track: dh.track,
    distance: dh.distance,
    jockey: dh.jockey,
  });
  await linkRunner(id, dh.startKey, false);
  if (dh.declared)
    await declareRunner(id, { jockey: dh.jockey ?? "", weightG: dh.weightG, draw: dh.draw, equipment: [] });
  return id;
}

/** Brings a runner of ours in line with DH's start: what DH decides (time, distance, rider, declared); the stable's race name and track stay. */
async function updateStart(runnerId: string, dh: DhStartData) {
  const ours = await getRunner(runnerId);
  if (!ours) return createStart(dh);
  const details = {
    horseId: ours.horseId,
    raceName: ours.raceName,
    raceDate: ours.raceDate,
    postTime: dh.postTime ?? ours.postTime,
    track: ours.track ?? dh.track,
    distance: dh.distance ?? ours.distance,
    jockey: dh.jockey ?? ours.jockey,
    declarationDeadline: ours.declarationDeadline,
    withdrawalDeadline: ours.withdrawalDeadline,
  };
  if (details.postTime !== ours.postTime || details.distance !== ours.distance || details.jockey !== ours.jockey)
    await updateRunner(runnerId, details);
  if (dh.declared && ours.status === "entered")
    await declareRunner(runnerId, {
      jockey: details.jockey ?? "",
      weightG: dh.weightG,
      draw: dh.draw,
      equipment: [],
    });
  await linkRunner(runnerId, dh.startKey, false);
  return runnerId;
}

async function applyHorse(row: Row) {
  const dh = JSON.parse(row.payload) as DhHorseData;
  const already = await horseByDhId(dh.dhHorseId);
  if (!row.target_id) {
    if (already) return;
    const horse = await createHorse({
      name: dh.name,
      age: 0,
      color: dh.color,
      sex: dh.sex,
      yearOfBirth: dh.yearOfBirth,
      sire: dh.sire,
      dam: dh.dam,
      damSire: dh.damSire,
    });
    await db().updateTable("horses").set({ dh_horse_id: dh.dhHorseId }).where("id", "=", horse.id).execute();
    return;
  }
  const ours = await getHorse(row.target_id);
  if (!ours) return;
  if (!already) await db().updateTable("horses").set({ dh_horse_id: dh.dhHorseId }).where("id", "=", ours.id).execute();
  const filled = {
    name: dh.name || ours.name,
    sex: ours.sex ?? dh.sex,
    color: ours.color || dh.color,
    yearOfBirth: ours.yearOfBirth ?? dh.yearOfBirth,
    sire: ours.sire || dh.sire,
    dam: ours.dam || dh.dam,
    damSire: ours.damSire ?? dh.damSire,
  };
  const changed = (Object.keys(filled) as (keyof typeof filled)[]).some((k) => filled[k] !== ours[k]);
  if (!changed) return;
  const { image: _image, totalPrizeOre: _total, ...rest } = ours;
  await updateHorse(ours.id, { ...rest, ...filled, prizeDeltaOre: 0 });
}

async function applyResult(row: Row, today: string) {
  const dh = JSON.parse(row.payload) as DhResultData;
  let runnerId = row.target_id && (await getRunner(row.target_id)) ? row.target_id : await runnerOfStart(dh.startKey);
  if (!runnerId) runnerId = await createStart({ ...dh, declared: false });
  await recordResult(runnerId, { position: dh.position, didNotFinish: dh.didNotFinish, prizeOre: dh.prizeOre }, today);
  await linkRunner(runnerId, dh.startKey, true);
}

async function apply(row: Row, today: string) {
  if (row.kind === "horse") return applyHorse(row);
  if (row.kind === "runner") {
    const dh = JSON.parse(row.payload) as DhStartData;
    const target = row.target_id ?? (await runnerOfStart(dh.startKey));
    if (target) await updateStart(target, dh);
    else await createStart(dh);
    return;
  }
  if (row.kind === "withdrawal") {
    if (!row.target_id) return;
    try {
      await withdrawRunner(row.target_id, null);
    } catch (error) {
      // It ran after all, or was withdrawn meanwhile: nothing is left to do.
      if (!(error instanceof RunnerStatusError)) throw error;
    }
    return;
  }
  return applyResult(row, today);
}

async function decide(id: string, status: "accepted" | "ignored") {
  await db()
    .updateTable("dh_proposals")
    .set({ status, decided_at: new Date().toISOString() })
    .where("id", "=", id)
    .execute();
}

async function openRow(id: string) {
  return db()
    .selectFrom("dh_proposals")
    .selectAll()
    .where("id", "=", id)
    .where("status", "=", "open")
    .executeTakeFirst();
}

/** Accepts one proposal on the Danish day `today`; null when it is not open (any more). */
export async function acceptProposal(id: string, today: string): Promise<{ accepted: true } | null> {
  const row = await openRow(id);
  if (!row) return null;
  await apply(row, today);
  await decide(id, "accepted");
  return { accepted: true };
}

export async function ignoreProposal(id: string): Promise<{ ignored: true } | null> {
  const row = await openRow(id);
  if (!row) return null;
  await decide(id, "ignored");
  await recordActivity({
    kind: "update",
    entity: "dh-import",
    entityId: id,
    summary: `From Dansk Hestevæddeløb ignored: ${row.key}`,
  });
  return { ignored: true };
}

/** Accepts the proposals in order (horses first); one whose horse is not matched (or whose runner changed meanwhile) waits. */
export async function acceptProposals(ids: string[], today: string): Promise<{ accepted: number; waiting: number }> {
  const wanted = new Set(ids);
  const rows = (await listOpenProposals()).filter((r) => wanted.has(r.id));
  let accepted = 0;
  let waiting = 0;
  for (const row of rows) {
    try {
      await apply(row, today);
      await decide(row.id, "accepted");
      accepted++;
    } catch (error) {
      // Its horse is not matched yet, or its runner changed here since the import: it stays open.
      const waits =
        error instanceof DhNeedsHorseError || error instanceof RunnerStatusError || error instanceof RaceNotRunError;
      if (!waits) throw error;
      waiting++;
    }
  }
  return { accepted, waiting };
}

export async function acceptAllProposals(today: string) {
  return acceptProposals(
    (await listOpenProposals()).map((r) => r.id),
    today,
  );
}
