import http from "node:http";
import type { AddressInfo } from "node:net";
import zlib from "node:zlib";
import express from "express";
import { afterEach, describe, expect, it, vi } from "vitest";
import { cachedHandler } from "./cache-front";
import { PageCache } from "./page-cache";
import type { Slot } from "./page-encoding";
import type { FetchHandler } from "./request-handler";

const SLOT = "slot-7hQ2";
const SLOT_HEADER = "x-slot";

/** A tiny site whose "page" shows a counter standing in for database content. */
function fakeSite() {
  const state = {
    content: "v1",
    renders: 0,
    gate: undefined as Promise<void> | undefined,
    setCookie: false,
    databaseDown: false,
  };
  const handle: FetchHandler = async (request) => {
    state.renders += 1;
    // What a public page answers when its read fails (app/utils/public-read.server.ts).
    if (state.databaseDown)
      return new Response("Error Loading", { status: 503, headers: { "Cache-Control": "no-store" } });
    const seen = state.content; // read "the database" at the start of the render
    if (state.gate) await state.gate;
    const headers = new Headers({ "Content-Type": "text/html; charset=utf-8" });
    if (state.setCookie) headers.set("Set-Cookie", "stable_toast=; Max-Age=0");
    const url = new URL(request.url);
    // The contact page holds its form's stamp twice (the form, and the data the app hydrates from):
    // the slot when the edge asks for it, else a stamp of its own.
    const stamp = request.headers.get(SLOT_HEADER) === SLOT ? SLOT : "stamp.own.x";
    const form = url.pathname.startsWith("/contact") ? `<input value="${stamp}"><script>"${stamp}"</script>` : "";
    return new Response(
      `<html><body>${url.pathname}${url.search} ${seen} ${form}${"padding ".repeat(100)}</body></html>`,
      { headers },
    );
  };
  return { state, handle };
}

/** A GET with exactly this Accept-Encoding (fetch would add its own and decompress). */
function rawGet(url: string, acceptEncoding: string) {
  return new Promise<{ headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    http
      .get(url, { headers: acceptEncoding ? { "Accept-Encoding": acceptEncoding } : {} }, (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
      })
      .on("error", reject);
  });
}

let servers: http.Server[] = [];
afterEach(() => {
  for (const s of servers) s.close();
  servers = [];
  vi.useRealTimers();
});

/** Requests that have reached the cached handler (it runs to its first wait without pausing). */
let arrived = 0;

async function serve(cache: PageCache, handle: FetchHandler, slot?: Slot) {
  const app = express();
  app.use((_req, _res, next) => {
    arrived += 1;
    next();
  });
  app.use(cachedHandler(handle, cache, { slot }));
  const server = app.listen(0, "127.0.0.1");
  servers.push(server);
  await new Promise((r) => server.once("listening", r));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

describe("the cached handler", () => {
  it("renders once, then answers from memory with an ETag and 304 on revalidation", async () => {
    const cache = new PageCache();
    const { state, handle } = fakeSite();
    const base = await serve(cache, handle);

    const first = await fetch(`${base}/horses`);
    expect(first.headers.get("x-cache")).toBe("MISS");
    expect(await first.text()).toContain("/horses v1");
    const second = await fetch(`${base}/horses`);
    expect(second.headers.get("x-cache")).toBe("HIT");
    expect(await second.text()).toContain("/horses v1");
    expect(state.renders).toBe(1);

    const etag = second.headers.get("etag")!;
    expect(etag).toMatch(/^W\/".+"$/);
    const revalidated = await fetch(`${base}/horses`, { headers: { "If-None-Match": etag } });
    expect(revalidated.status).toBe(304);
    expect(second.headers.get("cache-control")).toBe("public, no-cache");
    expect(second.headers.get("vary")).toContain("Cookie");
  });

  it("answers a calendar feed's If-None-Match and If-Modified-Since with 304, and a newer feed after a change", async () => {
    const cache = new PageCache();
    let version = "v1";
    let made = new Date("2026-06-01T10:00:00Z");
    const handle: FetchHandler = async () =>
      new Response(`BEGIN:VCALENDAR ${version}`, {
        headers: { "Content-Type": "text/calendar; charset=utf-8", "Last-Modified": made.toUTCString() },
      });
    const base = await serve(cache, handle);
    for (const path of ["/runners.ics", "/horses/nordlys.ics"]) {
      const first = await fetch(`${base}${path}`);
      expect(first.status).toBe(200);
      expect(first.headers.get("x-cache")).toBe("MISS");
      const etag = first.headers.get("etag")!;
      const lastModified = first.headers.get("last-modified")!;
      expect(etag).toMatch(/^W\/".+"$/);
      expect(lastModified).toBe(made.toUTCString());
      expect((await fetch(`${base}${path}`, { headers: { "If-None-Match": etag } })).status).toBe(304);
      expect((await fetch(`${base}${path}`, { headers: { "If-Modified-Since": lastModified } })).status).toBe(304);
      const older = new Date(made.getTime() - 60_000).toUTCString();
      expect((await fetch(`${base}${path}`, { headers: { "If-Modified-Since": older } })).status).toBe(200);
      // If-None-Match wins: a stale ETag gets the feed even with a current date.
      const both = await fetch(`${base}${path}`, {
        headers: { "If-None-Match": 'W/"old"', "If-Modified-Since": lastModified },
      });
      expect(both.status).toBe(200);
    }
    version = "v2";
    made = new Date("2026-06-01T11:00:00Z");
    cache.invalidate();
    const changed = await fetch(`${base}/runners.ics`, {
      headers: { "If-Modified-Since": "Mon, 01 Jun 2026 10:00:00 GMT" },
    });
    expect(changed.status).toBe(200);
    expect(await changed.text()).toContain("v2");
  });

  it("serves the stored brotli and gzip variants", async () => {
    const cache = new PageCache();
    const { handle } = fakeSite();
    const base = await serve(cache, handle);
    await fetch(`${base}/team`);
    await cache.compressed();
    const raw = (encoding: string) => rawGet(`${base}/team`, encoding);
    const br = await raw("gzip, br");
    expect(br.headers["content-encoding"]).toBe("br");
    expect(zlib.brotliDecompressSync(br.body).toString()).toContain("/team v1");
    const gz = await raw("gzip");
    expect(gz.headers["content-encoding"]).toBe("gzip");
    expect(zlib.gunzipSync(gz.body).toString()).toContain("/team v1");
  });

  it("answers a first render without waiting for brotli at its best quality, and sends brotli once it is ready", async () => {
    const { handle } = fakeSite();
    // A compression that never ends: the first answers must not wait for it.
    const never = new PageCache({ compress: () => new Promise<Buffer>(() => {}) });
    const stuck = await serve(never, handle);
    for (const expected of ["MISS", "HIT"]) {
      const answer = await rawGet(`${stuck}/horses`, "gzip, deflate, br");
      expect(answer.headers["x-cache"]).toBe(expected);
      expect(answer.headers["content-encoding"]).toBe("gzip");
      expect(zlib.gunzipSync(answer.body).toString()).toContain("/horses v1");
    }

    let finish!: (br: Buffer) => void;
    let started = 0;
    const later = new PageCache({
      compress: (body) => {
        started += 1;
        return new Promise<Buffer>((resolve) => (finish = () => resolve(zlib.brotliCompressSync(body))));
      },
    });
    const base = await serve(later, handle);
    const first = await rawGet(`${base}/winners`, "br, gzip");
    expect(first.headers["content-encoding"]).toBe("gzip");
    expect(started).toBe(1);
    finish(Buffer.alloc(0));
    await later.compressed();
    const next = await rawGet(`${base}/winners`, "br, gzip");
    expect(next.headers["x-cache"]).toBe("HIT");
    expect(next.headers["content-encoding"]).toBe("br");
    expect(next.headers.etag).toBe(first.headers.etag);
    expect(zlib.brotliDecompressSync(next.body).toString()).toBe(zlib.gunzipSync(first.body).toString());
    // A browser without brotli still gets gzip, and one without either the page itself.
    expect((await rawGet(`${base}/winners`, "gzip")).headers["content-encoding"]).toBe("gzip");
    const plain = await rawGet(`${base}/winners`, "");
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body.toString()).toContain("/winners v1");
  });

  it("shows the new content right after an invalidation", async () => {
    const cache = new PageCache();
    const { state, handle } = fakeSite();
    const base = await serve(cache, handle);
    await fetch(`${base}/winners`);
    state.content = "v2";
    cache.invalidate();
    const after = await fetch(`${base}/winners`);
    expect(after.headers.get("x-cache")).toBe("MISS");
    expect(await after.text()).toContain("/winners v2");
  });

  it("does not store a render that started before a save and finished after it", async () => {
    const cache = new PageCache();
    const { state, handle } = fakeSite();
    const base = await serve(cache, handle);
    let release!: () => void;
    state.gate = new Promise<void>((r) => (release = r));
    const slow = fetch(`${base}/`); // reads v1, then waits
    while (state.renders === 0) await new Promise((r) => setTimeout(r, 5));
    state.content = "v2"; // the save commits…
    cache.invalidate(); // …and invalidates
    release();
    const slowResponse = await slow;
    expect(slowResponse.headers.get("x-cache")).toBe("STALE");
    state.gate = undefined;
    const next = await fetch(`${base}/`);
    expect(await next.text()).toContain("/ v2");
    expect(next.headers.get("x-cache")).toBe("MISS");
  });

  it("bypasses requests with cookies and never stores responses that set cookies", async () => {
    const cache = new PageCache();
    const { state, handle } = fakeSite();
    const base = await serve(cache, handle);
    const signedIn = await fetch(`${base}/horses`, { headers: { Cookie: "stable_session=abc" } });
    expect(signedIn.headers.get("x-cache")).toBe("BYPASS");
    expect(signedIn.headers.get("cache-control")).toBe("private, no-cache");
    expect(cache.size).toBe(0);

    state.setCookie = true;
    const withCookie = await fetch(`${base}/team`);
    expect(withCookie.headers.get("x-cache")).toBe("MISS");
    expect(cache.size).toBe(0);
    state.setCookie = false;
    await fetch(`${base}/team`);
    expect(cache.size).toBe(1);
  });

  it("serves nothing from memory while unavailable (invalidations could be missed), and empties it once on coming back", async () => {
    const cache = new PageCache();
    const { state, handle } = fakeSite();
    const base = await serve(cache, handle);
    await fetch(`${base}/horses`);
    const generation = cache.generation;
    cache.setAvailable(false);
    cache.setAvailable(false);
    expect(cache.generation).toBe(generation);
    state.content = "v2";
    const off = await fetch(`${base}/horses`);
    expect(off.headers.get("x-cache")).toBe("OFF");
    expect(await off.text()).toContain("v2");
    cache.setAvailable(true);
    cache.setAvailable(true);
    expect(cache.generation).toBe(generation + 1);
    const back = await fetch(`${base}/horses`);
    expect(back.headers.get("x-cache")).toBe("MISS");
    expect(await back.text()).toContain("v2");
  });

  it("serves the last good copy, marked STALE-IF-ERROR, when a page fails to render", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    const cache = new PageCache();
    const { state, handle } = fakeSite();
    const base = await serve(cache, handle);
    await fetch(`${base}/winners`);
    // The database goes away: the listener is lost first, then reads fail.
    cache.setAvailable(false);
    state.databaseDown = true;
    vi.setSystemTime(Date.now() + 2500);
    const stale = await fetch(`${base}/winners`);
    expect(stale.status).toBe(200);
    expect(stale.headers.get("x-cache")).toBe("STALE-IF-ERROR");
    expect(stale.headers.get("age")).toBe("2");
    expect(await stale.text()).toContain("/winners v1");
    // A page never rendered before has no copy: the page's own 503 goes out.
    const none = await fetch(`${base}/team`);
    expect(none.status).toBe(503);
    expect(await none.text()).toBe("Error Loading");
    // Personal requests are never answered with a shared copy.
    const signedIn = await fetch(`${base}/winners`, { headers: { Cookie: "stable_session=abc" } });
    expect(signedIn.status).toBe(503);
  });

  it("keeps no last good copy through a content change of any kind: an edit may have withdrawn what it showed", async () => {
    const cache = new PageCache();
    const { state, handle } = fakeSite();
    const base = await serve(cache, handle);
    await fetch(`${base}/news/plans`);
    // A post made owners-only, a draft or scheduled again is an edit, not a delete: its old copy goes all the same.
    cache.invalidate();
    state.databaseDown = true;
    const after = await fetch(`${base}/news/plans`);
    expect(after.headers.get("x-cache")).toBe("MISS");
    expect(after.status).toBe(503);
    expect(await after.text()).toBe("Error Loading");
  });

  it("drops a page's copies when its answer is 404 or 410, so an outage cannot bring it back", async () => {
    for (const status of [404, 410]) {
      const cache = new PageCache();
      const { state, handle } = fakeSite();
      let answer = 200;
      const base = await serve(cache, async (request) =>
        answer === 200 ? handle(request) : new Response("Not Found", { status: answer }),
      );
      expect((await fetch(`${base}/news/plans`)).headers.get("x-cache")).toBe("MISS");
      // Not heard of (another instance's change while this one could not listen): the page is rendered, gone.
      cache.setAvailable(false);
      answer = status;
      expect((await fetch(`${base}/news/plans`)).status).toBe(status);
      answer = 200;
      state.databaseDown = true;
      const during = await fetch(`${base}/news/plans`);
      expect(during.headers.get("x-cache"), `after ${status}`).not.toBe("STALE-IF-ERROR");
      expect(during.status).toBe(503);
    }
  });

  it("renders a page once for concurrent misses: the others wait for that render", async () => {
    const cache = new PageCache();
    const { state, handle } = fakeSite();
    const base = await serve(cache, handle);
    let release!: () => void;
    state.gate = new Promise<void>((r) => (release = r));
    arrived = 0;
    const answers = Array.from({ length: 8 }, () => fetch(`${base}/winners`));
    // Every request is waiting, on the one render or as that render, before it may finish.
    while (arrived < 8 || state.renders === 0) await new Promise((r) => setTimeout(r, 5));
    release();
    const all = await Promise.all(answers);
    expect(state.renders).toBe(1);
    expect(all.map((a) => a.headers.get("x-cache")).sort()).toEqual([
      "HIT",
      "HIT",
      "HIT",
      "HIT",
      "HIT",
      "HIT",
      "HIT",
      "MISS",
    ]);
    for (const a of all) expect(await a.text()).toContain("/winners v1");
  });

  it("renders a page without the query parameters it does not read, and serves that copy whatever they are", async () => {
    const cache = new PageCache();
    const { state, handle } = fakeSite();
    const base = await serve(cache, handle);
    const first = await fetch(`${base}/runners?utm_source=x&page=3`);
    expect(await first.text()).toContain("/runners v1");
    const second = await fetch(`${base}/runners?anything=else`);
    expect(second.headers.get("x-cache")).toBe("HIT");
    expect(state.renders).toBe(1);
  });
});

describe("a stamped page", () => {
  let counter = 0;
  const slot: Slot = { slot: SLOT, header: SLOT_HEADER, fill: () => `stamp.${++counter}.${"x".repeat(counter)}` };
  const stampsIn = (text: string) => [...text.matchAll(/stamp\.\d+\.x+/g)].map((m) => m[0]);

  async function raw(url: string, headers: Record<string, string>) {
    return new Promise<{ headers: http.IncomingHttpHeaders; body: Buffer; status: number }>((resolve, reject) => {
      http
        .get(url, { headers }, (res) => {
          const chunks: Buffer[] = [];
          res.on("data", (c: Buffer) => chunks.push(c));
          res.on("end", () => resolve({ headers: res.headers, body: Buffer.concat(chunks), status: res.statusCode! }));
        })
        .on("error", reject);
    });
  }

  it("is rendered once and gets a fresh stamp in every place of every response, never a 304", async () => {
    const cache = new PageCache();
    const { state, handle } = fakeSite();
    const base = await serve(cache, handle, slot);
    const seen = new Set<string>();
    for (let i = 0; i < 4; i++) {
      const res = await fetch(`${base}/contact`);
      expect(res.headers.get("x-cache")).toBe(i === 0 ? "MISS" : "HIT");
      expect(res.headers.get("cache-control")).toBe("private, no-cache");
      expect(res.headers.get("etag")).toBeNull();
      const text = await res.text();
      expect(text).not.toContain(SLOT);
      const stamps = stampsIn(text);
      expect(stamps).toHaveLength(2);
      expect(stamps[0]).toBe(stamps[1]);
      seen.add(stamps[0]!);
    }
    expect(seen.size).toBe(4);
    expect(state.renders).toBe(1);
    expect((await fetch(`${base}/contact`, { headers: { "If-None-Match": "*" } })).status).toBe(200);
  });

  it("is sent gzip-compressed without compressing again, and whole without compression", async () => {
    const cache = new PageCache();
    const { handle } = fakeSite();
    const base = await serve(cache, handle, slot);
    await fetch(`${base}/contact`);
    const expected = (stamp: string) =>
      `<html><body>/contact v1 <input value="${stamp}"><script>"${stamp}"</script>${"padding ".repeat(100)}</body></html>`;
    for (let i = 0; i < 20; i++) {
      const gz = await raw(`${base}/contact`, { "Accept-Encoding": "br, gzip" });
      expect(gz.headers["content-encoding"]).toBe("gzip");
      expect(Number(gz.headers["content-length"])).toBe(gz.body.length);
      const page = zlib.gunzipSync(gz.body).toString();
      expect(page).toBe(expected(stampsIn(page)[0]!));
    }
    const plain = await raw(`${base}/contact`, {});
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body.toString()).toBe(expected(stampsIn(plain.body.toString())[0]!));
  });

  it("is rendered with a stamp of its own for a signed-in visitor, and a client cannot ask for the slot", async () => {
    const cache = new PageCache();
    const { handle } = fakeSite();
    const base = await serve(cache, handle, slot);
    const res = await fetch(`${base}/contact`, {
      headers: { Cookie: "stable.session_token=abc", [SLOT_HEADER]: "guess" },
    });
    expect(res.headers.get("x-cache")).toBe("BYPASS");
    const text = await res.text();
    expect(text).not.toContain(SLOT);
    expect(text).toContain('<input value="stamp.own.x">');
  });
});
