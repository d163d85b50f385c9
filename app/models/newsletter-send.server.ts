import { enqueueMail } from "~/models/mail-queue.server";
import { db } from "~/platform/db.server";

/**
 * Queues a post's newsletter: one mail per confirmed subscriber, each with its send row in the same
 * transaction. (post, subscriber) is the send's key, so publishing again, updating, or another
 * instance doing the same at once never mails anyone twice. Returns how many mails were queued.
 */
export async function queueNewsletter(
  postId: string,
  { attemptLimit, now = new Date() }: { attemptLimit: number; now?: Date },
) {
  const nowIso = now.toISOString();
  return db()
    .transaction()
    .execute(async (trx) => {
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
      let queued = 0;
      for (const subscriber of subscribers) {
        const mailId = crypto.randomUUID();
        const inserted = await trx
          .insertInto("newsletter_sends")
          .values({ post_id: postId, subscriber_id: subscriber.id, mail_id: mailId, created_at: nowIso })
          .onConflict((oc) => oc.columns(["post_id", "subscriber_id"]).doNothing())
          .returning("mail_id")
          .executeTakeFirst();
        if (!inserted) continue;
        await enqueueMail(
          { id: mailId, kind: "newsletter", toAddress: subscriber.email, attemptLimit },
          { executor: trx, now },
        );
        queued++;
      }
      return queued;
    });
}

/** The post and subscriber a queued newsletter mail is for; null when either is gone. */
export async function newsletterSendOf(mailId: string) {
  return db()
    .selectFrom("newsletter_sends")
    .innerJoin("posts", "posts.id", "newsletter_sends.post_id")
    .innerJoin("subscribers", "subscribers.id", "newsletter_sends.subscriber_id")
    .select([
      "posts.title",
      "posts.body",
      "posts.slug",
      "subscribers.id as subscriber_id",
      "subscribers.email",
      "subscribers.language",
      "subscribers.created_at",
      "subscribers.state",
    ])
    .where("newsletter_sends.mail_id", "=", mailId)
    .executeTakeFirst();
}
