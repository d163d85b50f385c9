import type { Kysely } from "kysely";

export async function up(db: Kysely<any>) {
  await db.schema
    .createTable("rate_limits")
    .addColumn("key", "text", (c) => c.primaryKey())
    .addColumn("count", "integer", (c) => c.notNull())
    .addColumn("reset_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("rate_limits_reset_at").on("rate_limits").column("reset_at").execute();
}

export async function down(db: Kysely<any>) {
  await db.schema.dropTable("rate_limits").execute();
}
