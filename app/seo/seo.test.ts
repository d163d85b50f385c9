import { describe, expect, it } from "vitest";
import { seo } from "./seo";

const args = {
  location: { pathname: "/horses" },
  matches: [{ id: "root", data: { origin: "https://stald.example", site: { stableName: "Stald Nordlys" } } }],
};

describe("seo", () => {
  it("gives title, description, canonical URL, Open Graph and Twitter tags with the social image", () => {
    const tags = seo(args, { title: "Horses in Training | Stald Nordlys", description: "Our horses." });
    expect(tags).toContainEqual({ title: "Horses in Training | Stald Nordlys" });
    expect(tags).toContainEqual({ name: "description", content: "Our horses." });
    expect(tags).toContainEqual({ tagName: "link", rel: "canonical", href: "https://stald.example/horses" });
    expect(tags).toContainEqual({ property: "og:url", content: "https://stald.example/horses" });
    expect(tags).toContainEqual({ property: "og:image", content: "https://stald.example/social-card.png" });
    expect(tags).toContainEqual({ property: "og:image:width", content: "1200" });
    expect(tags).toContainEqual({ property: "og:site_name", content: "Stald Nordlys" });
    expect(tags).toContainEqual({ name: "twitter:card", content: "summary_large_image" });
    expect(tags).toContainEqual({ name: "twitter:image", content: "https://stald.example/social-card.png" });
  });

  it("links each public page to itself in both languages, English as the default", () => {
    const english = seo(args, { title: "Horses", description: "Our horses." });
    const danish = seo({ ...args, location: { pathname: "/da/horses" } }, { title: "Heste", description: "Hestene." });
    for (const tags of [english, danish]) {
      expect(tags).toContainEqual({
        tagName: "link",
        rel: "alternate",
        hrefLang: "en",
        href: "https://stald.example/horses",
      });
      expect(tags).toContainEqual({
        tagName: "link",
        rel: "alternate",
        hrefLang: "da",
        href: "https://stald.example/da/horses",
      });
      expect(tags).toContainEqual({
        tagName: "link",
        rel: "alternate",
        hrefLang: "x-default",
        href: "https://stald.example/horses",
      });
    }
    expect(english).toContainEqual({ property: "og:locale", content: "en_GB" });
    expect(english).toContainEqual({ property: "og:locale:alternate", content: "da_DK" });
    expect(danish).toContainEqual({ property: "og:locale", content: "da_DK" });
    expect(danish).toContainEqual({ property: "og:locale:alternate", content: "en_GB" });
    expect(danish).toContainEqual({ tagName: "link", rel: "canonical", href: "https://stald.example/da/horses" });
  });

  it("gives pages that exist in English only no language alternates", () => {
    const tags = seo({ ...args, location: { pathname: "/no-such-page" } }, { title: "x", description: "y" });
    expect(tags.some((t) => "rel" in t && t.rel === "alternate" && "hrefLang" in t)).toBe(false);
  });

  it("points every public page to the news feeds", () => {
    const tags = seo({ ...args, location: { pathname: "/no-such-page" } }, { title: "x", description: "y" });
    const feeds = tags
      .filter((t) => "rel" in t && t.rel === "alternate" && "type" in t)
      .map((t) => "type" in t && t.type);
    expect(feeds).toEqual(["application/rss+xml", "application/atom+xml"]);
  });

  it("keeps admin and sign-in pages out of search results without social tags", () => {
    const tags = seo(args, { title: "Admin Access", description: "Sign in.", noindex: true });
    expect(tags).toContainEqual({ name: "robots", content: "noindex, nofollow" });
    expect(tags.some((t) => "property" in t)).toBe(false);
  });
});
