import { describe, expect, test } from "vitest";
import { useFreshDatabase, testEngine } from "@tests/db";
import { confirmedSubscribers } from "@tests/subscribers";
import { createContactMessage } from "~/models/contact-message.server";
import { claimNextDueMail, INSERT_CHUNK, listQueuedMail, markMailSent } from "~/models/mail-queue.server";
import { createPost, deletePost, listAllPosts, updatePost, type NewPost } from "~/models/post.server";
import { requestSubscription } from "~/models/subscriber.server";
import { db } from "~/platform/db.server";
import { runAs, type Actor } from "~/platform/actor.server";
import { restoreFromTrash } from "~/trash/trash.server";
import { newsletterProgress, newsletterSendOf, queueDueNewsletters, queueNewsletter } from "./newsletter-send.server";

useFreshDatabase();

const admin: Actor = { userId: "u1", email: "admin@example.com", via: "dashboard" };

function post(values: Partial<NewPost> = {}): NewPost {
  return {
    title: "Nordlys wins",
    body: "What a day.",
    video: null,
    publishAt: new Date(Date.now() - 60_000).toISOString(),
    draft: false,
    newsletter: true,
    horseIds: [],
    photos: [],
    ...values,
  };
}

const sends = async () => db().selectFrom("newsletter_sends").select(["post_id", "subscriber_id", "mail_id"]).execute();
const newsletterOf = async (id: string) => (await listAllPosts()).find((p) => p.id === id)!.newsletter;

describe(`Send as Newsletter (${testEngine})`, () => {
  test("publishing with it queues one mail per confirmed subscriber, none to a pending one, once", async () => {
    await confirmedSubscribers(3);
    await requestSubscription({ email: "pending@example.com", language: "en" }, { attemptLimit: 3 });
    const created = await createPost(post());
    expect(created.newsletter).toBe(3);
    const mail = await listQueuedMail({ kind: "newsletter" });
    expect(mail.map((m) => m.toAddress).sort()).toEqual([
      "subscriber0@example.com",
      "subscriber1@example.com",
      "subscriber2@example.com",
    ]);
    expect(new Set((await sends()).map((s) => s.mail_id))).toEqual(new Set(mail.map((m) => m.id)));
    const state = await newsletterOf(created.id);
    expect(state).toMatchObject({ requested: true, recipients: 3 });
    expect(state.queuedAt).not.toBeNull();

    // Saved again with the box still ticked, by the form or the schedule: nobody gets it twice.
    expect((await updatePost(created.id, post({ title: "Nordlys wins again" })))!.newsletter).toBeNull();
    expect(await queueNewsletter(created.id, { attemptLimit: 3 })).toBeNull();
    expect(await queueDueNewsletters({ attemptLimit: 3 })).toBe(0);
    expect(await listQueuedMail({ kind: "newsletter" })).toHaveLength(3);
    // Nor can it be taken back once sent.
    await updatePost(created.id, post({ newsletter: false }));
    expect(await newsletterOf(created.id)).toMatchObject({ requested: true, recipients: 3 });
  });

  test("a post without it, or a draft with it, mails nobody; publishing the draft does", async () => {
    await confirmedSubscribers(2);
    const plain = await createPost(post({ newsletter: false }));
    expect(plain.newsletter).toBeNull();
    const draft = await createPost(post({ title: "Draft", draft: true }));
    expect(draft.newsletter).toBeNull();
    expect(await newsletterOf(draft.id)).toEqual({ requested: true, queuedAt: null, recipients: null });
    expect(await listQueuedMail({ kind: "newsletter" })).toEqual([]);
    expect((await updatePost(draft.id, post({ title: "Draft" })))!.newsletter).toBe(2);
    // Ticked later on a post already out: sent then.
    expect((await updatePost(plain.id, post()))!.newsletter).toBe(2);
    expect(await listQueuedMail({ kind: "newsletter" })).toHaveLength(4);
  });

  test("a scheduled post's newsletter waits for its time; taken back before, it never goes", async () => {
    await confirmedSubscribers(2);
    const at = new Date(Date.now() + 3_600_000);
    const scheduled = await createPost(post({ publishAt: at.toISOString() }));
    const cancelled = await createPost(post({ title: "Cancelled", publishAt: at.toISOString() }));
    expect(scheduled.newsletter).toBeNull();
    await updatePost(cancelled.id, post({ title: "Cancelled", publishAt: at.toISOString(), newsletter: false }));
    expect(await queueDueNewsletters({ attemptLimit: 3, now: new Date(at.getTime() - 1) })).toBe(0);
    expect(await queueDueNewsletters({ attemptLimit: 3, now: at })).toBe(2);
    expect(await queueDueNewsletters({ attemptLimit: 3, now: new Date(at.getTime() + 60_000) })).toBe(0);
    expect(await listQueuedMail({ kind: "newsletter" })).toHaveLength(2);
    expect((await newsletterOf(scheduled.id)).queuedAt).toBe(at.toISOString());
    expect((await newsletterOf(cancelled.id)).queuedAt).toBeNull();
  });

  test("a post deleted and restored after its newsletter went is not sent again", async () => {
    await confirmedSubscribers(2);
    const { id } = await createPost(post());
    const removed = await runAs(admin, () => deletePost(id));
    // The send rows went with the post; the claim comes back with it.
    expect(await sends()).toEqual([]);
    await runAs(admin, () => restoreFromTrash(removed!.trashId));
    expect(await queueDueNewsletters({ attemptLimit: 3 })).toBe(0);
    expect((await updatePost(id, post()))!.newsletter).toBeNull();
    expect(await listQueuedMail({ kind: "newsletter" })).toHaveLength(2);
  });

  test("a mail whose post became a draft again or was deleted is not composed", async () => {
    await confirmedSubscribers(1);
    const { id } = await createPost(post());
    const [mail] = await listQueuedMail({ kind: "newsletter" });
    expect(await newsletterSendOf(mail!.id)).toMatchObject({ email: "subscriber0@example.com", title: "Nordlys wins" });
    await updatePost(id, post({ draft: true }));
    expect(await newsletterSendOf(mail!.id)).toBeUndefined();
    await updatePost(id, post());
    await deletePost(id);
    expect(await newsletterSendOf(mail!.id)).toBeUndefined();
  });

  test(`queues in chunks of ${INSERT_CHUNK}: every confirmed subscriber exactly once`, async () => {
    const count = 2 * INSERT_CHUNK + 3;
    await confirmedSubscribers(count);
    const { newsletter } = await createPost(post());
    expect(newsletter).toBe(count);
    const mail = await listQueuedMail({ kind: "newsletter" });
    expect(new Set(mail.map((m) => m.toAddress)).size).toBe(count);
    expect(await sends()).toHaveLength(count);
  });

  test("newsletter mail waits while the site's own mail is due, and its progress is counted", async () => {
    await confirmedSubscribers(3);
    const { id } = await createPost(post());
    await createContactMessage(
      { name: "Anne", email: "anne@example.com", message: "A visit, please." },
      { attemptLimit: 3 },
    );
    const first = await claimNextDueMail({ leaseMs: 60_000 });
    expect(first!.kind).toBe("contact");
    const second = await claimNextDueMail({ leaseMs: 60_000 });
    expect(second!.kind).toBe("newsletter");
    await markMailSent(second!, { sentTo: second!.toAddress! });
    expect((await newsletterProgress([id])).get(id)).toEqual({ delivered: 1, waiting: 2, failed: 0 });
    expect(await newsletterProgress([])).toEqual(new Map());
  });
});
