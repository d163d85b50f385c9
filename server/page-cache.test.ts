import { describe, expect, it } from "vitest";
import { entryBytes, MAX_ENTRIES, PageCache } from "./page-cache";
import { encodePage } from "./page-encoding";

const page = (body: string) => encodePage(200, new Headers({ "content-type": "text/html" }), Buffer.from(body));

describe("PageCache eviction", () => {
  it("drops the least recently used page when full, not the oldest one", async () => {
    const cache = new PageCache();
    const store = async (key: string) => cache.store(key, cache.generation, await page(key));
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

describe("PageCache's byte budget", () => {
  /** A page of about `kb` kilobytes that gzip cannot shrink much (random bytes, base64). */
  const sized = (key: string, kb: number) =>
    page(`${key} ${Buffer.from(crypto.getRandomValues(new Uint8Array(kb * 768))).toString("base64")}`);

  it("drops the least recently used pages when their bytes would pass the budget, whatever the entries", async () => {
    const pages = await Promise.all(["/a", "/b", "/c", "/d"].map((key) => sized(key, 40)));
    const budget = entryBytes(pages[0]!) * 3 + 1000;
    const cache = new PageCache({ maxBytes: budget, compress: () => new Promise<Buffer>(() => {}) });
    for (const [i, key] of ["/a", "/b", "/c"].entries()) cache.store(key, cache.generation, pages[i]!);
    expect(cache.size).toBe(3);
    expect(cache.get("/a")).toBeDefined(); // asked for again: /b is now the least recently used
    cache.store("/d", cache.generation, pages[3]!);
    expect(cache.size).toBe(3);
    expect(cache.get("/b")).toBeUndefined();
    expect(cache.stale("/b")).toBeUndefined();
    for (const key of ["/a", "/c", "/d"]) expect(cache.get(key), key).toBeDefined();
    expect(cache.bytes).toBeLessThanOrEqual(budget);
    expect(cache.bytes).toBe(["/a", "/c", "/d"].reduce((n, key) => n + entryBytes(cache.get(key)!), 0));
  });

  it("keeps no page larger than the whole budget, and counts a page stored again once", async () => {
    const small = await sized("/small", 10);
    const cache = new PageCache({ maxBytes: entryBytes(small) * 2, compress: () => new Promise<Buffer>(() => {}) });
    cache.store("/small", cache.generation, small);
    cache.store("/small", cache.generation, small);
    expect(cache.bytes).toBe(entryBytes(small));
    // Current, so the render may be sent, but not kept (and what was stored stays).
    expect(cache.store("/huge", cache.generation, await sized("/huge", 40))).toBe(true);
    expect(cache.get("/huge")).toBeUndefined();
    expect(cache.get("/small")).toBeDefined();
    cache.invalidate();
    expect(cache.bytes).toBe(0);
  });

  it("counts a page's brotli variant when it arrives, making room for it", async () => {
    const pages = await Promise.all(["/a", "/b"].map((key) => sized(key, 20)));
    const size = entryBytes(pages[0]!);
    const br = Buffer.alloc(Math.round(size * 0.6));
    const cache = new PageCache({ maxBytes: size * 3, compress: async () => br });
    cache.store("/a", cache.generation, pages[0]!);
    await cache.compressed();
    cache.store("/b", cache.generation, pages[1]!);
    expect(cache.get("/a")?.br).toBe(br);
    // /b's brotli does not fit beside /a's: /a, the least recently used, makes room.
    await cache.compressed();
    expect(cache.get("/b")?.br).toBe(br);
    expect(cache.get("/a")).toBeUndefined();
    expect(cache.bytes).toBe(entryBytes(pages[1]!) + br.length);
  });
});

describe("PageCache invalidation", () => {
  it("drops both languages of every page at once", async () => {
    const cache = new PageCache();
    const keys = ["/", "/da", "/horses", "/da/horses", "/da/team.data"].map((p) => `http://example.test${p}`);
    for (const key of keys) {
      cache.store(key, cache.generation, await page(key));
    }
    expect(cache.size).toBe(keys.length);
    cache.invalidate();
    for (const key of keys) expect(cache.get(key)).toBeUndefined();
  });
});

/** A compression the test finishes or fails itself, recording what it was asked for. */
function controlledCompression() {
  const calls: { body: string; signal: AbortSignal; finish: () => void; fail: (error: Error) => void }[] = [];
  const compress = (body: Buffer, signal: AbortSignal) =>
    new Promise<Buffer>((resolve, reject) => {
      calls.push({
        body: body.toString(),
        signal,
        finish: () => resolve(Buffer.from(`br:${body.toString()}`)),
        fail: reject,
      });
      signal.addEventListener("abort", () => reject(signal.reason));
    });
  return { calls, compress };
}

describe("PageCache's best compression, in the background", () => {
  it("compresses one page at a time, the oldest first, and stores each result in its page", async () => {
    const { calls, compress } = controlledCompression();
    const cache = new PageCache({ compress });
    for (const key of ["/a", "/b", "/c"]) cache.store(key, cache.generation, await page(key));
    expect(calls.map((c) => c.body)).toEqual(["/a"]);
    expect(cache.get("/a")?.br).toBeNull();
    calls[0]!.finish();
    await until(() => calls.length === 2);
    expect(cache.get("/a")?.br?.toString()).toBe("br:/a");
    expect(cache.stale("/a")?.entry.br?.toString()).toBe("br:/a");
    expect(calls.map((c) => c.body)).toEqual(["/a", "/b"]);
    calls[1]!.finish();
    await until(() => calls.length === 3);
    calls[2]!.finish();
    await cache.compressed();
    expect(["/a", "/b", "/c"].map((key) => cache.get(key)?.br?.toString())).toEqual(["br:/a", "br:/b", "br:/c"]);
  });

  it("runs as many compressions at once as it is told", async () => {
    const { calls, compress } = controlledCompression();
    const cache = new PageCache({ compress, compressing: 2 });
    for (const key of ["/a", "/b", "/c"]) cache.store(key, cache.generation, await page(key));
    expect(calls.map((c) => c.body)).toEqual(["/a", "/b"]);
  });

  it("stops the compression of a page dropped meanwhile, and never stores its result", async () => {
    const { calls, compress } = controlledCompression();
    const cache = new PageCache({ compress });
    cache.store("/a", cache.generation, await page("/a"));
    cache.store("/b", cache.generation, await page("/b"));
    cache.invalidate();
    expect(calls[0]!.signal.aborted).toBe(true);
    await cache.compressed();
    // What waited behind it went with the content change.
    expect(calls).toHaveLength(1);

    cache.store("/a", cache.generation, await page("/a v2"));
    cache.evict("/a");
    expect(calls[1]!.signal.aborted).toBe(true);
    await cache.compressed();

    // A newer render of the same page replaces the one being compressed.
    cache.store("/c", cache.generation, await page("/c v1"));
    cache.store("/c", cache.generation, await page("/c v2"));
    expect(calls[2]!.signal.aborted).toBe(true);
    await until(() => calls.length === 4);
    expect(calls[3]!.body).toBe("/c v2");
    calls[3]!.finish();
    await cache.compressed();
    expect(cache.get("/c")?.br?.toString()).toBe("br:/c v2");
  });

  it("logs a failed compression, and the page goes on being served with gzip", async () => {
    const { calls, compress } = controlledCompression();
    const warnings: [string, Record<string, unknown> | undefined][] = [];
    const cache = new PageCache({ compress, log: { warn: (msg, fields) => warnings.push([msg, fields]) } });
    cache.store("/a", cache.generation, await page("/a"));
    cache.store("/b", cache.generation, await page("/b"));
    calls[0]!.fail(new Error("out of memory"));
    await until(() => calls.length === 2);
    expect(warnings).toEqual([
      ["Failed to compress a stored page with brotli; it is sent with gzip", { key: "/a", error: "out of memory" }],
    ]);
    expect(cache.get("/a")?.br).toBeNull();
    expect(cache.get("/a")?.gzip.length).toBeGreaterThan(0);
    // The next page is compressed all the same.
    calls[1]!.finish();
    await cache.compressed();
    expect(cache.get("/b")?.br?.toString()).toBe("br:/b");
  });

  it("stops compressing when closed: what runs is stopped, nothing more starts", async () => {
    const { calls, compress } = controlledCompression();
    const cache = new PageCache({ compress });
    cache.store("/a", cache.generation, await page("/a"));
    cache.store("/b", cache.generation, await page("/b"));
    await cache.close();
    expect(calls).toHaveLength(1);
    expect(calls[0]!.signal.aborted).toBe(true);
    cache.store("/c", cache.generation, await page("/c"));
    expect(calls).toHaveLength(1);
    // Still a cache: what it holds is served, with gzip.
    expect(cache.get("/c")?.gzip.length).toBeGreaterThan(0);
  });
});

/** Waits for what the cache's background work is due to reach (a microtask or two away). */
async function until(condition: () => boolean) {
  for (let i = 0; i < 100 && !condition(); i++) await new Promise((r) => setImmediate(r));
  expect(condition()).toBe(true);
}
