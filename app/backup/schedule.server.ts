import { randomUUID } from "node:crypto";
import type { Updateable } from "kysely";
import type { BackupScheduleTable } from "@db/schema";
import { db } from "~/platform/db.server";
import { env } from "~/platform/env.server";
import { FAULT_REASONS, faultOf } from "~/platform/faults.server";
import { log } from "~/platform/log.server";
import { createBackup, pruneBackups, type BackupOptions } from "./create-backup.server";

/** What went wrong with a backup, in one line for the log, the dashboard and the command line. */
export function describeBackupError(error: unknown) {
  const message = error instanceof Error ? error.message : String(error);
  const fault = faultOf(error);
  return fault ? `${FAULT_REASONS[fault.kind]} (${message})` : message;
}

export type BackupStatus = {
  nextDueAt: string | null;
  lastSuccessAt: string | null;
  lastFile: string | null;
  lastFailureAt: string | null;
  lastError: string | null;
};

export async function getBackupStatus(): Promise<BackupStatus> {
  const row = await db()
    .selectFrom("backup_schedule")
    .select(["next_due_at", "last_success_at", "last_file", "last_failure_at", "last_error"])
    .where("id", "=", 1)
    .executeTakeFirst();
  return {
    nextDueAt: row?.next_due_at ?? null,
    lastSuccessAt: row?.last_success_at ?? null,
    lastFile: row?.last_file ?? null,
    lastFailureAt: row?.last_failure_at ?? null,
    lastError: row?.last_error ?? null,
  };
}

export type BackupFailureNotice = { failedAt: string; error: string; nextAttemptAt: string | null };

/** The failure the admin pages show: the last scheduled backup failed (and none succeeded since). */
export async function backupFailureNotice(): Promise<BackupFailureNotice | null> {
  if (env().BACKUP_INTERVAL_HOURS === undefined) return null;
  const status = await getBackupStatus();
  if (!status.lastFailureAt || (status.lastSuccessAt && status.lastSuccessAt > status.lastFailureAt)) return null;
  return { failedAt: status.lastFailureAt, error: status.lastError ?? "", nextAttemptAt: status.nextDueAt };
}

/**
 * Takes the scheduled run when it is due and nobody holds it: one conditional update, so of several
 * instances sharing the database exactly one wins each interval.
 */
export async function claimScheduledBackup(instance: string, now: Date, leaseMs: number) {
  const at = now.toISOString();
  const result = await db()
    .updateTable("backup_schedule")
    .set({ lease_until: new Date(now.getTime() + leaseMs).toISOString(), claimed_by: instance, last_started_at: at })
    .where("id", "=", 1)
    .where((eb) => eb.or([eb("next_due_at", "is", null), eb("next_due_at", "<=", at)]))
    .where((eb) => eb.or([eb("lease_until", "is", null), eb("lease_until", "<=", at)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

async function finishClaim(instance: string, values: Updateable<BackupScheduleTable>) {
  await db()
    .updateTable("backup_schedule")
    .set({ ...values, lease_until: null, claimed_by: null })
    .where("id", "=", 1)
    .where("claimed_by", "=", instance)
    .execute();
}

export type ScheduleOptions = {
  dir: string;
  intervalMs: number;
  keep?: number;
  /** This instance's name in the claim. */
  instance?: string;
  /** How long a claim holds before another instance may take over (it is renewed while running). */
  leaseMs?: number;
  /** Longest sleep between looks at the schedule: how soon another instance's run is noticed. */
  pollMs?: number;
  /** A failed run is tried again after this long, or after the interval if that is shorter. */
  retryMs?: number;
  /** Delay before the first look, so that start-up is not slowed. */
  firstLookMs?: number;
  backup?: Pick<BackupOptions, "handle" | "store">;
};

export type RunOutcome = "not-due" | "done" | "failed" | "stopped";

/** One look at the schedule: runs a backup when it is this instance's turn. */
export async function runScheduledBackup(
  options: ScheduleOptions & { instance: string },
  signal?: AbortSignal,
): Promise<RunOutcome> {
  const leaseMs = options.leaseMs ?? 30 * 60_000;
  if (!(await claimScheduledBackup(options.instance, new Date(), leaseMs))) return "not-due";
  const renew = setInterval(() => {
    db()
      .updateTable("backup_schedule")
      .set({ lease_until: new Date(Date.now() + leaseMs).toISOString() })
      .where("id", "=", 1)
      .where("claimed_by", "=", options.instance)
      .execute()
      .catch((error: unknown) => log.warn("Could not renew the backup claim", { error: String(error) }));
  }, leaseMs / 3);
  renew.unref();
  const started = Date.now();
  try {
    const result = await createBackup({ dir: options.dir, signal, ...options.backup });
    const removed = options.keep ? await pruneBackups(options.dir, options.keep) : [];
    await finishClaim(options.instance, {
      last_success_at: new Date().toISOString(),
      last_file: result.file,
      next_due_at: new Date(started + options.intervalMs).toISOString(),
    });
    log.info("Scheduled backup written", { file: result.file, bytes: result.bytes, ms: result.ms, removed });
    return "done";
  } catch (error) {
    if (signal?.aborted) {
      // Stopped by a shutdown: the run is still due, for whichever instance looks next.
      await finishClaim(options.instance, {}).catch(() => {});
      log.info("Scheduled backup stopped by the shutdown; nothing was kept");
      return "stopped";
    }
    const reason = describeBackupError(error);
    log.error("Scheduled backup failed", { error, dir: options.dir });
    const retryMs = Math.min(options.intervalMs, options.retryMs ?? 60 * 60_000);
    await finishClaim(options.instance, {
      last_failure_at: new Date().toISOString(),
      last_error: reason,
      next_due_at: new Date(Date.now() + retryMs).toISOString(),
    }).catch((recordError: unknown) => log.error("Could not record the failed backup", { error: String(recordError) }));
    return "failed";
  } finally {
    clearInterval(renew);
  }
}

export type BackupScheduler = { stop: () => Promise<void> };

/** Looks at the schedule until stopped; safe beside other instances on the same database. */
export function startBackupScheduler(options: ScheduleOptions): BackupScheduler {
  const instance = options.instance ?? randomUUID();
  const pollMs = options.pollMs ?? 60_000;
  const controller = new AbortController();
  let wake: (() => void) | undefined;
  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ms);
      wake = () => {
        clearTimeout(timer);
        resolve();
      };
    });

  const loop = async () => {
    await sleep(options.firstLookMs ?? 2000);
    while (!controller.signal.aborted) {
      let delay = pollMs;
      try {
        await runScheduledBackup({ ...options, instance }, controller.signal);
        const { nextDueAt } = await getBackupStatus();
        if (nextDueAt) delay = Math.min(pollMs, Math.max(1000, Date.parse(nextDueAt) - Date.now()));
      } catch (error) {
        // The schedule itself could not be read (the database is down): look again later.
        log.warn("Could not check the backup schedule", { error: describeBackupError(error) });
      }
      if (!controller.signal.aborted) await sleep(delay);
    }
  };
  const finished = loop();
  return {
    stop: async () => {
      controller.abort();
      wake?.();
      await finished;
    },
  };
}

// One scheduler per process, kept on globalThis so a reloaded module (development) finds it.
const KEY = Symbol.for("stable.backupScheduler");
type Holder = { [KEY]?: BackupScheduler };

/** Starts scheduled backups when BACKUP_INTERVAL_HOURS is set. */
export function startScheduledBackups() {
  const { BACKUP_INTERVAL_HOURS, BACKUP_KEEP, backupDir } = env();
  if (BACKUP_INTERVAL_HOURS === undefined) return;
  const holder = globalThis as Holder;
  holder[KEY] ??= startBackupScheduler({
    dir: backupDir,
    intervalMs: BACKUP_INTERVAL_HOURS * 3_600_000,
    keep: BACKUP_KEEP,
  });
}

export async function stopScheduledBackups() {
  const holder = globalThis as Holder;
  const scheduler = holder[KEY];
  holder[KEY] = undefined;
  await scheduler?.stop();
}
