import { createHash } from "node:crypto";
import { db } from "~/platform/db.server";
import { log } from "~/platform/log.server";
import { recordActivity } from "~/models/activity.server";
import {
  basicInformationSchema,
  comingStartsSchema,
  dhGet,
  dhPaths,
  DhNotFoundError,
  DhShapeError,
  DhUnavailableError,
  pedigreeSchema,
  resultsSchema,
  trainerSchema,
  trainingListSchema,
  type Discipline,
} from "./dh-api.server";
import { planImport, type DhAnswers, type PlannedProposal, type SiteHorse, type SiteRunner } from "./dh-plan";
import { getDhSettings, recordDhProblem, recordDhRun, type DhProblemKind } from "./dh-settings.server";
import { acceptProposals, listOpenProposals } from "./dh-review.server";

/**
 * One import from Dansk Hestevæddeløb: every answer read (and checked) first, then what differs
 * from the site written as proposals in one transaction. Reading the same again writes nothing.
 */

export type ImportOutcome =
  | { outcome: "off" }
  | { outcome: "done"; proposed: number; changed: number; applied: number }
  | { outcome: "unavailable"; problem: string; kind: DhProblemKind; detail: string; retryAfter: Date }
  | { outcome: "refused"; problem: string; kind: DhProblemKind; detail: string };

/** How long the import leaves DH alone after it did not answer (unless it asked for longer). */
export const RETRY_MINUTES = 30;

/** Reads the training list, the coming starts and the results (and new horses' details). */
export async function readDh(discipline: Discipline, licence: string, knownDhIds: Set<string>): Promise<DhAnswers> {
  const trainingList = await dhGet(dhPaths.trainingList(discipline, licence), trainingListSchema);
  // A trainer with no coming starts (or no results yet) may get a 404 for them: nothing to import.
  const comingStarts = await orWhenNone(dhGet(dhPaths.comingStarts(discipline, licence), comingStartsSchema), []);
  const results = await orWhenNone(dhGet(dhPaths.results(discipline, licence), resultsSchema), []);
  const details: DhAnswers["details"] = new Map();
  for (const entry of trainingList) {
    if (knownDhIds.has(entry.horse.id)) continue;
    const info = await dhGet(dhPaths.horse(discipline, entry.horse.id), basicInformationSchema);
    const pedigree = await orWhenNone(dhGet(dhPaths.pedigree(discipline, entry.horse.id), pedigreeSchema), {
      father: null,
      mother: null,
    });
    details.set(entry.horse.id, { info, pedigree });
  }
  return { discipline, trainingList, comingStarts, results, details };
}

/** `fallback` for a 404: DH has none of them. */
async function orWhenNone<T>(read: Promise<T>, fallback: T): Promise<T> {
  try {
    return await read;
  } catch (error) {
    if (error instanceof DhNotFoundError && error.status === 404) return fallback;
    throw error;
  }
}

async function siteHorses(): Promise<SiteHorse[]> {
  const rows = await db()
    .selectFrom("horses")
    .select(["id", "name", "dh_horse_id", "sex", "color", "year_of_birth", "sire", "dam", "dam_sire"])
    .execute();
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    dhHorseId: r.dh_horse_id,
    sex: r.sex,
    color: r.color,
    yearOfBirth: r.year_of_birth === null ? null : Number(r.year_of_birth),
    sire: r.sire,
    dam: r.dam,
    damSire: r.dam_sire,
  }));
}

/** The runners the import may touch: those of DH's starts, and every runner of a matched horse from `since` on. */
async function siteRunners(since: string): Promise<SiteRunner[]> {
  const rows = await db()
    .selectFrom("runners as r")
    .innerJoin("horses as h", "h.id", "r.horse_id")
    .select([
      "r.id",
      "r.horse_id",
      "r.race_date",
      "r.post_time",
      "r.distance",
      "r.jockey",
      "r.status",
      "r.dh_start_key",
      "r.result_at",
      "r.position",
      "r.did_not_finish",
      "r.prize_ore",
    ])
    .where((eb) => eb.or([eb("r.dh_start_key", "is not", null), eb("h.dh_horse_id", "is not", null)]))
    .where("r.race_date", ">=", since)
    .orderBy("r.race_date")
    .orderBy("r.created_at")
    .execute();
  return rows.map((r) => ({
    id: r.id,
    horseId: r.horse_id,
    raceDate: r.race_date,
    postTime: r.post_time,
    distance: r.distance,
    jockey: r.jockey,
    status: r.status,
    dhStartKey: r.dh_start_key,
    hasResult: r.result_at !== null,
    position: r.position === null ? null : Number(r.position),
    didNotFinish: Number(r.did_not_finish) === 1,
    prizeOre: r.prize_ore === null ? null : Number(r.prize_ore),
  }));
}

export const fingerprintOf = (p: PlannedProposal) =>
  createHash("sha256")
    .update(JSON.stringify([p.kind, p.targetId, p.payload]))
    .digest("hex");

/**
 * Writes the plan: a new proposal is stored open, one that reads as before is left as it is (open,
 * accepted or ignored), one that changed is open again; an open one the plan no longer makes (the
 * site caught up) goes. Answers how many were new and how many changed.
 */
async function storeProposals(planned: PlannedProposal[], links: { runnerId: string; startKey: string }[]) {
  return db()
    .transaction()
    .execute(async (trx) => {
      let proposed = 0;
      let changed = 0;
      const now = new Date().toISOString();
      for (const link of links)
        await trx
          .updateTable("runners")
          .set({ dh_start_key: link.startKey })
          .where("id", "=", link.runnerId)
          .where("dh_start_key", "is", null)
          .execute();
      const existing = await trx.selectFrom("dh_proposals").select(["id", "key", "fingerprint", "status"]).execute();
      const byKey = new Map(existing.map((e) => [e.key, e]));
      for (const p of planned) {
        const fingerprint = fingerprintOf(p);
        const before = byKey.get(p.key);
        byKey.delete(p.key);
        if (before?.fingerprint === fingerprint) continue;
        const values = {
          kind: p.kind,
          dh_horse_id: p.dhHorseId,
          target_id: p.targetId,
          race_date: p.raceDate,
          payload: JSON.stringify(p.payload),
          fingerprint,
          status: "open" as const,
          updated_at: now,
          decided_at: null,
        };
        if (before) {
          await trx.updateTable("dh_proposals").set(values).where("id", "=", before.id).execute();
          changed++;
        } else {
          await trx
            .insertInto("dh_proposals")
            .values({ id: crypto.randomUUID(), key: p.key, created_at: now, ...values })
            // Another run (Import now beside the scheduled one) stored it a moment ago.
            .onConflict((oc) => oc.column("key").doNothing())
            .execute();
          proposed++;
        }
      }
      const stale = [...byKey.values()].filter((e) => e.status === "open").map((e) => e.id);
      if (stale.length) await trx.deleteFrom("dh_proposals").where("id", "in", stale).execute();
      if (proposed + changed > 0)
        await recordActivity(
          {
            kind: "update",
            entity: "dh-import",
            summary: `From Dansk Hestevæddeløb: ${proposed} new and ${changed} changed to review`,
          },
          { trx },
        );
      return { proposed, changed };
    });
}

/** Runs the import on the Danish day `today`; DH away or an answer not understood is a notice, never a crash. */
export async function runDhImport(today: string): Promise<ImportOutcome> {
  const settings = await getDhSettings();
  if (!settings.enabled || !settings.licence) return { outcome: "off" };
  const horses = await siteHorses();
  let answers: DhAnswers;
  try {
    answers = await readDh(
      settings.discipline,
      settings.licence,
      new Set(horses.flatMap((h) => (h.dhHorseId ? [h.dhHorseId] : []))),
    );
  } catch (error) {
    return await refused(error);
  }
  const since = new Date(`${today}T00:00:00Z`);
  since.setUTCDate(since.getUTCDate() - 60);
  const runners = await siteRunners(since.toISOString().slice(0, 10));
  const { proposals, links } = planImport(answers, { horses, runners }, today);
  const { proposed, changed } = await storeProposals(proposals, links);
  let applied = 0;
  if (settings.autoApply) {
    const matched = new Set(horses.flatMap((h) => (h.dhHorseId ? [h.dhHorseId] : [])));
    const open = (await listOpenProposals()).filter((p) => p.kind !== "horse" && matched.has(p.dh_horse_id));
    applied = (
      await acceptProposals(
        open.map((p) => p.id),
        today,
      )
    ).accepted;
  }
  await recordDhRun(`${proposed} new, ${changed} changed, ${applied} applied`);
  return { outcome: "done", proposed, changed, applied };
}

async function refused(error: unknown): Promise<ImportOutcome> {
  if (error instanceof DhUnavailableError) {
    const retryAfter = new Date(Date.now() + Math.max(error.retryAfterMs ?? 0, RETRY_MINUTES * 60_000));
    const problem = `Dansk Hestevæddeløb did not answer (${error.reason}); the import tries again later`;
    await recordDhProblem("unavailable", error.reason, problem, { retryAfter });
    log.warn("Dansk Hestevæddeløb import: no answer; tried again later", { path: error.path, reason: error.reason });
    return { outcome: "unavailable", problem, kind: "unavailable", detail: error.reason, retryAfter };
  }
  if (error instanceof DhShapeError) {
    const detail = `${error.path}: ${error.detail}`;
    const problem = `an answer from Dansk Hestevæddeløb had a shape the import does not know (${detail}); nothing was written`;
    await recordDhProblem("shape", detail, problem);
    log.error("Dansk Hestevæddeløb import refused an answer", { path: error.path, detail: error.detail });
    return { outcome: "refused", problem, kind: "shape", detail };
  }
  if (error instanceof DhNotFoundError) {
    const detail = `${error.status}, ${error.path}`;
    const problem = `Dansk Hestevæddeløb knows no such licence or horse (answer ${detail})`;
    await recordDhProblem("not-found", detail, problem);
    return { outcome: "refused", problem, kind: "not-found", detail };
  }
  throw error;
}

export type ConnectionTest =
  | { ok: true; trainer: string; horses: number }
  | { ok: false; reason: "no-licence" | "unknown-licence" | "unavailable" | "shape"; detail?: string };

/** Test connection: the trainer's name and how many horses DH lists, or why not. */
export async function testDhConnection(licence: string, discipline: Discipline): Promise<ConnectionTest> {
  if (!licence.trim()) return { ok: false, reason: "no-licence" };
  try {
    const trainer = await dhGet(dhPaths.trainer(discipline, licence.trim()), trainerSchema);
    const list = await dhGet(dhPaths.trainingList(discipline, licence.trim()), trainingListSchema);
    return { ok: true, trainer: trainer.name, horses: list.length };
  } catch (error) {
    if (error instanceof DhNotFoundError) return { ok: false, reason: "unknown-licence" };
    if (error instanceof DhUnavailableError) return { ok: false, reason: "unavailable", detail: error.reason };
    if (error instanceof DhShapeError) return { ok: false, reason: "shape", detail: error.path };
    throw error;
  }
}

/** Whether the scheduled import waits: DH did not answer a moment ago. */
export async function waitingForDh(now: Date) {
  const settings = await getDhSettings();
  return settings.retryAfter !== null && settings.retryAfter > now.toISOString();
}
