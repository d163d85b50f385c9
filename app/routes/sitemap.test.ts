import { describe, expect, it } from "vitest";
import { XML_FORBIDDEN } from "~/utils/xml";
import { sitemapXml } from "./sitemap";

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
