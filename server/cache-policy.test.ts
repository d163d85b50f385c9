import { describe, expect, it } from "vitest";
import { cacheKeyFor, isStamped, isStorable } from "./cache-policy";

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

  it("leaves out of the key every query parameter the page does not read", () => {
    expect(cacheKeyFor("GET", u("/winners?utm_source=fb&fbclid=abc"), {})).toEqual({
      key: "http://example.test/winners",
    });
    // Before the registry said which parameters a page reads, any other query string forced a render.
    expect(cacheKeyFor("GET", u("/team?page=2"), {})).toEqual({ key: "http://example.test/team" });
    expect(cacheKeyFor("GET", u("/horses.data?other=1"), {})).toEqual({ key: "http://example.test/horses.data" });
    expect(cacheKeyFor("GET", u("/runners.ics?x=1"), {})).toEqual({ key: "http://example.test/runners.ics" });
  });

  it("keys /winners by the season and page it reads, in one order, /horses by its page and a horse page by its season", () => {
    expect(cacheKeyFor("GET", u("/winners?page=2&utm_source=x&season=2025"), {})).toEqual({
      key: "http://example.test/winners?page=2&season=2025",
    });
    expect(cacheKeyFor("GET", u("/da/winners.data?season=2025&_routes=da/winners"), {})).toEqual({
      key: "http://example.test/da/winners.data?season=2025&_routes=da/winners",
    });
    expect(cacheKeyFor("GET", u("/horses?page=2&sort=name"), {})).toEqual({ key: "http://example.test/horses?page=2" });
    expect(cacheKeyFor("GET", u("/horses/nordlys?season=2024&page=3"), {})).toEqual({
      key: "http://example.test/horses/nordlys?season=2024",
    });
    // A season or page that is not there is answered 404 (app/routes/winners.tsx), which is never stored.
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

  it("never shares the owners' pages, their data, the private calendars or the token pages, even asked anonymously", () => {
    const token = "A".repeat(43);
    for (const path of [
      "/owners",
      "/da/owners",
      "/owners.data",
      "/owners/horses/xenia",
      "/da/owners/horses/xenia.data",
      "/owners/settings",
      `/owners/calendar/${token}.ics`,
      `/owners/welcome?token=${token}`,
      `/da/owners/unsubscribe?token=${token}`,
      // A private photo of an owners-only post (its route answers private, no-store too).
      "/owners/media/post-photos/1700000000000-0123456789ab.jpg",
      "/owners/media/post-photos/1700000000000-0123456789ab.w640.avif",
      "/owners/media/post-photos/1700000000000-0123456789ab.jpg.data",
      // The administrators' download beside the News tab.
      "/admin/news/subscribers.csv",
    ]) {
      expect(cacheKeyFor("GET", u(path), {}), path).toEqual({ key: null, reason: "path" });
    }
    expect(isStorable(200, new Headers({ "content-type": "text/html", "cache-control": "private, no-store" }))).toBe(
      false,
    );
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
    expect(isStamped("/da/contact")).toBe(true);
    expect(isStamped("/contact.data")).toBe(true);
    expect(isStamped("/horses")).toBe(false);
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

  it("shares the sitemap and each of its parts, and nothing else it could be asked with", () => {
    expect(cacheKeyFor("GET", u("/sitemap.xml"), {})).toEqual({ key: "http://example.test/sitemap.xml" });
    expect(cacheKeyFor("GET", u("/sitemap.xml?part=2&utm_source=x"), {})).toEqual({
      key: "http://example.test/sitemap.xml?part=2",
    });
    expect(isStorable(200, new Headers({ "content-type": "application/xml; charset=utf-8" }))).toBe(true);
    // A list made while a read failed says so, and is not kept.
    expect(isStorable(200, new Headers({ "content-type": "application/xml", "cache-control": "no-store" }))).toBe(
      false,
    );
    // The other site files stay rendered per request.
    expect(cacheKeyFor("GET", u("/robots.txt"), {}).key).toBeNull();
    expect(cacheKeyFor("GET", u("/form-stamp"), {}).key).toBeNull();
  });

  it("keeps pages for different hosts apart (canonical URLs may come from the Host header)", () => {
    const a = cacheKeyFor("GET", new URL("http://a.test/"), {});
    const b = cacheKeyFor("GET", new URL("http://b.test/"), {});
    expect(a.key).not.toBe(b.key);
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
