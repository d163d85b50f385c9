import { describe, expect, it } from "vitest";
import { firstFreeSlug, isSlugShaped, slugify, SLUG_MAX } from "./slug";

describe("slugify", () => {
  it.each([
    ["Kongens Ære", "kongens-aere"],
    ["Sølvpil", "soelvpil"],
    ["Vinterdrøm", "vinterdroem"],
    ["Blå Måne", "blaa-maane"],
    ["ÆØÅ æøå", "aeoeaa-aeoeaa"],
    ["Café Noël", "cafe-noel"],
    ["  Mr. O'Brien's #1!  ", "mr-o-brien-s-1"],
    ["Nordlys", "nordlys"],
    ["???", "horse"],
  ])("%j → %j", (name, slug) => {
    expect(slugify(name)).toBe(slug);
    expect(isSlugShaped(slug)).toBe(true);
  });

  it("keeps long names to a bounded, readable address", () => {
    const slug = slugify("Den Lange Vej Hjem Over Bakkerne ".repeat(10));
    expect(slug.length).toBeLessThanOrEqual(SLUG_MAX);
    expect(slug.endsWith("-")).toBe(false);
  });
});

describe("firstFreeSlug", () => {
  it("adds -2, -3 … to a taken slug", () => {
    expect(firstFreeSlug("nordlys", [])).toBe("nordlys");
    expect(firstFreeSlug("nordlys", ["nordlys"])).toBe("nordlys-2");
    expect(firstFreeSlug("nordlys", ["nordlys", "nordlys-2", "nordlys-4"])).toBe("nordlys-3");
  });
});

describe("isSlugShaped", () => {
  it("refuses anything a slug cannot be", () => {
    for (const value of ["", "Nordlys", "a--b", "-a", "a-", "a/b", "a.b", "æ", "a".repeat(200)]) {
      expect(isSlugShaped(value), value).toBe(false);
    }
  });
});
