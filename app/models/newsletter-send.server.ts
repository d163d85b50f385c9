import type { ExpressionBuilder } from "kysely";
import type { Database } from "@db/schema";
import { enqueueMails, INSERT_CHUNK } from "~/models/mail-queue.server";
import { db, type DB } from "~/platform/db.server";

export type NewsletterQueueOptions = { attemptLimit: number; now?: Date };

/** A post whose newsletter is due: asked for, not queued yet, public and published by `nowIso`. */
const newsletterDue = (nowIso: string) => (eb: ExpressionBuilder<Database, "posts">) =>
  eb.and([
    eb("newsletter", "=", 1),
    eb("newsletter_queued_at", "is", null),
    eb("audience", "=", "public"),
    eb("draft", "=", 0),
    eb("publish_at", "<=", nowIso),
  ]);

/**
 * Queues a post's newsletter if it is due and nobody has queued it yet: the post must be public,
 * published (not a draft, its time come) and have Send as Newsletter. The post is claimed first
 * (`newsletter_queued_at`, set by a conditional UPDATE: of two instances at once, the second waits
 * for the first's commit and then finds it claimed), then one send row and one queued mail per
 * confirmed subscriber are written with multi-row INSERTs, all in `trx`. (post, subscriber) is
 * the send's key as well, so even a claim lost by a restore never mails anyone twice. Returns how
 * many mails were queued, or null when there was nothing to claim.
 */
export async function queueNewsletterIn(
  trx: DB,
  postId: string,
  { attemptLimit, now = new Date() }: NewsletterQueueOptions,
): Promise<number | null> {
  const nowIso = now.toISOString();
  const claimed = await trx
    .updateTable("posts")
    .set({ newsletter_queued_at: nowIso })
    .where("id", "=", postId)
    .where(newsletterDue(nowIso))
    .returning("id")
    .executeTakeFirst();
  if (!claimed) return null;
  const subscribers = await trx
    .selectFrom("subscribers")
    .select(["id", "email"])
    .where("state", "=", "confirmed")
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom("newsletter_sends")
            .select("post_id")
            .where("newsletter_sends.post_id", "=", postId)
            .whereRef("newsletter_sends.subscriber_id", "=", "subscribers.id"),
        ),
      ),
    )
    .orderBy("id")
    .execute();
  const email = new Map(subscribers.map((s) => [s.id, s.email]));
  let queued = 0;
  for (let i = 0; i < subscribers.length; i += INSERT_CHUNK) {
    const sends = await trx
      .insertInto("newsletter_sends")
      .values(
        subscribers.slice(i, i + INSERT_CHUNK).map((s) => ({
          post_id: postId,
          subscriber_id: s.id,
          mail_id: crypto.randomUUID(),
          created_at: nowIso,
        })),
      )
      .onConflict((oc) => oc.columns(["post_id", "subscriber_id"]).doNothing())
      .returning(["subscriber_id", "mail_id"])
      .execute();
    await enqueueMails(
      sends.map((s) => ({ id: s.mail_id, kind: "newsletter", toAddress: email.get(s.subscriber_id)!, attemptLimit })),
      { executor: trx, now },
    );
    queued += sends.length;
  }
  await trx.updateTable("posts").set({ newsletter_recipients: queued }).where("id", "=", postId).execute();
  return queued;
}

/** queueNewsletterIn() in a transaction of its own. */
export async function queueNewsletter(postId: string, options: NewsletterQueueOptions) {
  return db()
    .transaction()
    .execute((trx) => queueNewsletterIn(trx, postId, options));
}

/**
 * Queues the newsletter of every post whose time has come and whose mails nobody has queued (a
 * scheduled post at its time; a post whose publishing request failed before queueing). Each post
 * is claimed in its own transaction. Returns how many mails were queued in all.
 */
export async function queueDueNewsletters({ attemptLimit, now = new Date() }: NewsletterQueueOptions) {
  const due = await db()
    .selectFrom("posts")
    .select("id")
    .where(newsletterDue(now.toISOString()))
    .orderBy("publish_at")
    .execute();
  let queued = 0;
  for (const { id } of due) queued += (await queueNewsletter(id, { attemptLimit, now })) ?? 0;
  return queued;
}

/** A post's newsletter as the News tab shows it. */
export type NewsletterProgress = { delivered: number; waiting: number; failed: number };

/** How far each post's newsletter has got (mails still in the queue), by post id; posts without mail are left out. */
export async function newsletterProgress(postIds: string[]): Promise<Map<string, NewsletterProgress>> {
  const out = new Map<string, NewsletterProgress>();
  if (postIds.length === 0) return out;
  const rows = await db()
    .selectFrom("newsletter_sends as ns")
    .innerJoin("mail_queue as m", "m.id", "ns.mail_id")
    .select((eb) => ["ns.post_id", "m.state", eb.fn.countAll<number | string>().as("count")])
    .where("ns.post_id", "in", postIds)
    .groupBy(["ns.post_id", "m.state"])
    .execute();
  for (const row of rows) {
    const progress = out.get(row.post_id) ?? { delivered: 0, waiting: 0, failed: 0 };
    const n = Number(row.count);
    if (row.state === "sent") progress.delivered += n;
    else if (row.state === "failed") progress.failed += n;
    else progress.waiting += n;
    out.set(row.post_id, progress);
  }
  return out;
}

/**
 * The post and subscriber a queued newsletter mail is for; null when either is gone, or when the
 * post is no longer public and published (deleted, made a draft again): its mail is then dropped.
 */
export async function newsletterSendOf(mailId: string, now = new Date()) {
  return db()
    .selectFrom("newsletter_sends")
    .innerJoin("posts", "posts.id", "newsletter_sends.post_id")
    .innerJoin("subscribers", "subscribers.id", "newsletter_sends.subscriber_id")
    .leftJoin("post_photos as lead", (join) =>
      // The photo in the post's first place: it has the 1200 × 630 link-preview crop a mail can show.
      join.onRef("lead.post_id", "=", "posts.id").on("lead.position", "=", 1),
    )
    .select([
      "newsletter_sends.post_id",
      "posts.title",
      "posts.title_da",
      "posts.body",
      "posts.body_da",
      "posts.slug",
      "subscribers.id as subscriber_id",
      "subscribers.email",
      "subscribers.language",
      "subscribers.created_at",
      "subscribers.state",
      "lead.image_url as photo_url",
      "lead.description as photo_description",
      "lead.description_da as photo_description_da",
    ])
    .where("newsletter_sends.mail_id", "=", mailId)
    .where("posts.audience", "=", "public")
    .where("posts.draft", "=", 0)
    .where("posts.publish_at", "<=", now.toISOString())
    .executeTakeFirst();
}
