import { describe, expect, test } from "vitest";
import { useFreshDatabase } from "@tests/db";
import { useTestEnv } from "@tests/env";
import { issueFormStamp } from "~/contact/form-stamp.server";
import { listQueuedMail } from "~/models/mail-queue.server";
import {
  confirmSubscription,
  confirmTokenFor,
  getSubscriberRowByEmail,
  listSubscribers,
} from "~/models/subscriber.server";
import { CLIENT_IP_HEADER } from "~/platform/client-ip.server";
import { FORM_STAMP_FIELD, HONEYPOT_FIELD } from "./subscribe-form";
import { submitSubscribe } from "./subscribe.server";

useFreshDatabase();
useTestEnv({ CONTACT_MIN_FILL_MS: "3000", CONTACT_RATE_LIMIT: "3" });

function subscribeRequest(
  fields: Record<string, string>,
  { ip = "203.0.113.7", ageMs = 60_000, path = "/news" }: { ip?: string; ageMs?: number; path?: string } = {},
) {
  const body = new URLSearchParams({
    email: "anne@example.com",
    language: "da",
    [FORM_STAMP_FIELD]: issueFormStamp(new Date(Date.now() - ageMs)),
    ...fields,
  });
  return new Request(`http://localhost${path}`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", [CLIENT_IP_HEADER]: ip },
    body: body.toString(),
  });
}

describe("the Subscribe form", () => {
  test("a new address is stored pending with a confirmation mail; a confirmed one gets the same answer and no mail", async () => {
    const first = await submitSubscribe(subscribeRequest({ email: " Anne@Example.com " }));
    expect(first.status).toBe(200);
    expect(first.body.result).toBe("sent");
    expect(await listSubscribers()).toMatchObject([{ email: "anne@example.com", language: "da", state: "pending" }]);
    const row = (await getSubscriberRowByEmail("anne@example.com"))!;
    expect(await confirmSubscription(confirmTokenFor(row))).toBe(true);

    const again = await submitSubscribe(subscribeRequest({}));
    expect(again.status).toBe(first.status);
    expect(again.body.toast.title).toBe(first.body.toast.title);
    expect(again.body.toast.description).toBe(first.body.toast.description);
    expect(await listQueuedMail({ kind: "newsletter-confirm" })).toHaveLength(1);
  });

  test("answers in the page's language and refuses bad input, traps, fast and reused forms", async () => {
    const invalid = await submitSubscribe(subscribeRequest({ email: "anne@" }, { path: "/da/news" }));
    expect(invalid).toMatchObject({ status: 400, body: { toast: { description: "Skriv en gyldig e-mailadresse" } } });
    expect((await submitSubscribe(subscribeRequest({ language: "de" }))).status).toBe(400);
    expect((await submitSubscribe(subscribeRequest({}, { ageMs: 100 }))).status).toBe(400);
    expect((await submitSubscribe(subscribeRequest({ [FORM_STAMP_FIELD]: "forged" }))).status).toBe(400);
    const trapped = await submitSubscribe(subscribeRequest({ [HONEYPOT_FIELD]: "x" }));
    expect(trapped.body.result).toBe("sent");
    const stamp = issueFormStamp(new Date(Date.now() - 60_000));
    expect((await submitSubscribe(subscribeRequest({ [FORM_STAMP_FIELD]: stamp }))).status).toBe(200);
    expect((await submitSubscribe(subscribeRequest({ [FORM_STAMP_FIELD]: stamp }))).status).toBe(400);
    expect(await listQueuedMail({ kind: "newsletter-confirm" })).toHaveLength(1);
  });

  test("limits subscriptions per network", async () => {
    const results = [];
    for (let i = 0; i < 4; i++) {
      results.push(
        (await submitSubscribe(subscribeRequest({ email: `p${i}@example.com` }, { ip: "198.51.100.9" }))).status,
      );
    }
    expect(results).toEqual([200, 200, 200, 429]);
    expect((await submitSubscribe(subscribeRequest({ email: "other@example.com" }, { ip: "192.0.2.1" }))).status).toBe(
      200,
    );
  });
});
