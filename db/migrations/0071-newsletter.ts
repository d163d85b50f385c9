import { sql, type Kysely } from "kysely";
import { columnTypes } from "@db/dialect";

/**
 * Newsletter subscribers (double opt-in) and which post went to whom. Only hashes of the confirm
 * and unsubscribe tokens are kept, so a copy of the database cannot confirm or unsubscribe anyone.
 * A send row is written in the same transaction as its queued mail: (post, subscriber) is unique,
 * so a post never goes twice to one subscriber, whatever instance publishes it.
 */
export async function up(db: Kysely<any>) {
  const t = columnTypes(db);
  await db.schema
    .createTable("subscribers")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("email", "text", (c) => c.notNull().unique())
    .addColumn("language", "text", (c) => c.notNull().check(sql`language in ('en', 'da')`))
    .addColumn("state", "text", (c) => c.notNull().check(sql`state in ('pending', 'confirmed')`))
    .addColumn("confirm_token_hash", "text", (c) => c.unique())
    .addColumn("confirm_expires_at", t.timestamp)
    .addColumn("unsubscribe_token_hash", "text", (c) => c.notNull().unique())
    .addColumn("created_at", t.timestamp, (c) => c.notNull())
    .addColumn("confirmed_at", t.timestamp)
    .execute();
  await db.schema.createIndex("subscribers_state").on("subscribers").column("state").execute();

  await db.schema
    .createTable("newsletter_sends")
    .addColumn("post_id", "text", (c) => c.notNull().references("posts.id").onDelete("cascade"))
    .addColumn("subscriber_id", "text", (c) => c.notNull().references("subscribers.id").onDelete("cascade"))
    .addColumn("mail_id", "text", (c) => c.notNull())
    .addColumn("created_at", t.timestamp, (c) => c.notNull())
    .addPrimaryKeyConstraint("newsletter_sends_pk", ["post_id", "subscriber_id"])
    .execute();
}

export async function down(db: Kysely<any>) {
  await db.deleteFrom("mail_queue").where("kind", "in", ["newsletter-confirm", "newsletter"]).execute();
  await db.schema.dropTable("newsletter_sends").execute();
  await db.schema.dropTable("subscribers").execute();
}
