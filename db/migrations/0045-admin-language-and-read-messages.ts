import { sql, type Kysely } from "kysely";
import { columnTypes } from "@db/dialect";

/**
 * Each administrator's dashboard language, kept with the account (English, the spec's texts, by
 * default), and whether a visitor's message has been read in the dashboard. Messages already
 * received count as read: an existing site does not wake up to its whole history marked new.
 */
export async function up(db: Kysely<any>) {
  const t = columnTypes(db);
  await db.schema
    .alterTable("users")
    .addColumn("admin_language", "text", (c) =>
      c
        .notNull()
        .defaultTo("en")
        .check(sql`admin_language in ('en', 'da')`),
    )
    .execute();
  await db.schema.alterTable("contact_messages").addColumn("read_at", t.timestamp).execute();
  await db
    .updateTable("contact_messages")
    .set({ read_at: sql`created_at` })
    .execute();
  await db.schema.createIndex("contact_messages_read_at").on("contact_messages").column("read_at").execute();
}

export async function down(db: Kysely<any>) {
  await db.schema.dropIndex("contact_messages_read_at").execute();
  await db.schema.alterTable("contact_messages").dropColumn("read_at").execute();
  await db.schema.alterTable("users").dropColumn("admin_language").execute();
}
