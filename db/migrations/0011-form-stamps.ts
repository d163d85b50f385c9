import type { Kysely } from "kysely";
import { columnTypes } from "@db/dialect";

/**
 * Contact form stamps already used (their hash), kept until the stamp would have expired anyway,
 * so each stamp is accepted once. The rate-limit keys change form (they are hashed now): the old
 * rows, an hour's worth at most, are dropped.
 */
export async function up(db: Kysely<any>) {
  const t = columnTypes(db);
  await db.schema
    .createTable("used_form_stamps")
    .addColumn("stamp_hash", "text", (c) => c.primaryKey())
    .addColumn("expires_at", t.timestamp, (c) => c.notNull())
    .execute();
  await db.schema.createIndex("used_form_stamps_expires_at").on("used_form_stamps").column("expires_at").execute();
  await db.deleteFrom("rate_limits").execute();
}

export async function down(db: Kysely<any>) {
  await db.schema.dropTable("used_form_stamps").execute();
}
