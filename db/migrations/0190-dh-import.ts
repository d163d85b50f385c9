import type { Kysely } from "kysely";
import { columnTypes } from "@db/dialect";

/**
 * The import from Dansk Hestevæddeløb (docs/decisions/0310-race-data-from-dansk-hestevaeddelob.md):
 * a horse's DH id, a runner's DH start and where its result came from, the import's settings, and
 * what it proposes until an administrator accepts or ignores it.
 */
export async function up(db: Kysely<any>) {
  const { timestamp, nowIso } = columnTypes(db);
  await db.schema.alterTable("horses").addColumn("dh_horse_id", "text").execute();
  await db.schema.createIndex("horses_dh_horse_id").unique().on("horses").column("dh_horse_id").execute();
  await db.schema.alterTable("runners").addColumn("dh_start_key", "text").execute();
  await db.schema.alterTable("runners").addColumn("result_source", "text").execute();
  await db.schema.createIndex("runners_dh_start_key").unique().on("runners").column("dh_start_key").execute();
  await db.schema
    .createTable("dh_settings")
    .addColumn("id", "integer", (c) => c.primaryKey())
    .addColumn("licence", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("discipline", "text", (c) => c.notNull().defaultTo("gallop"))
    .addColumn("enabled", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("auto_apply", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("last_run_at", timestamp)
    .addColumn("last_outcome", "text")
    .addColumn("problem", "text")
    .addColumn("problem_kind", "text")
    .addColumn("problem_detail", "text")
    .addColumn("problem_at", timestamp)
    .addColumn("retry_after", timestamp)
    .addColumn("updated_at", timestamp, (c) => c.notNull().defaultTo(nowIso))
    .execute();
  await db.schema
    .createTable("dh_proposals")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("key", "text", (c) => c.notNull().unique())
    .addColumn("dh_horse_id", "text", (c) => c.notNull())
    .addColumn("target_id", "text")
    .addColumn("race_date", "text")
    .addColumn("payload", "text", (c) => c.notNull())
    .addColumn("fingerprint", "text", (c) => c.notNull())
    .addColumn("status", "text", (c) => c.notNull().defaultTo("open"))
    .addColumn("created_at", timestamp, (c) => c.notNull().defaultTo(nowIso))
    .addColumn("updated_at", timestamp, (c) => c.notNull().defaultTo(nowIso))
    .addColumn("decided_at", timestamp)
    .execute();
  await db.schema.createIndex("dh_proposals_status").on("dh_proposals").columns(["status", "created_at"]).execute();
}

export async function down(db: Kysely<any>) {
  await db.schema.dropTable("dh_proposals").execute();
  await db.schema.dropTable("dh_settings").execute();
  await db.schema.dropIndex("runners_dh_start_key").execute();
  await db.schema.alterTable("runners").dropColumn("result_source").execute();
  await db.schema.alterTable("runners").dropColumn("dh_start_key").execute();
  await db.schema.dropIndex("horses_dh_horse_id").execute();
  await db.schema.alterTable("horses").dropColumn("dh_horse_id").execute();
}
