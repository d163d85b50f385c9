import type { JobRunStatus } from "@db/schema";
import { db, type DB } from "~/platform/db.server";

/**
 * The scheduled jobs' claims (app/jobs/scheduler.server.ts): one row per job and period, inserted by
 * the instance that runs it. Of several instances inserting the same row at once, the primary key
 * lets one in; a failed or stopped run is taken again from its retry time, and a run whose instance
 * died (its lease ran out) by whichever instance looks next.
 */

export type JobRunKey = { job: string; period: string; instance: string };

export type JobRun = {
  job: string;
  period: string;
  status: JobRunStatus;
  attempts: number;
  startedAt: string;
  finishedAt: string | null;
  leaseUntil: string | null;
  retryAt: string | null;
  error: string | null;
  note: string | null;
};

const COLUMNS = [
  "job",
  "period",
  "status",
  "attempts",
  "started_at",
  "finished_at",
  "lease_until",
  "retry_at",
  "error",
  "note",
] as const;

type Row = { [K in (typeof COLUMNS)[number]]: K extends "attempts" ? number | string : unknown };

function toJobRun(row: Row): JobRun {
  return {
    job: row.job as string,
    period: row.period as string,
    status: row.status as JobRunStatus,
    attempts: Number(row.attempts),
    startedAt: row.started_at as string,
    finishedAt: row.finished_at as string | null,
    leaseUntil: row.lease_until as string | null,
    retryAt: row.retry_at as string | null,
    error: row.error as string | null,
    note: row.note as string | null,
  };
}

export type Claim = { claimed: true; attempts: number } | { claimed: false; run: JobRun | null };

/**
 * Claims a job's period for `instance` until `leaseUntil`: the first claim inserts the row; a later
 * one takes it only when its retry time or its lease has passed. Answers who holds it otherwise.
 */
export async function claimJobRun(
  key: JobRunKey,
  { now, leaseUntil }: { now: Date; leaseUntil: Date },
): Promise<Claim> {
  const at = now.toISOString();
  const running = { status: "running" as const, instance: key.instance, lease_until: leaseUntil.toISOString() };
  const inserted = await db()
    .insertInto("job_runs")
    .values({ job: key.job, period: key.period, started_at: at, ...running })
    .onConflict((oc) => oc.columns(["job", "period"]).doNothing())
    .returning("attempts")
    .executeTakeFirst();
  if (inserted) return { claimed: true, attempts: Number(inserted.attempts) };
  const retaken = await db()
    .updateTable("job_runs")
    .set((eb) => ({
      ...running,
      attempts: eb("attempts", "+", 1),
      started_at: at,
      finished_at: null,
      retry_at: null,
      error: null,
    }))
    .where("job", "=", key.job)
    .where("period", "=", key.period)
    .where((eb) =>
      eb.or([
        eb.and([eb("status", "in", ["failed", "stopped"]), eb("retry_at", "<=", at)]),
        eb.and([eb("status", "=", "running"), eb("lease_until", "<=", at)]),
      ]),
    )
    .returning("attempts")
    .executeTakeFirst();
  if (retaken) return { claimed: true, attempts: Number(retaken.attempts) };
  return { claimed: false, run: await getJobRun(key.job, key.period) };
}

export async function getJobRun(job: string, period: string): Promise<JobRun | null> {
  const row = await db()
    .selectFrom("job_runs")
    .select(COLUMNS)
    .where("job", "=", job)
    .where("period", "=", period)
    .executeTakeFirst();
  return row ? toJobRun(row) : null;
}

const held = (executor: DB, key: JobRunKey) =>
  executor
    .updateTable("job_runs")
    .where("job", "=", key.job)
    .where("period", "=", key.period)
    .where("instance", "=", key.instance)
    .where("status", "=", "running");

/** Keeps a run's claim while it works; false when it is no longer this instance's. */
export async function renewJobRun(key: JobRunKey, leaseUntil: Date): Promise<boolean> {
  const result = await held(db(), key).set({ lease_until: leaseUntil.toISOString() }).executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * Records the run as done, through `executor` when the job's own transaction is to commit it with
 * its work. False when the claim was no longer this instance's.
 */
export async function finishJobRun(
  key: JobRunKey,
  { at, note = null, executor = db() }: { at: Date; note?: string | null; executor?: DB },
): Promise<boolean> {
  const result = await held(executor, key)
    .set({ status: "done", finished_at: at.toISOString(), lease_until: null, note })
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Records a failed run (or one a shutdown stopped), to be taken again from `retryAt`. */
export async function failJobRun(
  key: JobRunKey,
  {
    at,
    error,
    retryAt,
    status = "failed",
  }: { at: Date; error: string | null; retryAt: Date; status?: "failed" | "stopped" },
): Promise<boolean> {
  const result = await held(db(), key)
    .set({ status, finished_at: at.toISOString(), lease_until: null, retry_at: retryAt.toISOString(), error })
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** A job's latest run that ended so (by when it ended), or null. */
export async function latestJobRun(job: string, status: "done" | "failed"): Promise<JobRun | null> {
  const row = await db()
    .selectFrom("job_runs")
    .select(COLUMNS)
    .where("job", "=", job)
    .where("status", "=", status)
    .orderBy("finished_at", "desc")
    .limit(1)
    .executeTakeFirst();
  return row ? toJobRun(row) : null;
}

export const JOB_RUN_RETENTION_MS = 90 * 24 * 60 * 60_000;

/**
 * Forgets runs that ended more than 90 days ago, but never a job's latest: the period it names may
 * still be the current one (a yearly backup), and only the current period is ever claimed again.
 */
export async function pruneJobRuns(now = new Date()): Promise<number> {
  const result = await db()
    .deleteFrom("job_runs")
    .where("status", "!=", "running")
    .where("finished_at", "<", new Date(now.getTime() - JOB_RUN_RETENTION_MS).toISOString())
    .where("started_at", "<", (eb) =>
      eb
        .selectFrom("job_runs as latest")
        .select((l) => l.fn.max("latest.started_at").as("started"))
        .whereRef("latest.job", "=", "job_runs.job"),
    )
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
