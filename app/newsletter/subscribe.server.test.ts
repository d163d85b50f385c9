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
import { FORM_STAMP_FIELD, HONEYPOT_FIELD, RETURN_FIELD } from "./subscribe-form";
import { footerReturnPath, submitSubscribe } from "./subscribe.server";

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

describe("confirmation mail bombing", () => {
  test("many networks asking for one address get one waiting confirmation, and the same answer each", async () => {
    const answers: Awaited<ReturnType<typeof submitSubscribe>>[] = [];
    // From a routed /48: each request from another /64, past any limit per network.
    for (let i = 0; i < 8; i++) {
      answers.push(
        await submitSubscribe(subscribeRequest({ email: "victim@example.com" }, { ip: `2001:db8:0:${i}::1` })),
      );
    }
    expect(answers.map((a) => [a.status, a.body.result, a.body.toast.description])).toEqual(
      answers.map(() => [200, "sent", answers[0]!.body.toast.description]),
    );
    expect(await listQueuedMail({ kind: "newsletter-confirm" })).toHaveLength(1);
  });
});

describe("the footer's Subscribe form, sent without a stamp", () => {
  const footer = (fields: Record<string, string> = {}, ip = "203.0.113.50") =>
    subscribeRequest({ [FORM_STAMP_FIELD]: "", ...fields }, { ip });

  test("is answered with the form filled in and a stamp; pressed again a second later, it subscribes", async () => {
    const at = new Date();
    const first = await submitSubscribe(footer({ email: "Bo@Example.com", language: "en" }), at);
    expect(first).toMatchObject({
      status: 200,
      body: {
        result: "confirm",
        values: { email: "Bo@Example.com", language: "en" },
        toast: { title: "One more step" },
      },
    });
    expect(await listSubscribers()).toEqual([]);
    const stamp = first.body.formStamp;
    const tooSoon = await submitSubscribe(footer({ [FORM_STAMP_FIELD]: stamp }), new Date(at.getTime() + 500));
    expect(tooSoon).toMatchObject({ status: 400, body: { result: "refused", values: { email: "anne@example.com" } } });
    const pressed = await submitSubscribe(
      footer({ email: "Bo@Example.com", [FORM_STAMP_FIELD]: stamp }),
      new Date(at.getTime() + 1_000),
    );
    expect(pressed).toMatchObject({ status: 200, body: { result: "sent" } });
    expect(pressed.body.values).toBeUndefined();
    expect(await listSubscribers()).toMatchObject([{ email: "bo@example.com", language: "da", state: "pending" }]);
  });

  test("answers the same for an address already subscribed, and the limits per network apply", async () => {
    const fresh = await submitSubscribe(footer({ email: "new@example.com" }));
    await submitSubscribe(subscribeRequest({ email: "old@example.com" }));
    const row = (await getSubscriberRowByEmail("old@example.com"))!;
    await confirmSubscription(confirmTokenFor(row));
    const known = await submitSubscribe(footer({ email: "old@example.com" }));
    expect([known.status, known.body.result, known.body.toast.description]).toEqual([
      fresh.status,
      fresh.body.result,
      fresh.body.toast.description,
    ]);
    // The second press of each goes through the limit (3 an hour here).
    const statuses = [];
    for (let i = 0; i < 4; i++) {
      const asked = await submitSubscribe(footer({ email: `p${i}@example.com` }, "198.51.100.20"));
      const again = subscribeRequest(
        { email: `p${i}@example.com`, [FORM_STAMP_FIELD]: asked.body.formStamp },
        { ip: "198.51.100.20" },
      );
      statuses.push((await submitSubscribe(again, new Date(Date.now() + 2_000))).status);
    }
    expect(statuses).toEqual([200, 200, 200, 429]);
  });
});

describe("the footer's Subscribe form", () => {
  test("names only a public page of the site to come back to", () => {
    expect(footerReturnPath("/horses")).toBe("/horses");
    expect(footerReturnPath("/da/horses/nordlys")).toBe("/da/horses/nordlys");
    // The query the page reads stays; anything else goes.
    expect(footerReturnPath("/news/nordlys-vinder?utm_source=x")).toBe("/news/nordlys-vinder");
    for (const value of [
      "//evil.example/x",
      "https://evil.example/",
      "/admin/horses",
      "/owners",
      "/no-such-page",
      "",
      7,
    ]) {
      expect(footerReturnPath(value), String(value)).toBeNull();
    }
  });

  test("sends the visitor back to that page, scrolled to the form, its answer there once", async () => {
    const news = await import("~/routes/news");
    const root = await import("~/root");
    const request = subscribeRequest({ [RETURN_FIELD]: "/da/winners" }, { path: "/da/news" });
    const answer = (await news.action({ request, params: {}, context: {} } as never)) as Response;
    expect(answer.status).toBe(303);
    expect(answer.headers.get("Location")).toBe("/da/winners#footer-newsletter");
    const cookie = answer.headers.get("Set-Cookie")!.split(";")[0]!;
    const page = (await root.loader({
      request: new Request("http://localhost/da/winners", { headers: { Cookie: cookie } }),
      params: {},
      context: {},
    } as never)) as unknown as { data: { footerSubscribe: unknown }; init: { headers: Headers } };
    expect(page.data.footerSubscribe).toMatchObject({ result: "sent", toast: { title: "Tjek din e-mail" } });
    // Read once: the answer's cookie is cleared, and without it the page has no answer.
    expect(new Headers(page.init.headers).get("Set-Cookie")).toMatch(/Max-Age=0|Expires=Thu, 01 Jan 1970/);
    expect(await listSubscribers()).toMatchObject([{ email: "anne@example.com", state: "pending" }]);
  });
});
