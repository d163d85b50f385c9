import type { AddressInfo } from "node:net";
import zlib from "node:zlib";
import express from "express";
import { afterEach, describe, expect, it } from "vitest";
import { cacheKeyFor, etagMatches, isStorable, MAX_ENTRIES, PageCache, pickEncoding } from "./page-cache";
import { createCachedHandler, type FetchHandler } from "./request-handler";

const u = (path: string) => new URL(`http://example.test${path}`);

describe("cacheKeyFor", () => {
  it("caches anonymous GETs of the public pages and their navigation data", () => {
    expect(cacheKeyFor("GET", u("/horses"), {})).toEqual({ key: "http://example.test/horses" });
    expect(cacheKeyFor("HEAD", u("/"), {})).toEqual({ key: "http://example.test/" });
    expect(cacheKeyFor("GET", u("/horses.data"), {})).toEqual({ key: "http://example.test/horses.data" });
    expect(cacheKeyFor("GET", u("/_root.data?_routes=root,routes/home"), {})).toEqual({
      key: "http://example.test/_root.data?_routes=root,routes/home",
    });
  });

  it("ignores tracking parameters of shared links but not other query strings", () => {
    expect(cacheKeyFor("GET", u("/winners?utm_source=fb&fbclid=abc"), {})).toEqual({
      key: "http://example.test/winners",
    });
    expect(cacheKeyFor("GET", u("/winners?page=2"), {}).key).toBeNull();
    expect(cacheKeyFor("GET", u("/horses.data?other=1"), {}).key).toBeNull();
  });

  it("bypasses signed-in, flash-toast and other personal requests", () => {
    expect(cacheKeyFor("GET", u("/"), { cookie: "stable_session=abc" }).key).toBeNull();
    expect(cacheKeyFor("GET", u("/"), { cookie: "stable_toast=xyz" }).key).toBeNull();
    expect(cacheKeyFor("GET", u("/"), { authorization: "Bearer x" }).key).toBeNull();
    expect(cacheKeyFor("POST", u("/contact"), {}).key).toBeNull();
    expect(cacheKeyFor("GET", u("/admin"), {}).key).toBeNull();
    expect(cacheKeyFor("GET", u("/auth"), {}).key).toBeNull();
    expect(cacheKeyFor("GET", u("/healthz"), {}).key).toBeNull();
  });

  it("keys navigation data only by the routes a page has, so made-up values are never stored", () => {
    expect(cacheKeyFor("GET", u("/horses.data?_routes=routes/horses,root"), {})).toEqual({
      key: "http://example.test/horses.data?_routes=root,routes/horses",
    });
    expect(cacheKeyFor("GET", u("/horses.data?_routes=root&_routes=root"), {})).toEqual({
      key: "http://example.test/horses.data?_routes=root",
    });
    expect(cacheKeyFor("GET", u("/horses.data?_routes=routes/team"), {}).key).toBeNull();
    expect(cacheKeyFor("GET", u("/horses.data?_routes=x1"), {}).key).toBeNull();
  });

  it("caches the Danish pages and their navigation data under the Danish routes' ids", () => {
    for (const path of ["/da", "/da/horses", "/da/winners", "/da/runners", "/da/team", "/da/contact"]) {
      expect(cacheKeyFor("GET", u(path), {})).toEqual({ key: `http://example.test${path}` });
    }
    expect(cacheKeyFor("GET", u("/da.data?_routes=root,da/home"), {})).toEqual({
      key: "http://example.test/da.data?_routes=root,da/home",
    });
    expect(cacheKeyFor("GET", u("/da/horses.data"), {})).toEqual({ key: "http://example.test/da/horses.data" });
    expect(cacheKeyFor("GET", u("/da/horses.data?_routes=routes/horses"), {}).key).toBeNull();
    expect(cacheKeyFor("GET", u("/da/admin"), {}).key).toBeNull();
    expect(cacheKeyFor("GET", u("/da/unknown"), {}).key).toBeNull();
    expect(cacheKeyFor("GET", u("/da/horses/kongens-aere"), {})).toEqual({
      key: "http://example.test/da/horses/kongens-aere",
    });
    expect(cacheKeyFor("GET", u("/da/horses/kongens-aere.data?_routes=root,da/horse"), {})).toEqual({
      key: "http://example.test/da/horses/kongens-aere.data?_routes=root,da/horse",
    });
    expect(cacheKeyFor("GET", u("/da/horses/kongens-aere.data?_routes=routes/horse"), {}).key).toBeNull();
    expect(cacheKeyFor("GET", u("/da/runners.ics"), {}).key).toBeNull();
    for (const path of ["/da/horses/Kongens", "/da/horses/a/b", `/da/horses/${"a".repeat(200)}`]) {
      expect(cacheKeyFor("GET", u(path), {}).key, path).toBeNull();
    }
  });

  it("caches /runners, the calendar feed and each horse's page, but nothing that cannot be a horse's address", () => {
    expect(cacheKeyFor("GET", u("/runners"), {})).toEqual({ key: "http://example.test/runners" });
    expect(cacheKeyFor("GET", u("/runners.ics"), {})).toEqual({ key: "http://example.test/runners.ics" });
    expect(cacheKeyFor("GET", u("/horses/kongens-aere"), {})).toEqual({
      key: "http://example.test/horses/kongens-aere",
    });
    expect(cacheKeyFor("GET", u("/horses/kongens-aere.data?_routes=root,routes/horse"), {})).toEqual({
      key: "http://example.test/horses/kongens-aere.data?_routes=root,routes/horse",
    });
    expect(cacheKeyFor("GET", u("/horses/kongens-aere.data?_routes=routes/horses"), {}).key).toBeNull();
    expect(cacheKeyFor("GET", u("/runners.ics.data"), {}).key).toBeNull();
    for (const path of ["/horses/Kongens", "/horses/a--b", "/horses/a/b", `/horses/${"a".repeat(200)}`]) {
      expect(cacheKeyFor("GET", u(path), {}).key, path).toBeNull();
    }
    expect(isStorable(200, new Headers({ "content-type": "text/calendar; charset=utf-8" }))).toBe(true);
  });

  it("keeps pages for different hosts apart (canonical URLs may come from the Host header)", () => {
    const a = cacheKeyFor("GET", new URL("http://a.test/"), {});
    const b = cacheKeyFor("GET", new URL("http://b.test/"), {});
    expect(a.key).not.toBe(b.key);
  });
});

describe("PageCache eviction", () => {
  it("drops the least recently used page when full, not the oldest one", async () => {
    const cache = new PageCache();
    const store = (key: string) =>
      cache.store(key, cache.generation, 200, new Headers({ "content-type": "text/html" }), Buffer.from(key));
    await store("http://example.test/");
    for (let i = 1; i < MAX_ENTRIES; i++) await store(`http://example.test/other-${i}`);
    expect(cache.size).toBe(MAX_ENTRIES);
    // The home page keeps being asked for while other keys arrive.
    for (let i = 0; i < 5; i++) {
      expect(cache.get("http://example.test/")).toBeDefined();
      await store(`http://example.test/new-${i}`);
    }
    expect(cache.size).toBe(MAX_ENTRIES);
    expect(cache.get("http://example.test/")).toBeDefined();
    expect(cache.get("http://example.test/other-1")).toBeUndefined();
    expect(cache.get("http://example.test/other-5")).toBeUndefined();
    expect(cache.get("http://example.test/other-6")).toBeDefined();
  });
});

describe("PageCache invalidation", () => {
  it("drops both languages of every page at once", async () => {
    const cache = new PageCache();
    const keys = ["/", "/da", "/horses", "/da/horses", "/da/team.data"].map((p) => `http://example.test${p}`);
    for (const key of keys) {
      await cache.store(key, cache.generation, 200, new Headers({ "content-type": "text/html" }), Buffer.from(key));
    }
    expect(cache.size).toBe(keys.length);
    cache.invalidate();
    for (const key of keys) expect(cache.get(key)).toBeUndefined();
  });
});

describe("isStorable", () => {
  const h = (init: Record<string, string>) => new Headers(init);
  it("stores only 200 HTML or navigation data without cookies or private cache control", () => {
    expect(isStorable(200, h({ "content-type": "text/html; charset=utf-8" }))).toBe(true);
    expect(isStorable(200, h({ "content-type": "text/x-script" }))).toBe(true);
    expect(isStorable(404, h({ "content-type": "text/html" }))).toBe(false);
    expect(isStorable(200, h({ "content-type": "text/html", "set-cookie": "a=b" }))).toBe(false);
    expect(isStorable(200, h({ "content-type": "text/html", "cache-control": "private, no-store" }))).toBe(false);
    expect(isStorable(200, h({ "content-type": "application/json" }))).toBe(false);
  });
});

describe("helpers", () => {
  it("compares entity tags weakly and handles lists and *", () => {
    expect(etagMatches('W/"abc"', 'W/"abc"')).toBe(true);
    expect(etagMatches('"abc"', 'W/"abc"')).toBe(true);
    expect(etagMatches('W/"x", W/"abc"', 'W/"abc"')).toBe(true);
    expect(etagMatches("*", 'W/"abc"')).toBe(true);
    expect(etagMatches('W/"x"', 'W/"abc"')).toBe(false);
    expect(etagMatches(undefined, 'W/"abc"')).toBe(false);
  });

  it("prefers brotli, then gzip, and honours q=0", () => {
    expect(pickEncoding("gzip, deflate, br, zstd")).toBe("br");
    expect(pickEncoding("gzip")).toBe("gzip");
    expect(pickEncoding("br;q=0, gzip")).toBe("gzip");
    expect(pickEncoding(undefined)).toBe("identity");
  });
});

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
    // What a public page answers when its read fails (app/platform/public-read.server.ts).
    if (state.databaseDown)
      return new Response("Error Loading", { status: 503, headers: { "Cache-Control": "no-store" } });
    const seen = state.content; // read "the database" at the start of the render
    if (state.gate) await state.gate;
    const headers = new Headers({ "Content-Type": "text/html; charset=utf-8" });
    if (state.setCookie) headers.set("Set-Cookie", "stable_toast=; Max-Age=0");
    const path = new URL(request.url).pathname;
    return new Response(`<html><body>${path} ${seen} ${"padding ".repeat(100)}</body></html>`, { headers });
  };
  return { state, handle };
}

let servers: import("node:http").Server[] = [];
afterEach(() => {
  for (const s of servers) s.close();
  servers = [];
});

async function serve(cache: PageCache, handle: FetchHandler) {
  const app = express();
  app.use(createCachedHandler(handle, cache));
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

  it("serves the stored brotli and gzip variants", async () => {
    const cache = new PageCache();
    const { handle } = fakeSite();
    const base = await serve(cache, handle);
    await fetch(`${base}/team`);
    const http = await import("node:http");
    const raw = (encoding: string) =>
      new Promise<{ headers: import("node:http").IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
        http
          .get(`${base}/team`, { headers: { "Accept-Encoding": encoding } }, (res) => {
            const chunks: Buffer[] = [];
            res.on("data", (c: Buffer) => chunks.push(c));
            res.on("end", () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
          })
          .on("error", reject);
      });
    const br = await raw("gzip, br");
    expect(br.headers["content-encoding"]).toBe("br");
    expect(zlib.brotliDecompressSync(br.body).toString()).toContain("/team v1");
    const gz = await raw("gzip");
    expect(gz.headers["content-encoding"]).toBe("gzip");
    expect(zlib.gunzipSync(gz.body).toString()).toContain("/team v1");
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
    const cache = new PageCache();
    const { state, handle } = fakeSite();
    const base = await serve(cache, handle);
    await fetch(`${base}/winners`);
    // The database goes away: the listener is lost first, then reads fail.
    cache.setAvailable(false);
    state.databaseDown = true;
    await new Promise((r) => setTimeout(r, 1100));
    const stale = await fetch(`${base}/winners`);
    expect(stale.status).toBe(200);
    expect(stale.headers.get("x-cache")).toBe("STALE-IF-ERROR");
    expect(Number(stale.headers.get("age"))).toBeGreaterThanOrEqual(1);
    expect(await stale.text()).toContain("/winners v1");
    // A page never rendered before has no copy: the page's own 503 goes out.
    const none = await fetch(`${base}/team`);
    expect(none.status).toBe(503);
    expect(await none.text()).toBe("Error Loading");
    // Personal requests are never answered with a shared copy.
    const signedIn = await fetch(`${base}/winners`, { headers: { Cookie: "stable_session=abc" } });
    expect(signedIn.status).toBe(503);
  });

  it("keeps the last good copy through a save, for when the next render fails", async () => {
    const cache = new PageCache();
    const { state, handle } = fakeSite();
    const base = await serve(cache, handle);
    await fetch(`${base}/horses`);
    cache.invalidate();
    state.databaseDown = true;
    const stale = await fetch(`${base}/horses`);
    expect(stale.headers.get("x-cache")).toBe("STALE-IF-ERROR");
    expect(await stale.text()).toContain("/horses v1");
  });
});
