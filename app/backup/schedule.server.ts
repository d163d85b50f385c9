import { every, periodAt } from "~/jobs/schedule";
import { job, registerJob, type Job } from "~/jobs/scheduler.server";
import { latestJobRun } from "~/models/job-run.server";
import { env } from "~/platform/env.server";
import { FAULT_REASONS, faultOf } from "~/platform/faults.server";
import { log } from "~/platform/log.server";
import { createBackup, pruneBackups, type BackupOptions } from "./create-backup.server";

/** The name scheduled backups' runs are recorded under (job_runs). */
export const BACKUP_JOB = "backup";

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

/** How the scheduled backups went, from their runs: the last success, the last failure, the next turn. */
export async function getBackupStatus(now = new Date()): Promise<BackupStatus> {
  const [success, failure] = await Promise.all([latestJobRun(BACKUP_JOB, "done"), latestJobRun(BACKUP_JOB, "failed")]);
  const failing = failure && (!success || failure.finishedAt! > success.finishedAt!);
  const hours = env().BACKUP_INTERVAL_HOURS;
  const nextTurn = hours === undefined ? null : periodAt(every({ hours }), now).end.toISOString();
  return {
    nextDueAt: failing ? failure.retryAt : nextTurn,
    lastSuccessAt: success?.finishedAt ?? null,
    lastFile: success?.note ?? null,
    lastFailureAt: failure?.finishedAt ?? null,
    lastError: failure?.error ?? null,
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

export type BackupJobOptions = {
  dir: string;
  hours: number;
  keep?: number;
  backup?: Pick<BackupOptions, "handle" | "store">;
};

/**
 * A backup every `hours` (counted from midnight UTC), made by one instance of those sharing the
 * database; a failed one is tried again within the hour, and one a shutdown stopped (between two
 * files, removing what it wrote) is taken again by whichever instance looks next.
 */
export function backupJob({ dir, hours, keep, backup }: BackupJobOptions): Job {
  return job({
    name: BACKUP_JOB,
    due: every({ hours }),
    retryMinutes: 60,
    leaseMinutes: 30,
    run: async ({ signal }) => {
      try {
        const result = await createBackup({ dir, signal, ...backup });
        const removed = keep ? await pruneBackups(dir, keep) : [];
        log.info("Scheduled backup written", { file: result.file, bytes: result.bytes, ms: result.ms, removed });
        return result.file;
      } catch (error) {
        if (signal.aborted) {
          log.info("Scheduled backup stopped by the shutdown; nothing was kept");
          throw error;
        }
        log.error("Scheduled backup failed", { error, dir });
        throw new Error(describeBackupError(error), { cause: error });
      }
    },
  });
}

/** Hands the scheduler the backups when BACKUP_INTERVAL_HOURS is set (at start-up, server/jobs.ts). */
export function registerScheduledBackups() {
  const { BACKUP_INTERVAL_HOURS, BACKUP_KEEP, backupDir } = env();
  if (BACKUP_INTERVAL_HOURS === undefined) return;
  registerJob(backupJob({ dir: backupDir, hours: BACKUP_INTERVAL_HOURS, keep: BACKUP_KEEP }));
}
