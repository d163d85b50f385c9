import { sql, type Kysely } from "kysely";
import { columnTypes } from "@db/dialect";

const DELIVERY_COLUMNS = [
  "state",
  "attempts",
  "attempt_limit",
  "next_attempt_at",
  "lease_until",
  "claim_token",
  "last_error",
  "sent_at",
  "sent_to",
] as const;

/**
 * One durable queue for every e-mail the site sends (contact messages, password-reset links):
 * the delivery state moves from contact_messages to mail_queue, which the contact messages refer to.
 * to_address null means "the stable's own address", looked up when the mail is sent; subject and
 * bodies are stored for mail composed when it was queued, and cleared once it has been delivered.
 */
export async function up(db: Kysely<any>) {
  const t = columnTypes(db);
  await db.schema
    .createTable("mail_queue")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("kind", "text", (c) => c.notNull().check(sql`kind in ('contact', 'password-reset')`))
    .addColumn("contact_message_id", "text", (c) => c.references("contact_messages.id").onDelete("cascade"))
    .addColumn("to_address", "text")
    .addColumn("link_origin", "text")
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
  await db.schema.createIndex("mail_queue_due").on("mail_queue").columns(["state", "next_attempt_at"]).execute();
  await db.schema.createIndex("mail_queue_contact_message").on("mail_queue").column("contact_message_id").execute();

  await db
    .insertInto("mail_queue")
    .columns(["id", "kind", "contact_message_id", "created_at", ...DELIVERY_COLUMNS])
    .expression((eb) =>
      eb
        .selectFrom("contact_messages")
        .select([
          "id",
          sql<string>`'contact'`.as("kind"),
          "id as contact_message_id",
          "created_at",
          ...DELIVERY_COLUMNS,
        ]),
    )
    .execute();

  await db.schema.dropIndex("contact_messages_due").execute();
  for (const column of DELIVERY_COLUMNS) {
    await db.schema.alterTable("contact_messages").dropColumn(column).execute();
  }
}

export async function down(db: Kysely<any>) {
  const t = columnTypes(db);
  await db.schema
    .alterTable("contact_messages")
    .addColumn("state", "text", (c) => c.notNull().defaultTo("pending"))
    .execute();
  await db.schema
    .alterTable("contact_messages")
    .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable("contact_messages")
    .addColumn("attempt_limit", "integer", (c) => c.notNull().defaultTo(10))
    .execute();
  await db.schema
    .alterTable("contact_messages")
    .addColumn("next_attempt_at", t.timestamp, (c) => c.notNull().defaultTo(""))
    .execute();
  for (const column of ["lease_until", "claim_token", "last_error", "sent_at", "sent_to"]) {
    await db.schema.alterTable("contact_messages").addColumn(column, "text").execute();
  }
  for (const column of DELIVERY_COLUMNS) {
    await sql`update contact_messages set ${sql.ref(column)} = (select ${sql.ref(`mail_queue.${column}`)} from mail_queue where mail_queue.contact_message_id = contact_messages.id)`.execute(
      db,
    );
  }
  await db.schema
    .createIndex("contact_messages_due")
    .on("contact_messages")
    .columns(["state", "next_attempt_at"])
    .execute();
  await db.schema.dropTable("mail_queue").execute();
}
