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

  it("keeps admin and sign-in pages out of search results without social tags", () => {
    const tags = seo(args, { title: "Admin Access", description: "Sign in.", noindex: true });
    expect(tags).toContainEqual({ name: "robots", content: "noindex, nofollow" });
    expect(tags.some((t) => "property" in t)).toBe(false);
  });
});
