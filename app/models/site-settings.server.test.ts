import { describe, expect, test } from "vitest";
import { countChanges } from "@tests/content-changes";
import { useFreshDatabase } from "@tests/db";
import { runAs } from "~/platform/actor.server";
import { listActivity } from "./activity.server";
import { getSiteSettings, saveSiteSettings, type SiteSettingsInput } from "./site-settings.server";
import { DEFAULT_SITE_SETTINGS, isHttpsUrl, socialLinks, taglineIn } from "./site-settings";

useFreshDatabase();

const input: SiteSettingsInput = {
  stableName: "Stald Vestergaard",
  tagline: "Racehorses from the west coast",
  taglineDa: "Væddeløbsheste fra vestkysten",
  heroAltEn: "Horses on the beach at dawn",
  heroAltDa: "Heste på stranden ved daggry",
  excellenceEn: "Our own words.\n\nA second paragraph.",
  excellenceDa: null,
  careEn: null,
  careDa: "Altid nogen i stalden.",
  facebook: "https://facebook.com/staldvestergaard",
  instagram: null,
  youtube: null,
  x: "https://x.com/stald",
};

const photo = { url: "/media/horse-images/1-hero.jpg", width: 2400, height: 1600 };
const logo = { url: "/media/horse-images/2-logo.png", width: 512, height: 512 };

describe("site settings", () => {
  test("a new site has today's name, taglines, logo and no texts of its own", async () => {
    expect(await getSiteSettings()).toEqual(DEFAULT_SITE_SETTINGS);
  });

  test("saving keeps every field, signals the change once and logs what changed", async () => {
    const changes = countChanges();
    await runAs({ userId: "u1", email: "admin@example.dk", via: "dashboard" }, () =>
      saveSiteSettings({ ...input, hero: photo, logo }),
    );
    changes.stop();
    expect(changes.count).toBe(1);
    const site = await getSiteSettings();
    expect(site).toMatchObject({
      stableName: "Stald Vestergaard",
      tagline: input.tagline,
      taglineDa: input.taglineDa,
      logoUrl: logo.url,
      logo,
      hero: photo,
      heroAlt: { en: input.heroAltEn, da: input.heroAltDa },
      excellence: { en: input.excellenceEn, da: null },
      care: { en: null, da: "Altid nogen i stalden." },
      social: { facebook: input.facebook, instagram: null, youtube: null, x: input.x },
    });
    expect(taglineIn(site, "da")).toBe(input.taglineDa);
    expect(socialLinks(site).map((l) => l.network)).toEqual(["facebook", "x"]);
    const [entry] = (await listActivity()).entries;
    expect(entry).toMatchObject({ entity: "site", summary: "Site settings updated" });
    expect(entry!.changes.map((c) => c.field)).toContain("Stable Name");
  });

  test("keeps the ownership page's text in each language; a save without it leaves it as it was", async () => {
    await saveSiteSettings({ ...input, ownershipEn: "Own a horse with us.", ownershipDa: null });
    expect((await getSiteSettings()).ownership).toEqual({ en: "Own a horse with us.", da: null });
    await saveSiteSettings(input);
    expect((await getSiteSettings()).ownership).toEqual({ en: "Own a horse with us.", da: null });
    await saveSiteSettings({ ...input, ownershipEn: null, ownershipDa: "Ej en hest hos os." });
    expect((await getSiteSettings()).ownership).toEqual({ en: null, da: "Ej en hest hos os." });
  });

  test("a save without new images keeps them; a replaced or removed one is answered for removal", async () => {
    await saveSiteSettings({ ...input, hero: photo, logo });
    expect(await saveSiteSettings(input)).toEqual({ replacedImageUrls: [null, null] });
    expect((await getSiteSettings()).hero).toEqual(photo);
    const newer = { ...photo, url: "/media/horse-images/3-hero.jpg" };
    expect(await saveSiteSettings({ ...input, hero: newer })).toEqual({ replacedImageUrls: [null, photo.url] });
    expect(await saveSiteSettings({ ...input, removeHero: true, removeLogo: true })).toEqual({
      replacedImageUrls: [logo.url, newer.url],
    });
    const site = await getSiteSettings();
    expect(site.hero).toBeNull();
    expect(site.logo).toBeNull();
    expect(site.logoUrl).toBe("/logo.svg");
  });

  test("links are https addresses with a host, nothing else", () => {
    expect(isHttpsUrl("https://www.instagram.com/stald")).toBe(true);
    for (const bad of [
      "http://facebook.com/x",
      "javascript:alert(1)",
      "https://localhost",
      "facebook.com",
      "https://a:b@x.dk",
    ])
      expect(isHttpsUrl(bad), bad).toBe(false);
  });
});
