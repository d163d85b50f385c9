import { sql, type Kysely } from "kysely";
import { columnTypes } from "@db/dialect";

/**
 * Send as Newsletter: `newsletter` records that the administrator asked for it (a scheduled post's
 * mail waits for its publishing time); `newsletter_queued_at` is set once, in the transaction that
 * queues the mails, so whichever instance claims it first sends it and nobody sends it again (a
 * post restored from the trash keeps it too); `newsletter_recipients` is how many were queued.
 * Bulk mail is claimed after the site's other mail (`priority`), so a contact message or a reset
 * link never waits behind a newsletter.
 */
export async function up(db: Kysely<any>) {
  const t = columnTypes(db);
  await db.schema
    .alterTable("posts")
    .addColumn("newsletter", "integer", (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`newsletter in (0, 1)`),
    )
    .execute();
  await db.schema.alterTable("posts").addColumn("newsletter_queued_at", t.timestamp).execute();
  await db.schema.alterTable("posts").addColumn("newsletter_recipients", "integer").execute();
  await db.schema
    .createIndex("posts_newsletter_due")
    .on("posts")
    .columns(["newsletter", "newsletter_queued_at", "publish_at"])
    .execute();

  await db.schema
    .alterTable("mail_queue")
    .addColumn("priority", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  await db.updateTable("mail_queue").set({ priority: 1 }).where("kind", "=", "newsletter").execute();
  await db.schema
    .createIndex("mail_queue_due_by_priority")
    .on("mail_queue")
    .columns(["state", "priority", "next_attempt_at"])
    .execute();
  await db.schema.createIndex("newsletter_sends_mail").on("newsletter_sends").column("mail_id").execute();
}

export async function down(db: Kysely<any>) {
  await db.schema.dropIndex("newsletter_sends_mail").execute();
  await db.schema.dropIndex("mail_queue_due_by_priority").execute();
  await db.schema.alterTable("mail_queue").dropColumn("priority").execute();
  await db.schema.dropIndex("posts_newsletter_due").execute();
  for (const column of ["newsletter_recipients", "newsletter_queued_at", "newsletter"])
    await db.schema.alterTable("posts").dropColumn(column).execute();
}
