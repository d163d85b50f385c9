import { sql, type Kysely } from "kysely";
import { columnTypes } from "@db/dialect";

/**
 * Messages from the contact form, stored before anything is sent: the row is the delivery queue.
 * state: pending (waiting for next_attempt_at) -> sending (claimed until lease_until) -> sent | failed.
 */
export async function up(db: Kysely<any>) {
  const t = columnTypes(db);
  await db.schema
    .createTable("contact_messages")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("email", "text", (c) => c.notNull())
    .addColumn("message", "text", (c) => c.notNull())
    .addColumn("created_at", t.timestamp, (c) => c.notNull())
    .addColumn("state", "text", (c) =>
      c
        .notNull()
        .defaultTo("pending")
        .check(sql`state in ('pending', 'sending', 'sent', 'failed')`),
    )
    .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("attempt_limit", "integer", (c) => c.notNull())
    .addColumn("next_attempt_at", t.timestamp, (c) => c.notNull())
    .addColumn("lease_until", t.timestamp)
    .addColumn("claim_token", "text")
    .addColumn("last_error", "text")
    .addColumn("sent_at", t.timestamp)
    .addColumn("sent_to", "text")
    .execute();
  await db.schema
    .createIndex("contact_messages_due")
    .on("contact_messages")
    .columns(["state", "next_attempt_at"])
    .execute();
  await db.schema.createIndex("contact_messages_created_at").on("contact_messages").column("created_at").execute();
}

export async function down(db: Kysely<any>) {
  await db.schema.dropTable("contact_messages").execute();
}
