import { randomBytes } from "node:crypto";
import fs from "node:fs";
import fsp from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { Insertable } from "kysely";
import type { JobRunsTable } from "@db/schema";
import { startJobScheduler, type Scheduler } from "~/jobs/scheduler.server";
import { getJobRun } from "~/models/job-run.server";
import { db } from "~/platform/db.server";
import { resetEnvCache } from "~/platform/env.server";
import { log } from "~/platform/log.server";
import { mediaStorage } from "~/media/media-storage.server";
import { storage } from "~/media/storage.server";
import { seedContent } from "@tests/backup";
import { useFreshDatabase } from "@tests/db";
import { useTestEnv } from "@tests/env";
import { fakeClock } from "@tests/fake-clock";
import { mountSmallDisk } from "@tests/small-disk";
import { BACKUP_FILE, pruneBackups } from "./create-backup.server";
import { BACKUP_JOB, backupFailureNotice, backupJob, getBackupStatus, type BackupJobOptions } from "./schedule.server";
import { verifyBackup } from "./verify-backup.server";

useFreshDatabase();

let dir: string;
const HOUR = 3_600_000;

beforeEach(async () => {
  dir = await fsp.mkdtemp(path.join(os.tmpdir(), "stable-schedule-"));
});

const started: Scheduler[] = [];
afterEach(async () => {
  vi.restoreAllMocks();
  await Promise.all(started.splice(0).map((s) => s.stop()));
  await fsp.rm(dir, { recursive: true, force: true });
});

// Registered after the hooks above: the variables are set once `dir` exists, and removed first.
useTestEnv(() => ({ BACKUP_DIR: dir, BACKUP_INTERVAL_HOURS: "24" }));

/** One instance's scheduled backups, on a clock the test moves; its first look is made (and settled). */
async function instance(name: string, options: Partial<BackupJobOptions> & { hours: number }, at: Date) {
  const clock = fakeClock(at);
  const scheduler = startJobScheduler({ jobs: [backupJob({ dir, ...options })], clock, instance: name });
  started.push(scheduler);
  await scheduler.settled();
  return {
    /** Looks at the schedule at `when`, as the timer would; answers how the look went. */
    async lookAt(when: Date) {
      clock.set(when);
      return (await scheduler.tick())[BACKUP_JOB];
    },
  };
}

/** A run recorded as another instance (or an earlier version of the site) left it. */
const recordRun = (values: Omit<Insertable<JobRunsTable>, "job">) =>
  db()
    .insertInto("job_runs")
    .values({ job: BACKUP_JOB, ...values })
    .execute();

/** The 24-hour period `at` falls in, as the scheduler names it. */
const dayOf = (at: Date) => `${at.toISOString().slice(0, 10)}T00:00:00.000Z`;
const hoursAfter = (at: Date, hours: number) => new Date(at.getTime() + hours * HOUR);
/** Noon (UTC) today: the tests look hours ahead, which from the real time could cross into the next day's period. */
const noonToday = () => new Date(`${new Date().toISOString().slice(0, 10)}T12:00:00.000Z`);

function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
}

const periodOfHour = (at: Date) => `${at.toISOString().slice(0, 13)}:00:00.000Z`;

const backups = () => fs.readdirSync(dir).filter((name) => BACKUP_FILE.test(name));

describe("scheduled backups", () => {
  it("run once per interval however many instances share the database", async () => {
    await seedContent();
    const now = noonToday();
    const [a, b, c] = await Promise.all([
      instance("a", { hours: 24 }, now),
      instance("b", { hours: 24 }, now),
      instance("c", { hours: 24 }, now),
    ]);
    expect(backups()).toHaveLength(1);
    const run = await getJobRun(BACKUP_JOB, dayOf(now));
    expect(run).toMatchObject({ status: "done", attempts: 1 });

    // Not due again within the interval.
    expect(await Promise.all([a, b].map((i) => i.lookAt(hoursAfter(now, 0.5))))).toEqual(["not-due", "not-due"]);
    const status = await getBackupStatus(now);
    expect(status.nextDueAt).toBe(new Date(Date.parse(dayOf(now)) + 24 * HOUR).toISOString());
    expect(status.lastSuccessAt).toBe(run!.finishedAt);
    expect(status.lastFile).toBe(path.join(dir, backups()[0]!));
    // Signed with the backup key, like every backup.
    expect((await verifyBackup(status.lastFile!)).signature).toBe("signed");
    await expect(verifyBackup(status.lastFile!, { key: "not-the-site-key-0123456789abcdefghij" })).rejects.toThrow(
      /signed with another backup key/,
    );

    const next = new Date(status.nextDueAt!);
    expect((await Promise.all([b, c].map((i) => i.lookAt(next)))).sort()).toEqual(["done", "not-due"]);
    expect(backups()).toHaveLength(2);
  });

  it("leave a run that another instance holds alone until its claim runs out", async () => {
    const now = noonToday();
    await recordRun({
      period: dayOf(now),
      status: "running",
      instance: "other",
      started_at: now.toISOString(),
      lease_until: hoursAfter(now, 1).toISOString(),
    });
    const me = await instance("me", { hours: 24 }, now);
    expect(backups()).toHaveLength(0);
    expect(await me.lookAt(hoursAfter(now, 0.5))).toBe("not-due");
    expect(await me.lookAt(hoursAfter(now, 1))).toBe("done");
    expect(backups()).toHaveLength(1);
  });

  it("log a failure as an error, record it for the admin pages until a backup succeeds, and try again", async () => {
    const errors = vi.spyOn(log, "error");
    const notADir = path.join(dir, "a-file");
    await fsp.writeFile(notADir, "");
    const now = noonToday();
    await instance("a", { dir: notADir, hours: 24 }, now);
    expect(errors).toHaveBeenCalledWith("Scheduled backup failed", expect.objectContaining({ dir: notADir }));
    expect((await getJobRun(BACKUP_JOB, dayOf(now)))?.status).toBe("failed");
    const notice = await backupFailureNotice();
    expect(notice?.error).toMatch(/EEXIST|ENOTDIR|not a directory|file already exists/);
    // Tried again after the retry delay, not a whole interval later.
    expect(Date.parse(notice!.nextAttemptAt!) - now.getTime()).toBeLessThanOrEqual(HOUR);

    // Another instance, with a folder it can write, takes the retry.
    const b = await instance("b", { hours: 24 }, now);
    expect(backups()).toHaveLength(0);
    expect(await b.lookAt(new Date(notice!.nextAttemptAt!))).toBe("done");
    expect(await backupFailureNotice()).toBeNull();
  });

  it("record a full disk as the reason, leave nothing on it and keep going", async () => {
    await seedContent();
    await storage().put("horse-images/1700000000000-000000000001.jpg", randomBytes(2 * 1024 * 1024));
    const disk = mountSmallDisk(1024);
    // Without root there is no small disk to fill; a regular file in the way fails the same path.
    const target = disk?.dir ?? path.join(dir, "blocked");
    if (!disk) await fsp.writeFile(target, "");
    const now = noonToday();
    try {
      await instance("a", { dir: target, hours: 1 }, now);
      expect((await getJobRun(BACKUP_JOB, periodOfHour(now)))?.status).toBe("failed");
      if (disk) {
        expect((await backupFailureNotice())?.error).toMatch(/^The server's disk is full\. \(ENOSPC/);
        expect(fs.readdirSync(disk.dir)).toEqual([]);
      } else {
        expect(await backupFailureNotice()).not.toBeNull();
      }
    } finally {
      disk?.unmount();
    }
    // The next hour's turn, on a folder it can write.
    await instance("b", { hours: 1 }, hoursAfter(now, 1));
    expect((await getJobRun(BACKUP_JOB, periodOfHour(hoursAfter(now, 1))))?.status).toBe("done");
    expect(backups()).toHaveLength(1);
  });

  it("show no notice when scheduled backups are off", async () => {
    const at = new Date().toISOString();
    await recordRun({
      period: at,
      status: "failed",
      started_at: at,
      finished_at: at,
      error: "disk full",
      retry_at: at,
    });
    expect(await backupFailureNotice()).not.toBeNull();
    delete process.env.BACKUP_INTERVAL_HOURS;
    resetEnvCache();
    expect(await backupFailureNotice()).toBeNull();
  });

  it("keep the newest BACKUP_KEEP files and nothing else is touched", async () => {
    const names = ["stable-2026-01-01T0000.tar.gz", "stable-2026-01-02T0000.tar.gz", "stable-2026-01-03T0000.tar.gz"];
    names.forEach((name, i) => {
      fs.writeFileSync(path.join(dir, name), "x");
      fs.utimesSync(path.join(dir, name), new Date(2026, 0, i + 1), new Date(2026, 0, i + 1));
    });
    fs.writeFileSync(path.join(dir, "notes.txt"), "mine");
    expect(await pruneBackups(dir, 2)).toEqual(["stable-2026-01-01T0000.tar.gz"]);
    expect(fs.readdirSync(dir).sort()).toEqual(["notes.txt", ...names.slice(1)]);
  });

  it("run in the background and stop cleanly on shutdown", async () => {
    const scheduler = startJobScheduler({ jobs: [backupJob({ dir, hours: 24, keep: 1 })] });
    started.push(scheduler);
    await vi.waitFor(() => expect(backups()).toHaveLength(1), { timeout: 15_000 });
    await scheduler.stop();
    expect(fs.readdirSync(dir).filter((name) => name.startsWith("."))).toEqual([]);
  });

  it("stop a backup in progress at a shutdown, leave nothing of it, and let the next instance make it", async () => {
    await seedContent();
    for (const n of [2, 3]) await storage().put(`horse-images/1700000000000-00000000000${n}.jpg`, randomBytes(1024));
    // The store hands over the first photo only once the test has asked the scheduler to stop.
    const [reading, stopAsked] = [deferred(), deferred()];
    const real = mediaStorage();
    const store = new Proxy(real, {
      get(target, prop) {
        if (prop === "get") {
          return async (key: string) => {
            reading.resolve();
            await stopAsked.promise;
            return target.get(key);
          };
        }
        const value: unknown = Reflect.get(target, prop);
        return typeof value === "function" ? value.bind(target) : value;
      },
    });
    const now = noonToday();
    const a = startJobScheduler({
      jobs: [backupJob({ dir, hours: 24, backup: { store } })],
      clock: fakeClock(now),
      instance: "a",
    });
    await reading.promise;
    const stopping = a.stop();
    stopAsked.resolve();
    await stopping;
    expect(fs.readdirSync(dir)).toEqual([]);
    expect(await getJobRun(BACKUP_JOB, dayOf(now))).toMatchObject({ status: "stopped", error: null });
    expect(await backupFailureNotice()).toBeNull();
    await instance("b", { hours: 24 }, now);
    expect(backups()).toHaveLength(1);
    expect(await getJobRun(BACKUP_JOB, dayOf(now))).toMatchObject({ status: "done", attempts: 2 });
  });
});
