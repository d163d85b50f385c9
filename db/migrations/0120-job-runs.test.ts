import type { Kysely } from "kysely";
import { afterEach, expect, test } from "vitest";
import { MIGRATION_NAMES, migrateToLatest, migrator } from "@db/migrations/migrator";
import { listTables } from "~/backup/tables.server";
import { claimJobRun } from "~/models/job-run.server";
import { useDatabase, type DatabaseHandle } from "~/platform/db.server";
import { dropTestDatabases, emptyTestDatabase } from "@tests/db";

let handle: DatabaseHandle | undefined;

afterEach(async () => {
  useDatabase(undefined);
  await handle?.close();
  handle = undefined;
  await dropTestDatabases();
});

test("the reminder's days and the last backups' outcome move into job_runs, and back down again", async () => {
  handle = await emptyTestDatabase();
  const before = MIGRATION_NAMES[MIGRATION_NAMES.indexOf("0120-job-runs") - 1]!;
  expect((await migrator(handle.db).migrateTo(before)).error).toBeUndefined();
  const raw = handle.db as unknown as Kysely<Record<string, Record<string, unknown>>>;
  await raw
    .insertInto("deadline_reminders")
    .values([
      { day: "2026-06-12", sent_at: "2026-06-12T05:00:01.000Z" },
      { day: "2026-06-13", sent_at: "2026-06-13T05:00:02.000Z" },
    ])
    .execute();
  const backup = {
    last_started_at: "2026-06-13T00:00:01.000Z",
    last_success_at: "2026-06-12T00:00:05.000Z",
    last_file: "/var/backups/stable-2026-06-12T0000.tar.gz",
    last_failure_at: "2026-06-13T00:00:04.000Z",
    last_error: "The server's disk is full. (ENOSPC)",
    next_due_at: "2026-06-13T01:00:04.000Z",
  };
  await raw.updateTable("backup_schedule").set(backup).where("id", "=", 1).execute();

  await migrateToLatest(handle.db);
  const tables = await listTables(handle.db as never);
  expect(tables).toContain("job_runs");
  expect(tables).not.toContain("deadline_reminders");
  expect(tables).not.toContain("backup_schedule");
  const runs = await raw
    .selectFrom("job_runs")
    .select(["job", "period", "status", "started_at", "finished_at", "retry_at", "error", "note"])
    .orderBy("job")
    .orderBy("period")
    .execute();
  expect(runs).toEqual([
    {
      job: "backup",
      period: "2026-06-12T00:00:05.000Z",
      status: "done",
      started_at: "2026-06-12T00:00:05.000Z",
      finished_at: "2026-06-12T00:00:05.000Z",
      retry_at: null,
      error: null,
      note: "/var/backups/stable-2026-06-12T0000.tar.gz",
    },
    {
      job: "backup",
      period: "2026-06-13T00:00:04.000Z",
      status: "failed",
      started_at: "2026-06-13T00:00:04.000Z",
      finished_at: "2026-06-13T00:00:04.000Z",
      retry_at: "2026-06-13T01:00:04.000Z",
      error: "The server's disk is full. (ENOSPC)",
      note: null,
    },
    ...["2026-06-12", "2026-06-13"].map((day, i) => ({
      job: "deadline-reminder",
      period: day,
      status: "done",
      started_at: `${day}T05:00:0${i + 1}.000Z`,
      finished_at: `${day}T05:00:0${i + 1}.000Z`,
      retry_at: null,
      error: null,
      note: null,
    })),
  ]);

  // The day reminded before the migration is not claimed again.
  useDatabase(handle);
  const claim = await claimJobRun(
    { job: "deadline-reminder", period: "2026-06-13", instance: "new" },
    { now: new Date("2026-06-13T07:00:00.000Z"), leaseUntil: new Date("2026-06-13T07:10:00.000Z") },
  );
  expect(claim).toMatchObject({ claimed: false, run: { status: "done" } });
  useDatabase(undefined);

  // Down again: the old tables come back with what they held.
  expect((await migrator(handle.db).migrateTo(before)).error).toBeUndefined();
  expect(await raw.selectFrom("deadline_reminders").select("day").orderBy("day").execute()).toEqual([
    { day: "2026-06-12" },
    { day: "2026-06-13" },
  ]);
  expect(
    await raw
      .selectFrom("backup_schedule")
      .select(["last_success_at", "last_file", "last_failure_at", "last_error", "next_due_at"])
      .execute(),
  ).toEqual([
    {
      last_success_at: backup.last_success_at,
      last_file: backup.last_file,
      last_failure_at: backup.last_failure_at,
      last_error: backup.last_error,
      next_due_at: backup.next_due_at,
    },
  ]);
  expect(await migrateToLatest(handle.db)).toEqual(MIGRATION_NAMES.slice(MIGRATION_NAMES.indexOf("0120-job-runs")));
});
