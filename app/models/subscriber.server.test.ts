import { describe, expect, it } from "vitest";
import { useFreshDatabase } from "@tests/db";
import { listQueuedMail } from "~/models/mail-queue.server";
import {
  confirmSubscription,
  confirmTokenFor,
  countSubscribers,
  eraseSubscriber,
  findByConfirmToken,
  findByUnsubscribeToken,
  getSubscriberRowByEmail,
  listSubscribers,
  requestSubscription,
  unsubscribe,
  unsubscribeTokenFor,
} from "./subscriber.server";

useFreshDatabase();

const at = (iso: string) => new Date(iso);
const subscribe = (email: string, now = at("2026-05-01T08:00:00.000Z"), language: "en" | "da" = "da") =>
  requestSubscription({ email, language }, { attemptLimit: 3, now });

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

  it("unsubscribes by token and erases by id", async () => {
    await subscribe("carl@example.com");
    await subscribe("dorte@example.com");
    const carl = (await getSubscriberRowByEmail("carl@example.com"))!;
    const token = unsubscribeTokenFor(carl);
    expect((await findByUnsubscribeToken(token))?.email).toBe("carl@example.com");
    expect(await unsubscribe(token)).toBe(true);
    expect(await unsubscribe(token)).toBe(false);
    const dorte = (await getSubscriberRowByEmail("dorte@example.com"))!;
    expect(await eraseSubscriber(dorte.id)).toBe(true);
    expect(await eraseSubscriber(dorte.id)).toBe(false);
    expect(await listSubscribers()).toEqual([]);
  });
});
