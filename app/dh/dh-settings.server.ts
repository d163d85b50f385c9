import type { Selectable } from "kysely";
import type { DhSettingsTable } from "@db/schema";
import { db } from "~/platform/db.server";
import { recordActivity } from "~/models/activity.server";
import type { Discipline } from "./dh-api.server";

/** Why a run stopped: DH away, an answer of a shape the import does not know, no such licence or horse. */
export const DH_PROBLEM_KINDS = ["unavailable", "shape", "not-found"] as const;
export type DhProblemKind = (typeof DH_PROBLEM_KINDS)[number];
const isProblemKind = (v: unknown): v is DhProblemKind => DH_PROBLEM_KINDS.includes(v as DhProblemKind);

/** The import's settings: one row, made on first save. */
export type DhSettings = {
  licence: string;
  discipline: Discipline;
  enabled: boolean;
  /** Proposals for horses already matched are accepted by the import itself. */
  autoApply: boolean;
  lastRunAt: string | null;
  lastOutcome: string | null;
  /** The last run's problem, in English (the activity log's words). */
  problem: string | null;
  problemKind: DhProblemKind | null;
  problemDetail: string | null;
  problemAt: string | null;
  retryAfter: string | null;
};

export const DEFAULT_DH_SETTINGS: DhSettings = {
  licence: "",
  discipline: "gallop",
  enabled: false,
  autoApply: false,
  lastRunAt: null,
  lastOutcome: null,
  problem: null,
  problemKind: null,
  problemDetail: null,
  problemAt: null,
  retryAfter: null,
};

function toSettings(r: Selectable<DhSettingsTable>): DhSettings {
  return {
    licence: r.licence,
    discipline: r.discipline === "trot" ? "trot" : "gallop",
    enabled: Number(r.enabled) === 1,
    autoApply: Number(r.auto_apply) === 1,
    lastRunAt: r.last_run_at,
    lastOutcome: r.last_outcome,
    problem: r.problem,
    problemKind: isProblemKind(r.problem_kind) ? r.problem_kind : null,
    problemDetail: r.problem_detail,
    problemAt: r.problem_at,
    retryAfter: r.retry_after,
  };
}

export async function getDhSettings(): Promise<DhSettings> {
  const row = await db().selectFrom("dh_settings").selectAll().where("id", "=", 1).executeTakeFirst();
  return row ? toSettings(row) : DEFAULT_DH_SETTINGS;
}

export type DhSettingsInput = Pick<DhSettings, "licence" | "discipline" | "enabled" | "autoApply">;

async function upsert(values: Partial<Omit<Selectable<DhSettingsTable>, "id">>) {
  const now = new Date().toISOString();
  await db()
    .insertInto("dh_settings")
    .values({ id: 1, ...values, updated_at: now })
    .onConflict((oc) => oc.column("id").doUpdateSet({ ...values, updated_at: now }))
    .execute();
}

export async function saveDhSettings(input: DhSettingsInput): Promise<DhSettings> {
  await db()
    .transaction()
    .execute(async (trx) => {
      const now = new Date().toISOString();
      const values = {
        licence: input.licence.trim(),
        discipline: input.discipline,
        enabled: input.enabled ? 1 : 0,
        auto_apply: input.autoApply ? 1 : 0,
      };
      await trx
        .insertInto("dh_settings")
        .values({ id: 1, ...values, updated_at: now })
        .onConflict((oc) => oc.column("id").doUpdateSet({ ...values, updated_at: now }))
        .execute();
      await recordActivity(
        {
          kind: "update",
          entity: "dh-import",
          summary: `Dansk Hestevæddeløb import ${input.enabled ? "on" : "off"}: licence ${values.licence || "none"}, ${input.discipline}`,
        },
        { trx },
      );
    });
  return getDhSettings();
}

/** A run that read and wrote what it found: the last problem is cleared. */
export async function recordDhRun(outcome: string, at = new Date()) {
  await upsert({
    last_run_at: at.toISOString(),
    last_outcome: outcome,
    problem: null,
    problem_kind: null,
    problem_detail: null,
    problem_at: null,
    retry_after: null,
  });
}

/**
 * A run that could not finish: why (shown on the Today panel until a run succeeds) and, for DH
 * being away, when to try again; the activity log says so once per problem.
 */
export async function recordDhProblem(
  kind: DhProblemKind,
  detail: string,
  problem: string,
  { retryAfter, at = new Date() }: { retryAfter?: Date; at?: Date } = {},
) {
  const before = await getDhSettings();
  await upsert({
    last_run_at: at.toISOString(),
    last_outcome: "problem",
    problem,
    problem_kind: kind,
    problem_detail: detail,
    problem_at: at.toISOString(),
    retry_after: retryAfter?.toISOString() ?? null,
  });
  if (before.problem !== problem)
    await recordActivity({
      kind: "update",
      entity: "dh-import",
      summary: `Dansk Hestevæddeløb import stopped: ${problem}`,
    });
}
