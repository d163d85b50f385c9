import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { useFreshDatabase } from "@tests/db";
import { startSmtpServer } from "@tests/smtp";
import { pruneExpiredRows } from "~/jobs/housekeeping.server";
import { defaultDeliveryOptions, deliverNextMail } from "~/jobs/mail-delivery.server";
import { claimNextDueMail, listQueuedMail, markMailSent } from "~/models/mail-queue.server";
import { queueNewsletter } from "~/models/newsletter-send.server";
import { createPost } from "~/models/post.server";
import {
  confirmSubscription,
  confirmTokenFor,
  getSubscriberRowByEmail,
  requestSubscription,
  unsubscribe,
} from "~/models/subscriber.server";
import { resetEnvCache } from "~/platform/env.server";
import {
  composeConfirmMail,
  composeNewsletterMail,
  NEWSLETTER_MAIL_KEPT_MS,
  registerNewsletterMail,
} from "./newsletter-mail.server";

useFreshDatabase();

const previousOrigin = process.env.PUBLIC_ORIGIN;
beforeEach(() => {
  process.env.PUBLIC_ORIGIN = "https://stald.example";
  resetEnvCache();
});
afterEach(() => {
  if (previousOrigin === undefined) delete process.env.PUBLIC_ORIGIN;
  else process.env.PUBLIC_ORIGIN = previousOrigin;
  resetEnvCache();
});

async function confirmed(email: string, language: "en" | "da") {
  await requestSubscription({ email, language }, { attemptLimit: 3 });
  const mail = await composeConfirmMail(email);
  const token = /token=([A-Za-z0-9_-]{43})/.exec(mail!.text)![1]!;
  expect(token).toBe(confirmTokenFor((await getSubscriberRowByEmail(email))!));
  expect(await confirmSubscription(token)).toBe(true);
  expect(await composeConfirmMail(email)).toBeNull();
  return token;
}

/** A post written in Danish only: every subscriber gets it in Danish, marked so. */
const newPost = (title: string) =>
  createPost({
    title: "",
    titleDa: title,
    body: "",
    bodyDa: "A **win** at Klampenborg <script>alert(1)</script>\n\nThen home to [the yard](https://stald.example/).",
    video: null,
    publishAt: "2026-05-01T08:00:00.000Z",
    draft: false,
    newsletter: true,
    horseIds: [],
    photos: [],
  });

describe("the newsletter", () => {
  it("sends the confirmation link in the subscriber's language, under PUBLIC_ORIGIN", async () => {
    await requestSubscription({ email: "anna@example.com", language: "da" }, { attemptLimit: 3 });
    const mail = (await composeConfirmMail("anna@example.com"))!;
    expect(mail.subject).toBe("Bekræft din tilmelding til nyhedsbrevet fra Stald Nordlys");
    expect(mail.fromName).toBe("Stald Nordlys");
    expect(mail.text).toMatch(/https:\/\/stald\.example\/da\/news\/confirm\?token=[A-Za-z0-9_-]{43}/);
    expect(mail.text).toContain("bekræfte, at du vil have nyhedsbrevet fra Stald Nordlys.");
  });

  it("queues one mail per confirmed subscriber, once per post, with one-click unsubscribe", async () => {
    await confirmed("bo@example.com", "en");
    await confirmed("carl@example.com", "da");
    await requestSubscription({ email: "pending@example.com", language: "en" }, { attemptLimit: 3 });
    const post = await newPost('Win <b>"today"</b>');

    expect(post.newsletter).toBe(2);
    expect(await queueNewsletter(post.id, { attemptLimit: 3 })).toBeNull();
    const queued = await listQueuedMail({ kind: "newsletter" });
    expect(queued.map((m) => m.toAddress).sort()).toEqual(["bo@example.com", "carl@example.com"]);

    const mails = await Promise.all(queued.map((m) => composeNewsletterMail(m.id)));
    for (const mail of mails) {
      expect(mail!.headers!["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
      expect(mail!.headers!["List-Unsubscribe"]).toMatch(
        /^<https:\/\/stald\.example\/(da\/)?news\/unsubscribe\?token=/,
      );
      expect(mail!.html).not.toContain("<script>");
      expect(mail!.html).not.toContain("<b>");
      expect(mail!.html).toContain("Win &lt;b&gt;&quot;today&quot;&lt;/b&gt;");
      // The whole post as written, in the subscriber's language where it has it (here only Danish).
      expect(mail!.html).toContain('<div lang="da">');
      expect(mail!.html).toContain("<strong>win</strong>");
      expect(mail!.html).toContain('<a href="https://stald.example/" rel="nofollow noopener">the yard</a>');
      // The text part is the post as plain text: no Markdown, each link written out after its words.
      expect(mail!.text).toContain("A win at Klampenborg");
      expect(mail!.text).toContain("Then home to the yard <https://stald.example/>.");
      expect(mail!.text).not.toMatch(/\*\*|\]\(|<\/?(p|strong|a|div|h1)\b/);
      expect(mail!.text.split("\n")[0]).toBe(
        "Stald Nordlys <https://stald.example/" + (mail!.to === "carl@example.com" ? "da" : "") + ">",
      );
      expect(mail!.fromName).toBe("Stald Nordlys");
      expect(mail!.subject).toBe('Win <b>"today"</b>');
    }
    const carl = mails.find((m) => m!.to === "carl@example.com")!;
    expect(carl.text).toContain("Afmeld nyhedsbrevet <https://stald.example/da/news/unsubscribe?token=");
    expect(carl.text).toContain("Du får denne e-mail, fordi du har tilmeldt dig nyhedsbrevet fra Stald Nordlys.");
    expect(carl.text).toContain("Læs det på siden <https://stald.example/da/news/win-b-today-b>");
    const bo = mails.find((m) => m!.to === "bo@example.com")!;
    expect(bo.text).toContain("Unsubscribe <https://stald.example/news/unsubscribe?token=");
    expect(bo.text).toContain("Read it on the site <https://stald.example/news/win-b-today-b>");

    // One-click unsubscribe with the header's token; a mail still queued for them is then dropped.
    const token = /token=([A-Za-z0-9_-]{43})/.exec(carl.headers!["List-Unsubscribe"]!)![1]!;
    expect(await unsubscribe(token)).toBe(true);
    const carlMail = queued.find((m) => m.toAddress === "carl@example.com")!;
    expect(await composeNewsletterMail(carlMail.id)).toBeNull();
    const second = await newPost("Another");
    expect(second.newsletter).toBe(1);
  });

  it("shows the post's first photo as its link-preview crop, with its description escaped", async () => {
    await confirmed("bo@example.com", "en");
    const photo = (position: number, name: string, description: string) => ({
      position,
      image: { url: `/media/post-photos/${name}.jpg`, width: 1600, height: 1067 },
      description,
    });
    await createPost({
      title: "At the finish",
      body: "What a run.",
      video: null,
      publishAt: "2026-05-01T08:00:00.000Z",
      draft: false,
      newsletter: true,
      horseIds: [],
      photos: [photo(2, "second", "Later"), photo(1, "first", 'Nordlys <b>"home"</b>')],
    });
    const [queued] = await listQueuedMail({ kind: "newsletter" });
    const mail = (await composeNewsletterMail(queued!.id))!;
    expect(mail.html).toContain(
      '<img src="https://stald.example/media/post-photos/first.og.jpg" alt="Nordlys &lt;b&gt;&quot;home&quot;&lt;/b&gt;"',
    );
    expect(mail.html).not.toContain("second");
    // Without a photo in the first place there is none (only that place has the crop).
    await createPost({
      title: "Later",
      body: "More.",
      video: null,
      publishAt: "2026-05-01T09:00:00.000Z",
      draft: false,
      newsletter: true,
      horseIds: [],
      photos: [photo(2, "only-second", "Only")],
    });
    const later = (await listQueuedMail({ kind: "newsletter" })).find((m) => m.id !== queued!.id)!;
    expect((await composeNewsletterMail(later.id))!.html).not.toContain("/media/post-photos/");
  });
});

describe("a newsletter mail's Message-ID", () => {
  it("is derived from the post and the subscriber: a mail taken again after a crash carries the same one", async () => {
    registerNewsletterMail();
    await confirmed("bo@example.com", "en");
    await confirmed("carl@example.com", "da");
    for (let i = 0; i < 2; i++) {
      const claim = await claimNextDueMail({ leaseMs: 60_000 });
      await markMailSent(claim!, { sentTo: claim!.toAddress! });
    }
    await newPost("Crash day");
    // A worker takes one mail, hands it to the mail server and dies before recording it.
    const crashed = (await claimNextDueMail({ leaseMs: 1 }))!;
    const firstCopy = (await composeNewsletterMail(crashed.id))!;
    const id = firstCopy.headers?.["Message-ID"];
    expect(id).toMatch(/^<newsletter\.[0-9a-f]{32}@stald\.example>$/);

    const server = await startSmtpServer();
    process.env.SMTP_URL = server.url;
    resetEnvCache();
    try {
      // Later than the lost claim's lease.
      vi.useFakeTimers({ toFake: ["Date"], now: Date.now() + 1000 });
      const options = { ...defaultDeliveryOptions(), concurrency: 1 };
      while ((await deliverNextMail(options)) !== "idle");
      const received = new Map(server.received.map((m) => [m.envelopeTo[0], m.header("message-id")]));
      expect(received.size).toBe(2);
      // The lost claim is sent again under the first copy's Message-ID, so the receiver can drop one.
      expect(received.get(crashed.toAddress!)).toBe(id);
      expect(new Set(received.values()).size).toBe(2);
    } finally {
      vi.useRealTimers();
      delete process.env.SMTP_URL;
      resetEnvCache();
      await server.close();
    }
  });
});

describe("finished newsletter mail", () => {
  it("is pruned 30 days after it was queued; waiting mail stays", async () => {
    registerNewsletterMail();
    await confirmed("dan@example.com", "en");
    await confirmed("eva@example.com", "da");
    await newPost("Old news");
    // The two confirmation mails first (the site's own mail before bulk mail), then one newsletter.
    for (let i = 0; i < 3; i++) {
      const claim = await claimNextDueMail({ leaseMs: 60_000 });
      await markMailSent(claim!, { sentTo: claim!.toAddress! });
    }
    expect(await pruneExpiredRows(new Date(Date.now() + NEWSLETTER_MAIL_KEPT_MS - 60_000))).toMatchObject({
      newsletterMail: 0,
    });
    const pruned = await pruneExpiredRows(new Date(Date.now() + NEWSLETTER_MAIL_KEPT_MS + 60_000));
    expect(pruned.newsletterMail).toBe(3);
    expect((await listQueuedMail()).map((m) => [m.kind, m.state])).toEqual([["newsletter", "pending"]]);
  });
});
