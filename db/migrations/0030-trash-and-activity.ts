import type { Kysely } from "kysely";
import { columnTypes } from "@db/dialect";

/**
 * trash: deleted records, kept whole (JSON) for 30 days so they can be put back exactly; their
 * image files stay on disk until the row is purged.
 * activity: who changed what and when, kept for a year.
 */
export async function up(db: Kysely<any>) {
  const t = columnTypes(db);
  await db.schema
    .createTable("trash")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("record_id", "text", (c) => c.notNull())
    .addColumn("label", "text", (c) => c.notNull())
    .addColumn("snapshot", "text", (c) => c.notNull())
    .addColumn("image_urls", "text", (c) => c.notNull().defaultTo("[]"))
    .addColumn("deleted_at", t.timestamp, (c) => c.notNull())
    .addColumn("deleted_by_id", "text")
    .addColumn("deleted_by_email", "text")
    .execute();
  await db.schema.createIndex("trash_deleted_at").on("trash").column("deleted_at").execute();

  await db.schema
    .createTable("activity")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("at", t.timestamp, (c) => c.notNull())
    .addColumn("actor_id", "text")
    .addColumn("actor_email", "text")
    .addColumn("via", "text", (c) => c.notNull())
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("entity", "text", (c) => c.notNull())
    .addColumn("entity_id", "text")
    .addColumn("summary", "text", (c) => c.notNull())
    .addColumn("details", "text")
    .execute();
  await db.schema.createIndex("activity_at").on("activity").columns(["at", "id"]).execute();
  await db.schema.createIndex("activity_kind_at").on("activity").columns(["kind", "at"]).execute();
}

export async function down(db: Kysely<any>) {
  await db.schema.dropTable("activity").execute();
  await db.schema.dropTable("trash").execute();
}
