import { randomBytes } from "node:crypto";
import fs from "node:fs";
import fsp from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { Updateable } from "kysely";
import type { BackupScheduleTable } from "@db/schema";
import { db } from "~/platform/db.server";
import { resetEnvCache } from "~/platform/env.server";
import { log } from "~/platform/log.server";
import { storage } from "~/media/storage.server";
import { seedContent } from "@tests/backup";
import { useFreshDatabase } from "@tests/db";
import { useTestEnv } from "@tests/env";
import { mountSmallDisk } from "@tests/small-disk";
import { BACKUP_FILE, pruneBackups } from "./create-backup.server";
import { backupFailureNotice, getBackupStatus, runScheduledBackup, startBackupScheduler } from "./schedule.server";
import { verifyBackup } from "./verify-backup.server";

useFreshDatabase();

let dir: string;
const HOUR = 3_600_000;

beforeEach(async () => {
  dir = await fsp.mkdtemp(path.join(os.tmpdir(), "stable-schedule-"));
});

afterEach(async () => {
  vi.restoreAllMocks();
  await fsp.rm(dir, { recursive: true, force: true });
});

// Registered after the hooks above: the variables are set once `dir` exists, and removed first.
useTestEnv(() => ({ BACKUP_DIR: dir, BACKUP_INTERVAL_HOURS: "24" }));

/** Changes the shared schedule row as another instance (or time passing) would. */
const setSchedule = (values: Updateable<BackupScheduleTable>) =>
  db().updateTable("backup_schedule").set(values).execute();

const backups = () => fs.readdirSync(dir).filter((name) => BACKUP_FILE.test(name));

describe("scheduled backups", () => {
  it("run once per interval however many instances share the database", async () => {
    await seedContent();
    const instance = (name: string) => runScheduledBackup({ dir, intervalMs: 24 * HOUR, instance: name });
    const first = await Promise.all(["a", "b", "c"].map(instance));
    expect(first.sort()).toEqual(["done", "not-due", "not-due"]);
    expect(backups()).toHaveLength(1);

    // Not due again until the interval has passed.
    expect(await Promise.all(["a", "b"].map(instance))).toEqual(["not-due", "not-due"]);
    const status = await getBackupStatus();
    expect(Date.parse(status.nextDueAt!) - Date.parse(status.lastSuccessAt!)).toBeGreaterThan(23 * HOUR);
    expect(status.lastFile).toBe(path.join(dir, backups()[0]!));
    // Signed with the backup key, like every backup.
    expect((await verifyBackup(status.lastFile!)).signature).toBe("signed");
    await expect(verifyBackup(status.lastFile!, { key: "not-the-site-key-0123456789abcdefghij" })).rejects.toThrow(
      /signed with another backup key/,
    );

    await setSchedule({ next_due_at: new Date(Date.now() - 1000).toISOString() });
    expect((await Promise.all(["b", "c"].map(instance))).sort()).toEqual(["done", "not-due"]);
    expect(backups()).toHaveLength(2);
  });

  it("leave a run that another instance holds alone until its claim runs out", async () => {
    await setSchedule({ claimed_by: "other", lease_until: new Date(Date.now() + HOUR).toISOString() });
    expect(await runScheduledBackup({ dir, intervalMs: HOUR, instance: "me" })).toBe("not-due");
    await setSchedule({ lease_until: new Date(Date.now() - 1).toISOString() });
    expect(await runScheduledBackup({ dir, intervalMs: HOUR, instance: "me" })).toBe("done");
  });

  it("log a failure as an error, record it for the admin pages until a backup succeeds, and try again", async () => {
    const errors = vi.spyOn(log, "error");
    const notADir = path.join(dir, "a-file");
    await fsp.writeFile(notADir, "");
    expect(await runScheduledBackup({ dir: notADir, intervalMs: 24 * HOUR, retryMs: HOUR, instance: "a" })).toBe(
      "failed",
    );
    expect(errors).toHaveBeenCalledWith("Scheduled backup failed", expect.objectContaining({ dir: notADir }));
    const notice = await backupFailureNotice();
    expect(notice?.error).toMatch(/EEXIST|ENOTDIR|not a directory|file already exists/);
    // Tried again after the retry delay, not a whole interval later.
    expect(Date.parse(notice!.nextAttemptAt!) - Date.now()).toBeLessThanOrEqual(HOUR);

    await setSchedule({ next_due_at: new Date(Date.now() - 1).toISOString() });
    expect(await runScheduledBackup({ dir, intervalMs: 24 * HOUR, instance: "a" })).toBe("done");
    expect(await backupFailureNotice()).toBeNull();
  });

  it("record a full disk as the reason, leave nothing on it and keep going", async () => {
    await seedContent();
    await storage().put("horse-images/1700000000000-000000000001.jpg", randomBytes(2 * 1024 * 1024));
    const disk = mountSmallDisk(1024);
    // Without root there is no small disk to fill; a regular file in the way fails the same path.
    const target = disk?.dir ?? path.join(dir, "blocked");
    if (!disk) await fsp.writeFile(target, "");
    try {
      expect(await runScheduledBackup({ dir: target, intervalMs: HOUR, instance: "a" })).toBe("failed");
      if (disk) {
        expect((await backupFailureNotice())?.error).toMatch(/^The server's disk is full\. \(ENOSPC/);
        expect(fs.readdirSync(disk.dir)).toEqual([]);
      } else {
        expect(await backupFailureNotice()).not.toBeNull();
      }
    } finally {
      disk?.unmount();
    }
    await setSchedule({ next_due_at: new Date(Date.now() - 1).toISOString() });
    expect(await runScheduledBackup({ dir, intervalMs: HOUR, instance: "a" })).toBe("done");
  });

  it("show no notice when scheduled backups are off", async () => {
    await setSchedule({ last_failure_at: new Date().toISOString(), last_error: "disk full" });
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
    const scheduler = startBackupScheduler({ dir, intervalMs: 24 * HOUR, keep: 1, firstLookMs: 0, pollMs: 50 });
    await vi.waitFor(() => expect(backups()).toHaveLength(1), { timeout: 15_000 });
    await scheduler.stop();
    expect(fs.readdirSync(dir).filter((name) => name.startsWith("."))).toEqual([]);
  });
});
