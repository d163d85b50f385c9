import { sql } from "kysely";
import { afterEach, describe, expect, it } from "vitest";
import { createHorse } from "~/models/horse.server";
import { db } from "~/platform/db.server";
import { XML_FORBIDDEN } from "~/utils/xml";
import { useFreshDatabase } from "@tests/db";
import { loader, setSitemapLimits, SITEMAP_LIMITS, sitemapDocument, sitemapXml } from "./sitemap";

describe("sitemap.xml", () => {
  const xml = sitemapXml("https://stald.example", { horses: [{ slug: "kongens-aere" }] });

  it("lists every public page in both languages", () => {
    const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    expect(locs.sort()).toEqual(
      [
        "/",
        "/horses",
        "/winners",
        "/runners",
        "/team",
        "/ownership",
        "/contact",
        "/news",
        "/horses/kongens-aere",
        "/da",
        "/da/horses",
        "/da/winners",
        "/da/runners",
        "/da/team",
        "/da/ejerskab",
        "/da/contact",
        "/da/news",
        "/da/horses/kongens-aere",
      ]
        .map((p) => `https://stald.example${p}`)
        .sort(),
    );
    expect(xml).not.toMatch(/\/admin|\/auth/);
  });

  it("names each page's language versions", () => {
    const entry = /<url>\s*<loc>https:\/\/stald\.example\/da\/team<\/loc>([\s\S]*?)<\/url>/.exec(xml)?.[1];
    expect(entry).toContain('hreflang="en" href="https://stald.example/team"');
    expect(entry).toContain('hreflang="da" href="https://stald.example/da/team"');
    expect(entry).toContain('hreflang="x-default" href="https://stald.example/team"');
    const horse = /<url>\s*<loc>https:\/\/stald\.example\/horses\/kongens-aere<\/loc>([\s\S]*?)<\/url>/.exec(xml)?.[1];
    expect(horse).toContain('hreflang="da" href="https://stald.example/da/horses/kongens-aere"');
    expect(horse).toContain('hreflang="x-default" href="https://stald.example/horses/kongens-aere"');
    const ownership = /<url>\s*<loc>https:\/\/stald\.example\/da\/ejerskab<\/loc>([\s\S]*?)<\/url>/.exec(xml)?.[1];
    expect(ownership).toContain('hreflang="en" href="https://stald.example/ownership"');
  });

  it("drops what XML forbids from anything it lists", () => {
    const controls = Array.from({ length: 32 }, (_, code) => String.fromCharCode(code)).join("");
    const bad = sitemapXml(`https://stald.example`, { horses: [{ slug: `odd${controls}slug` }] });
    expect(XML_FORBIDDEN.test(bad)).toBe(false);
    expect(bad).toContain("/horses/odd\t\n\rslug");
  });
});

describe("a sitemap past the protocol's limits for one file", () => {
  const horses = Array.from({ length: 12 }, (_, i) => ({ slug: `horse-${i + 1}` }));
  const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!);
  const whole = sitemapXml("https://stald.example", { horses });
  const all = locs(whole);

  it("stays one list of addresses up to the limit itself", () => {
    const exactly = sitemapXml(
      "https://stald.example",
      { horses },
      { urls: all.length, bytes: Buffer.byteLength(whole) },
    );
    expect(exactly).toBe(whole);
    expect(exactly).toContain("<urlset");
    const bytes = Buffer.byteLength(whole);
    expect(sitemapXml("https://stald.example", { horses }, { urls: all.length - 1, bytes })).toContain("<sitemapindex");
    expect(sitemapXml("https://stald.example", { horses }, { urls: all.length, bytes: bytes - 1 })).toContain(
      "<sitemapindex",
    );
  });

  it("becomes an index of parts, each within the address limit, in order, every address once", () => {
    const limits = { urls: 5, bytes: SITEMAP_LIMITS.bytes };
    const index = sitemapXml("https://stald.example", { horses }, limits);
    expect(index).toMatch(
      /^<\?xml version="1.0" encoding="UTF-8"\?>\n<sitemapindex xmlns="http:\/\/www\.sitemaps\.org\/schemas\/sitemap\/0\.9">/,
    );
    const parts = locs(index);
    expect(parts).toEqual(
      Array.from({ length: Math.ceil(all.length / 5) }, (_, i) => `https://stald.example/sitemap.xml?part=${i + 1}`),
    );
    const listed = parts.map((_, i) => sitemapDocument("https://stald.example", { horses }, i + 1, limits)!);
    for (const part of listed) {
      expect(part).toContain("<urlset");
      expect(locs(part).length).toBeLessThanOrEqual(5);
    }
    expect(listed.flatMap(locs)).toEqual(all);
    // Each address keeps its language versions in whichever part it is.
    const danish = listed.find((p) => p.includes("<loc>https://stald.example/da/horses/horse-7</loc>"))!;
    expect(danish).toMatch(
      /<loc>https:\/\/stald\.example\/da\/horses\/horse-7<\/loc>\s*<xhtml:link rel="alternate" hreflang="en" href="https:\/\/stald\.example\/horses\/horse-7"\/>/,
    );
    expect(sitemapDocument("https://stald.example", { horses }, parts.length + 1, limits)).toBeNull();
    expect(sitemapDocument("https://stald.example", { horses }, 0, limits)).toBeNull();
  });

  it("splits by bytes too: no part larger than the limit", () => {
    const bytes = Math.ceil(Buffer.byteLength(whole) / 3);
    const limits = { urls: SITEMAP_LIMITS.urls, bytes };
    const parts = locs(sitemapXml("https://stald.example", { horses }, limits));
    expect(parts.length).toBeGreaterThanOrEqual(3);
    const listed = parts.map((_, i) => sitemapDocument("https://stald.example", { horses }, i + 1, limits)!);
    for (const part of listed) expect(Buffer.byteLength(part)).toBeLessThanOrEqual(bytes);
    expect(listed.flatMap(locs)).toEqual(all);
  });

  it("has no parts while it is one file", () => {
    expect(sitemapDocument("https://stald.example", { horses }, 1)).toBeNull();
  });
});

describe("GET /sitemap.xml", () => {
  useFreshDatabase();
  const get = async (path: string) =>
    (await loader({ request: new Request(`http://localhost${path}`), params: {}, context: {} } as never)) as Response;

  afterEach(() => setSitemapLimits());

  it("answers the index and each part, and 404 for a part it does not have", async () => {
    for (let i = 0; i < 3; i++) await createHorse({ name: `Hest ${i}`, age: 4, color: "Bay", sire: "S", dam: "D" });
    setSitemapLimits({ urls: 10, bytes: SITEMAP_LIMITS.bytes });
    const index = await get("/sitemap.xml");
    expect(index.status).toBe(200);
    expect(index.headers.get("content-type")).toBe("application/xml; charset=utf-8");
    const parts = [...(await index.text()).matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!));
    expect(parts.length).toBeGreaterThan(1);
    const listed: string[] = [];
    for (const url of parts) {
      const part = await get(`${url.pathname}${url.search}`);
      expect(part.status).toBe(200);
      listed.push(...[...(await part.text()).matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!));
    }
    expect(listed).toContain("http://localhost/da/horses/hest-2");
    expect(listed).toContain("http://localhost/ownership");
    for (const bad of [`?part=${parts.length + 1}`, "?part=0", "?part=x", "?part=01"])
      expect((await get(`/sitemap.xml${bad}`)).status, bad).toBe(404);
  });

  it("may be shared when complete, and is never kept when a read failed", async () => {
    await createHorse({ name: "Nordlys", age: 4, color: "Bay", sire: "S", dam: "D" });
    expect((await get("/sitemap.xml")).headers.get("cache-control")).toBe("public, max-age=3600");
    await sql`alter table horses rename to horses_gone`.execute(db());
    const degraded = await get("/sitemap.xml");
    expect(degraded.status).toBe(200);
    expect(degraded.headers.get("cache-control")).toBe("no-store");
    expect(await degraded.text()).toContain("<loc>http://localhost/horses</loc>");
  });
});
