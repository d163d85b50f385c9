/**
 * The sitemap through the page cache as the site wires it: the real route, the real policy and the
 * content-change signal. It is made once, answered from memory, and made again after any save.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import { afterEach, describe, expect, it } from "vitest";
import { createHorse } from "~/models/horse.server";
import { loader, setSitemapLimits, SITEMAP_LIMITS } from "~/routes/sitemap";
import { useFreshDatabase } from "@tests/db";
import { cachedHandler } from "./cache-front";
import { createCacheSync } from "./cache-sync";
import { PageCache } from "./page-cache";
import type { FetchHandler } from "./request-handler";

const quiet = { info: () => {}, warn: () => {}, error: () => {} };
const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

async function site() {
  const cache = new PageCache({ compress: async (body) => body });
  const sync = createCacheSync(cache, { log: quiet, dataVersion: () => undefined });
  let renders = 0;
  const handle: FetchHandler = async (request) => {
    renders += 1;
    return (await loader({ request, params: {}, context: {} } as never)) as Response;
  };
  const app = express();
  app.use(cachedHandler(handle, cache));
  const server = app.listen(0, "127.0.0.1");
  await new Promise((r) => server.once("listening", r));
  cleanups.push(
    () => sync.stop(),
    () => new Promise<void>((r) => server.close(() => r())),
  );
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const get = (path: string) =>
    new Promise<{ cache: string | undefined; body: string; status: number }>((resolve, reject) => {
      http
        .get(base + path, (res) => {
          let body = "";
          res.on("data", (c: Buffer) => (body += c.toString()));
          res.on("end", () => resolve({ cache: res.headers["x-cache"] as string, body, status: res.statusCode! }));
        })
        .on("error", reject);
    });
  return { get, renders: () => renders };
}

describe("the sitemap in the page cache", () => {
  useFreshDatabase();

  it("is made once, answered from memory, and made again after a save", async () => {
    await createHorse({ name: "Nordlys", age: 4, color: "Bay", sire: "S", dam: "D" });
    const { get, renders } = await site();
    const first = await get("/sitemap.xml");
    expect([first.status, first.cache]).toEqual([200, "MISS"]);
    expect(first.body).toContain("/horses/nordlys</loc>");
    const again = await get("/sitemap.xml?utm_source=crawler");
    expect(again.cache).toBe("HIT");
    expect(again.body).toBe(first.body);
    expect(renders()).toBe(1);

    await createHorse({ name: "Sølvpil", age: 5, color: "Grey", sire: "S", dam: "D" });
    const after = await get("/sitemap.xml");
    expect(after.cache).toBe("MISS");
    expect(after.body).toContain("/da/horses/soelvpil</loc>");
    expect(renders()).toBe(2);
  });

  it("keeps each part of a split sitemap, and drops them all with a save", async () => {
    setSitemapLimits({ urls: 10, bytes: SITEMAP_LIMITS.bytes });
    cleanups.push(() => void setSitemapLimits());
    await createHorse({ name: "Nordlys", age: 4, color: "Bay", sire: "S", dam: "D" });
    const { get } = await site();
    const index = await get("/sitemap.xml");
    expect(index.body).toContain("<sitemapindex");
    const parts = [...index.body.matchAll(/<loc>[^<]*(\/sitemap\.xml\?part=\d+)<\/loc>/g)].map((m) => m[1]!);
    expect(parts.length).toBeGreaterThan(1);
    for (const part of parts) expect((await get(part)).cache, part).toBe("MISS");
    for (const part of parts) expect((await get(part)).cache, part).toBe("HIT");
    // A part it does not have is not kept.
    expect((await get(`/sitemap.xml?part=${parts.length + 1}`)).status).toBe(404);
    expect((await get(`/sitemap.xml?part=${parts.length + 1}`)).cache).toBe("MISS");

    await createHorse({ name: "Sølvpil", age: 5, color: "Grey", sire: "S", dam: "D" });
    for (const part of parts) expect((await get(part)).cache, part).toBe("MISS");
  });
});
