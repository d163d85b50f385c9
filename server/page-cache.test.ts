import { describe, expect, it } from "vitest";
import { MAX_ENTRIES, PageCache } from "./page-cache";
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
