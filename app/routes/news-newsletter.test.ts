import { describe, expect, it } from "vitest";
import { useFreshDatabase } from "@tests/db";
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
