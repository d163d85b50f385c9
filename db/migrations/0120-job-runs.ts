import { sql, type Kysely } from "kysely";
import { columnTypes } from "@db/dialect";

/** The names the scheduled jobs had as the migration was written (app/deadlines, app/backup). */
const REMINDER = "deadline-reminder";
const BACKUP = "backup";

/**
 * One claim table for every scheduled job (app/jobs/scheduler.server.ts): a row per job and period,
 * inserted by the instance that runs it (the primary key makes it one), with how the run went. It
 * replaces the deadline reminder's day claims and the backups' single row; what they held comes
 * along, so a reminder already sent today is not sent again and the last backup's outcome stays on
 * the admin pages.
 */
export async function up(db: Kysely<any>) {
  const t = columnTypes(db);
  await db.schema
    .createTable("job_runs")
    .addColumn("job", "text", (c) => c.notNull())
    .addColumn("period", "text", (c) => c.notNull())
    .addColumn("status", "text", (c) => c.notNull().check(sql`status in ('running', 'done', 'failed', 'stopped')`))
    .addColumn("instance", "text")
    .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(1))
    .addColumn("started_at", t.timestamp, (c) => c.notNull())
    .addColumn("finished_at", t.timestamp)
    .addColumn("lease_until", t.timestamp)
    .addColumn("retry_at", t.timestamp)
    .addColumn("error", "text")
    .addColumn("note", "text")
    .addPrimaryKeyConstraint("job_runs_pk", ["job", "period"])
    .execute();
  await db.schema.createIndex("job_runs_finished").on("job_runs").columns(["job", "finished_at"]).execute();

  await db
    .insertInto("job_runs")
    .columns(["job", "period", "status", "started_at", "finished_at"])
    .expression(
      db
        .selectFrom("deadline_reminders")
        .select([sql.lit(REMINDER).as("job"), "day", sql.lit("done").as("status"), "sent_at", "sent_at as finished"]),
    )
    .execute();

  const backup = await db.selectFrom("backup_schedule").selectAll().where("id", "=", 1).executeTakeFirst();
  if (backup?.last_success_at) {
    const at = backup.last_success_at as string;
    await db
      .insertInto("job_runs")
      .values({ job: BACKUP, period: at, status: "done", started_at: at, finished_at: at, note: backup.last_file })
      .execute();
  }
  if (backup?.last_failure_at && backup.last_failure_at !== backup.last_success_at) {
    const at = backup.last_failure_at as string;
    await db
      .insertInto("job_runs")
      .values({
        job: BACKUP,
        period: at,
        status: "failed",
        started_at: at,
        finished_at: at,
        error: backup.last_error,
        retry_at: backup.next_due_at,
      })
      .execute();
  }

  await db.schema.dropTable("deadline_reminders").execute();
  await db.schema.dropTable("backup_schedule").execute();
}

export async function down(db: Kysely<any>) {
  const t = columnTypes(db);
  await db.schema
    .createTable("deadline_reminders")
    .addColumn("day", "text", (c) => c.primaryKey())
    .addColumn("sent_at", t.timestamp, (c) => c.notNull())
    .execute();
  await db
    .insertInto("deadline_reminders")
    .columns(["day", "sent_at"])
    .expression(
      db
        .selectFrom("job_runs")
        .select(["period", "started_at"])
        .where("job", "=", REMINDER)
        .where("status", "=", "done"),
    )
    .execute();

  await db.schema
    .createTable("backup_schedule")
    .addColumn("id", "integer", (c) => c.primaryKey().check(sql`id = 1`))
    .addColumn("next_due_at", t.timestamp)
    .addColumn("lease_until", t.timestamp)
    .addColumn("claimed_by", "text")
    .addColumn("last_started_at", t.timestamp)
    .addColumn("last_success_at", t.timestamp)
    .addColumn("last_file", "text")
    .addColumn("last_failure_at", t.timestamp)
    .addColumn("last_error", "text")
    .execute();
  const latest = (status: string) =>
    db
      .selectFrom("job_runs")
      .selectAll()
      .where("job", "=", BACKUP)
      .where("status", "=", status)
      .orderBy("finished_at", "desc")
      .limit(1)
      .executeTakeFirst();
  const [success, failure] = [await latest("done"), await latest("failed")];
  await db
    .insertInto("backup_schedule")
    .values({
      id: 1,
      last_started_at: success?.started_at ?? null,
      last_success_at: success?.finished_at ?? null,
      last_file: success?.note ?? null,
      last_failure_at: failure?.finished_at ?? null,
      last_error: failure?.error ?? null,
      next_due_at: failure && (!success || failure.finished_at > success.finished_at) ? failure.retry_at : null,
    })
    .execute();

  await db.schema.dropTable("job_runs").execute();
}
