import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { useFreshDatabase, testEngine } from "@tests/db";
import { useTestEnv } from "@tests/env";
import { startSmtpServer, type ReceivedMail, type TestSmtpServer } from "@tests/smtp";
import { issueFormStamp } from "~/contact/form-stamp.server";
import { deliverNextMail, defaultDeliveryOptions } from "~/jobs/mail-delivery.server";
import { createPost } from "~/models/post.server";
import { registerNewsletterMail } from "~/newsletter/newsletter-mail.server";
import { FORM_STAMP_FIELD } from "~/newsletter/subscribe-form";
import { CLIENT_IP_HEADER } from "~/platform/client-ip.server";
import * as newsPage from "./news";
import {
  confirmTokenFor,
  countSubscribers,
  getSubscriberRowByEmail,
  requestSubscription,
  unsubscribeTokenFor,
} from "~/models/subscriber.server";
import * as confirm from "./news-confirm";
import * as unsubscribePage from "./news-unsubscribe";

useFreshDatabase();

type Outcome = { data: unknown; init: { status?: number; headers?: HeadersInit } | null };

async function run(fn: (args: never) => unknown, request: Request) {
  const outcome = (await fn({ request, params: {}, context: {} } as never)) as Outcome;
  return { data: outcome.data, status: outcome.init?.status ?? 200, headers: new Headers(outcome.init?.headers) };
}

const get = (path: string) => new Request(`http://localhost${path}`);
const post = (path: string, body: string) =>
  new Request(`http://localhost${path}`, {
    method: "POST",
    body,
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
  });

async function pending(email: string) {
  await requestSubscription({ email, language: "en" }, { attemptLimit: 3 });
  return (await getSubscriberRowByEmail(email))!;
}

describe("the confirmation link", () => {
  it("shows a button on GET, never confirming; the POST confirms once", async () => {
    const row = await pending("anna@example.com");
    const token = confirmTokenFor(row);
    const shown = await run(confirm.loader, get(`/news/confirm?token=${token}`));
    expect(shown.data).toEqual({ state: "ask", email: "anna@example.com", token });
    expect(shown.headers.get("Cache-Control")).toBe("no-store");
    expect(await countSubscribers()).toEqual({ all: 1, confirmed: 0 });

    const done = await run(confirm.action, post(`/news/confirm`, `token=${token}`));
    expect(done).toMatchObject({ data: { state: "done" }, status: 200 });
    expect(await countSubscribers()).toEqual({ all: 1, confirmed: 1 });
    expect((await run(confirm.action, post(`/news/confirm`, `token=${token}`))).status).toBe(404);
    expect((await run(confirm.loader, get(`/da/news/confirm?token=${token}`))).status).toBe(404);
  });

  it("answers a bad or missing token with a 404 page", async () => {
    for (const query of [
      "",
      "?token=",
      "?token=%3Cscript%3E",
      `?token=${"a".repeat(43)}`,
      `?token=${"a".repeat(3000)}`,
    ]) {
      expect(await run(confirm.loader, get(`/news/confirm${query}`))).toMatchObject({
        status: 404,
        data: { state: "bad" },
      });
      expect(await run(unsubscribePage.loader, get(`/news/unsubscribe${query}`))).toMatchObject({ status: 404 });
      expect((await run(unsubscribePage.action, post(`/news/unsubscribe${query}`, ""))).status).toBe(404);
    }
  });
});

describe("the unsubscribe link", () => {
  it("shows a button on GET and unsubscribes by the RFC 8058 one-click POST", async () => {
    const row = await pending("bo@example.com");
    const token = unsubscribeTokenFor(row);
    expect((await run(unsubscribePage.loader, get(`/news/unsubscribe?token=${token}`))).data).toMatchObject({
      state: "ask",
      email: "bo@example.com",
    });
    expect(await countSubscribers()).toEqual({ all: 1, confirmed: 0 });
    const done = await run(
      unsubscribePage.action,
      post(`/news/unsubscribe?token=${token}`, "List-Unsubscribe=One-Click"),
    );
    expect(done).toMatchObject({ status: 200, data: { state: "done" } });
    expect(await countSubscribers()).toEqual({ all: 0, confirmed: 0 });
  });
});

describe(`the whole newsletter, through the site's own forms and mail (${testEngine})`, () => {
  let smtp: TestSmtpServer | undefined;
  beforeEach(async () => {
    smtp = await startSmtpServer();
  });
  useTestEnv(() => ({ SMTP_URL: smtp!.url, PUBLIC_ORIGIN: "https://stald.example", CONTACT_MIN_FILL_MS: "0" }));
  afterEach(async () => {
    await smtp?.close();
    smtp = undefined;
  });

  /** Delivers everything the queue holds, as the worker would. */
  async function deliverAll() {
    const options = { ...defaultDeliveryOptions(), concurrency: 1 };
    while ((await deliverNextMail(options)) !== "idle");
  }
  const readable = (m: ReceivedMail) => m.raw.replace(/=\r?\n/g, "").replace(/=3D/gi, "=");
  const mailTo = (to: string) => smtp!.received.filter((m) => m.envelopeTo.includes(to));

  async function subscribe(email: string, path: "/news" | "/da/news") {
    const body = new URLSearchParams({ email, language: path === "/news" ? "en" : "da" });
    body.set(FORM_STAMP_FIELD, issueFormStamp(new Date(Date.now() - 60_000)));
    const request = new Request(`http://localhost${path}`, {
      method: "POST",
      body: body.toString(),
      headers: { "Content-Type": "application/x-www-form-urlencoded", [CLIENT_IP_HEADER]: "203.0.113.9" },
    });
    expect((await run(newsPage.action, request)).data).toMatchObject({ result: "sent" });
  }

  async function confirmFromMail(email: string) {
    await deliverAll();
    const [mail] = mailTo(email);
    const token = /news\/confirm\?token=([\w-]{43})/.exec(readable(mail!))![1]!;
    expect((await run(confirm.action, post("/news/confirm", `token=${token}`))).status).toBe(200);
  }

  const publish = (title: string) =>
    createPost({
      title,
      body: `All about **${title}**.`,
      video: null,
      publishAt: new Date(Date.now() - 1_000).toISOString(),
      draft: false,
      newsletter: true,
      horseIds: [],
      photos: [],
    });

  it("subscribes, confirms, sends one mail per confirmed subscriber with one-click unsubscribe, then none after it", async () => {
    registerNewsletterMail();
    await subscribe("anna@example.com", "/news");
    await subscribe("bo@example.com", "/da/news");
    await subscribe("pending@example.com", "/news");
    await confirmFromMail("anna@example.com");
    await confirmFromMail("bo@example.com");

    expect((await publish("Nordlys wins the Derby")).newsletter).toBe(2);
    await deliverAll();
    const letters = smtp!.received.filter((m) => m.header("subject") === "Nordlys wins the Derby");
    expect(letters.map((m) => m.envelopeTo.join()).sort()).toEqual(["anna@example.com", "bo@example.com"]);
    expect(mailTo("pending@example.com")).toHaveLength(1);
    for (const letter of letters) {
      expect(letter.header("list-unsubscribe")).toMatch(
        /^<https:\/\/stald\.example\/(da\/)?news\/unsubscribe\?token=[\w-]{43}>$/,
      );
      expect(letter.header("list-unsubscribe-post")).toBe("List-Unsubscribe=One-Click");
    }
    const anna = readable(letters.find((m) => m.envelopeTo.includes("anna@example.com"))!);
    expect(anna).toMatch(/<a href="https:\/\/stald\.example\/news\/unsubscribe\?token=[\w-]{43}">Unsubscribe<\/a>/);
    expect(readable(letters.find((m) => m.envelopeTo.includes("bo@example.com"))!)).toContain("Afmeld nyhedsbrevet");

    const link = /<([^>]+)>/.exec(
      letters.find((m) => m.envelopeTo.includes("anna@example.com"))!.header("list-unsubscribe")!,
    )![1]!;
    const oneClick = await run(
      unsubscribePage.action,
      post(new URL(link).pathname + new URL(link).search, "List-Unsubscribe=One-Click"),
    );
    expect(oneClick).toMatchObject({ status: 200, data: { state: "done" } });

    expect((await publish("Back at the yard")).newsletter).toBe(1);
    await deliverAll();
    expect(
      smtp!.received.filter((m) => m.header("subject") === "Back at the yard").map((m) => m.envelopeTo.join()),
    ).toEqual(["bo@example.com"]);
  });
});
