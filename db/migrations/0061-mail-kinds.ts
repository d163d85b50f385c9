import { sql, type Kysely } from "kysely";
import { columnTypes, isPostgres } from "@db/dialect";

/**
 * The mail queue takes any kind of mail a feature registers (the deadline reminder is the first
 * new one): the list of kinds lives in the code that composes them (registerMailKind), not in a
 * CHECK that every new kind would have to rebuild. SQLite cannot drop a constraint, so the table is
 * made again with the same columns, rows and indexes.
 */
export async function up(db: Kysely<any>) {
  if (isPostgres(db)) {
    await sql`alter table mail_queue drop constraint if exists mail_queue_kind_check`.execute(db);
    return;
  }
  const t = columnTypes(db);
  await db.schema
    .createTable("mail_queue_new")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("kind", "text", (c) => c.notNull())
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
  const columns = sql.raw(
    "id, kind, contact_message_id, to_address, link_origin, created_at, state, attempts, attempt_limit, " +
      "next_attempt_at, lease_until, claim_token, last_error, sent_at, sent_to",
  );
  await sql`insert into mail_queue_new (${columns}) select ${columns} from mail_queue`.execute(db);
  await db.schema.dropTable("mail_queue").execute();
  await sql`alter table mail_queue_new rename to mail_queue`.execute(db);
  await db.schema.createIndex("mail_queue_due").on("mail_queue").columns(["state", "next_attempt_at"]).execute();
  await db.schema.createIndex("mail_queue_contact_message").on("mail_queue").column("contact_message_id").execute();
}

export async function down(db: Kysely<any>) {
  await db.deleteFrom("mail_queue").where("kind", "not in", ["contact", "password-reset"]).execute();
  if (isPostgres(db)) {
    await sql`alter table mail_queue add constraint mail_queue_kind_check check (kind in ('contact', 'password-reset'))`.execute(
      db,
    );
  }
}
