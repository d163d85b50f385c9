import { describe, expect, it } from "vitest";
import { useFreshDatabase } from "@tests/db";
import { listActivity } from "~/models/activity.server";
import { claimNextDueMail, listQueuedMail, markMailSent } from "~/models/mail-queue.server";
import { runAs, type Actor } from "~/platform/actor.server";
import {
  confirmSubscription,
  confirmTokenFor,
  countSubscribers,
  eraseSubscriber,
  exportSubscribers,
  findByConfirmToken,
  findByUnsubscribeToken,
  getSubscriberRowByEmail,
  listSubscribers,
  pruneUnconfirmedSubscribers,
  requestSubscription,
  unsubscribe,
  unsubscribeTokenFor,
} from "./subscriber.server";

useFreshDatabase();

const admin: Actor = { userId: "u1", email: "admin@example.com", via: "dashboard" };

const at = (iso: string) => new Date(iso);
const subscribe = (email: string, now = at("2026-05-01T08:00:00.000Z"), language: "en" | "da" = "da") =>
  requestSubscription({ email, language }, { attemptLimit: 3, now });

/** The mail worker sends what is due (each mail's claim and delivery recorded, as when it is sent). */
async function sendQueued(now: Date) {
  for (
    let claim = await claimNextDueMail({ leaseMs: 60_000, now });
    claim;
    claim = await claimNextDueMail({ leaseMs: 60_000, now })
  ) {
    await markMailSent(claim, { sentTo: claim.toAddress ?? "", now });
  }
}

describe("confirmation mail to one address", () => {
  it("is one at a time, at most three a day, whoever asks and from wherever", async () => {
    const day = "2026-05-01";
    const mails = async () => (await listQueuedMail({ kind: "newsletter-confirm" })).length;
    expect(await subscribe("victim@example.com", at(`${day}T08:00:00.000Z`))).toBe("queued");
    // Asked again while the first has not gone: nothing more is queued, and its link stays the one sent.
    const link = confirmTokenFor((await getSubscriberRowByEmail("victim@example.com"))!);
    for (let i = 0; i < 5; i++)
      expect(await subscribe("victim@example.com", at(`${day}T08:00:0${i}.000Z`))).toBe("waiting");
    expect(await mails()).toBe(1);
    expect(confirmTokenFor((await getSubscriberRowByEmail("victim@example.com"))!)).toBe(link);

    await sendQueued(at(`${day}T08:01:00.000Z`));
    expect(await subscribe("victim@example.com", at(`${day}T09:00:00.000Z`))).toBe("queued");
    await sendQueued(at(`${day}T09:01:00.000Z`));
    expect(await subscribe("victim@example.com", at(`${day}T10:00:00.000Z`))).toBe("queued");
    await sendQueued(at(`${day}T10:01:00.000Z`));
    // The fourth within a day: none, and the last link sent keeps working.
    const last = confirmTokenFor((await getSubscriberRowByEmail("victim@example.com"))!);
    expect(await subscribe("VICTIM@example.com", at(`${day}T11:00:00.000Z`))).toBe("limited");
    expect(await mails()).toBe(3);
    expect(confirmTokenFor((await getSubscriberRowByEmail("victim@example.com"))!)).toBe(last);
    // A day after the first, there is room for one more.
    expect(await subscribe("victim@example.com", at("2026-05-02T08:00:01.000Z"))).toBe("queued");
    expect(await mails()).toBe(4);
    expect(await subscribe("other@example.com", at(`${day}T11:00:00.000Z`))).toBe("queued");
  });
});

describe("newsletter subscribers", () => {
  it("stores the address normalized, pending, and queues one confirmation mail", async () => {
    expect(await subscribe("  Bente@Example.COM ")).toBe("queued");
    const [subscriber] = await listSubscribers();
    expect(subscriber).toMatchObject({ email: "bente@example.com", language: "da", state: "pending" });
    const mail = await listQueuedMail({ kind: "newsletter-confirm" });
    expect(mail.map((m) => m.toAddress)).toEqual(["bente@example.com"]);
    expect(await countSubscribers()).toEqual({ all: 1, confirmed: 0 });
  });

  it("confirms once with a link valid seven days; the old link dies when a new one is sent", async () => {
    await subscribe("bo@example.com");
    const first = confirmTokenFor((await getSubscriberRowByEmail("bo@example.com"))!);
    await sendQueued(at("2026-05-01T08:01:00.000Z"));
    await subscribe("bo@example.com", at("2026-05-02T08:00:00.000Z"));
    const row = (await getSubscriberRowByEmail("bo@example.com"))!;
    const second = confirmTokenFor(row);
    expect(await confirmSubscription(first, at("2026-05-02T09:00:00.000Z"))).toBe(false);
    expect(await findByConfirmToken(second, at("2026-05-09T08:00:00.000Z"))).toBeNull();
    expect((await findByConfirmToken(second, at("2026-05-08T08:00:00.000Z")))?.email).toBe("bo@example.com");
    expect(await confirmSubscription(second, at("2026-05-08T08:00:00.000Z"))).toBe(true);
    expect(await confirmSubscription(second, at("2026-05-08T08:00:01.000Z"))).toBe(false);
    expect(await countSubscribers()).toEqual({ all: 1, confirmed: 1 });
    // A confirmed address asking again gets no mail; the caller answers the same.
    expect(await subscribe("BO@example.com", at("2026-05-10T08:00:00.000Z"))).toBe("already-confirmed");
    expect(await listQueuedMail({ kind: "newsletter-confirm" })).toHaveLength(2);
  });

  it("refuses malformed and unknown tokens without an error", async () => {
    for (const token of ["", "x", "a".repeat(43), "<script>", "a".repeat(5000)]) {
      expect(await confirmSubscription(token)).toBe(false);
      expect(await findByUnsubscribeToken(token)).toBeNull();
      expect(await unsubscribe(token)).toBe(false);
    }
  });

  it("unsubscribes by token and erases by address, with every mail that holds the address", async () => {
    await subscribe("carl@example.com");
    await subscribe("dorte@example.com");
    await subscribe("erik@example.com");
    const carl = (await getSubscriberRowByEmail("carl@example.com"))!;
    const token = unsubscribeTokenFor(carl);
    expect((await findByUnsubscribeToken(token))?.email).toBe("carl@example.com");
    expect(await unsubscribe(token)).toBe(true);
    expect(await unsubscribe(token)).toBe(false);
    expect(await eraseSubscriber(" Dorte@Example.com ")).toBe(true);
    expect(await eraseSubscriber("dorte@example.com")).toBe(false);
    expect(await eraseSubscriber("nobody@example.com")).toBe(false);
    expect((await listSubscribers()).map((s) => s.email)).toEqual(["erik@example.com"]);
    // Their confirmation mails went with them; the others' stay.
    expect((await listQueuedMail({ kind: "newsletter-confirm" })).map((m) => m.toAddress)).toEqual([
      "erik@example.com",
    ]);
  });

  it("logs an erasure and an export by an administrator without any address", async () => {
    await subscribe("frida@example.com");
    await subscribe("gustav@example.com");
    await runAs(admin, async () => {
      expect((await exportSubscribers()).map((s) => s.email).sort()).toEqual([
        "frida@example.com",
        "gustav@example.com",
      ]);
      expect(await eraseSubscriber("frida@example.com")).toBe(true);
    });
    const { entries } = await listActivity();
    expect(entries.map((e) => [e.kind, e.entity, e.summary])).toEqual([
      ["delete", "subscriber", "Erased a newsletter subscriber"],
      ["export", "subscriber", "Exported the newsletter subscribers (2)"],
    ]);
    expect(JSON.stringify(entries)).not.toMatch(/frida|gustav/);
  });

  it("removes an address that never confirmed once its link has expired, with its confirmation mail", async () => {
    await subscribe("late@example.com", at("2026-05-01T08:00:00.000Z"));
    await subscribe("fresh@example.com", at("2026-05-06T08:00:00.000Z"));
    await subscribe("kept@example.com", at("2026-05-01T08:00:00.000Z"));
    const kept = (await getSubscriberRowByEmail("kept@example.com"))!;
    await confirmSubscription(confirmTokenFor(kept), at("2026-05-02T08:00:00.000Z"));
    expect(await pruneUnconfirmedSubscribers(at("2026-05-08T07:59:00.000Z"))).toBe(0);
    expect(await pruneUnconfirmedSubscribers(at("2026-05-09T08:00:00.000Z"))).toBe(1);
    expect((await listSubscribers()).map((s) => s.email).sort()).toEqual(["fresh@example.com", "kept@example.com"]);
    expect((await listQueuedMail({ kind: "newsletter-confirm" })).map((m) => m.toAddress).sort()).toEqual([
      "fresh@example.com",
      "kept@example.com",
    ]);
  });
});
