import { sql, type Kysely } from "kysely";
import { columnTypes } from "@db/dialect";

/**
 * One row that the site's instances share for scheduled backups: who holds the current run
 * (lease_until), when the next one is due, and how the last ones went (shown on the admin pages).
 */
export async function up(db: Kysely<any>) {
  const t = columnTypes(db);
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
  await db.insertInto("backup_schedule").values({ id: 1 }).execute();
}

export async function down(db: Kysely<any>) {
  await db.schema.dropTable("backup_schedule").execute();
}
