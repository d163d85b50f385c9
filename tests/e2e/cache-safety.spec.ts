/**
 * What a shared cache in front of the site, or the site's own page cache, may keep and hand out:
 * never a session cookie, one address per page, and never a copy of a page that shows a record
 * deleted since.
 */
import http from "node:http";
import zlib from "node:zlib";
import { FORM_STAMP_FIELD } from "~/contact/contact-form";
import { checkFormStamp } from "~/contact/form-stamp.server";
import { listHorses } from "~/models/horse.server";
import { makeSessionsDueForRefresh, signedInUser } from "@tests/auth";
import { test, expect } from "./fixtures";
import { breakTable, seedHorse } from "./public-helpers";

test(
  "a session due for refresh is never renewed on a feed, the sitemap, robots.txt, media or assets, and a page that renews it is not publicly cacheable",
  { tag: "@any-width" },
  async ({ request }) => {
    const { cookie } = await signedInUser({ admin: true });
    const html = await (await request.get("/")).text();
    const asset = /<script type="module" src="([^"]+)"/.exec(html)?.[1];
    expect(asset).toMatch(/^\/assets\//);

    for (const path of ["/runners.ics", "/sitemap.xml", "/robots.txt", asset!, "/media/horses/none.jpg"]) {
      await makeSessionsDueForRefresh();
      const res = await request.get(path, { headers: { Cookie: cookie } });
      expect(res.headers()["set-cookie"], path).toBeUndefined();
    }
    // The feed keeps its public caching; it carries nothing personal.
    const feed = await request.get("/runners.ics", { headers: { Cookie: cookie } });
    expect(feed.headers()["cache-control"]).toBe("public, max-age=900");

    await makeSessionsDueForRefresh();
    const page = await request.get("/horses", { headers: { Cookie: cookie } });
    expect(page.headers()["set-cookie"]).toContain("session_token=");
    expect(page.headers()["cache-control"]).toBe("private, no-store");
  },
);

test(
  "case and trailing-slash variants of a public page answer 301 to its address, keeping the query",
  { tag: "@any-width" },
  async ({ request }) => {
    await seedHorse({ name: "Kongens Ære" });
    const variants: [string, string][] = [
      ["/DA", "/da"],
      ["/da/", "/da"],
      ["/horses/", "/horses"],
      ["/Horses/?utm_source=x", "/horses?utm_source=x"],
      ["/da/Horses/Kongens-Aere", "/da/horses/kongens-aere"],
      ["/hors%65s", "/horses"],
      ["/RUNNERS.ics", "/runners.ics"],
    ];
    for (const [from, to] of variants) {
      const res = await request.get(from, { maxRedirects: 0 });
      expect(res.status(), from).toBe(301);
      expect(res.headers()["location"], from).toBe(to);
    }
    // Pages that are not public keep their addresses and their query strings.
    expect((await request.get("/admin", { maxRedirects: 0 })).status()).toBe(302);
    const reset = await request.get("/auth?mode=reset", { maxRedirects: 0 });
    expect(reset.status()).toBe(200);
    expect(await reset.text()).toContain("Reset Password");
  },
);

test(
  "a query string a page does not read gets the cached copy instead of a render",
  { tag: "@any-width" },
  async ({ request }) => {
    await request.get("/horses");
    // (/horses reads ?page and /winners ?season and ?page: their other parameters are not read.)
    for (const path of ["/horses?sort=name", "/winners?x=1&y=2", "/runners.ics?cache-buster=9"]) {
      await request.get(path);
      expect((await request.get(path)).headers()["x-cache"], path).toBe("HIT");
    }
  },
);

test(
  "a page's last good copy never shows a record deleted since, even when the database then fails",
  { tag: "@any-width" },
  async ({ request, app }) => {
    const { cookie } = await signedInUser({ admin: true });
    await seedHorse({ name: "Nordlys" });
    await seedHorse({ name: "Stormvind" });
    // Anonymous visits (the delete's answer sets a toast cookie, which the request context would send).
    const visit = (p: string) => fetch(`${app.url}${p}`);
    const first = await visit("/horses");
    expect(await first.text()).toContain("Stormvind");
    const stormvind = (await listHorses()).find((h) => h.name === "Stormvind")!;

    const deleted = await request.post("/admin/horses", {
      headers: { Cookie: cookie, Origin: app.url },
      form: { intent: "delete", id: stormvind.id },
      maxRedirects: 0,
    });
    expect(deleted.status()).toBe(302);

    // The database fails before anyone has seen the page again.
    await breakTable("horses");
    const during = await visit("/horses");
    expect(await during.text()).not.toContain("Stormvind");
    expect(during.headers.get("x-cache")).not.toBe("STALE-IF-ERROR");
  },
);

test(
  "the contact page comes from the cache with a fresh stamp in every response, never revalidated",
  { tag: "@any-width" },
  async ({ request, app }) => {
    const stamps: string[] = [];
    for (let i = 0; i < 3; i++) {
      const res = await request.get("/da/contact");
      expect(res.headers()["x-cache"]).toBe(i === 0 ? "MISS" : "HIT");
      expect(res.headers()["cache-control"]).toBe("private, no-cache");
      expect(res.headers()["etag"]).toBeUndefined();
      const stamp = new RegExp(`name="${FORM_STAMP_FIELD}" value="([^"]+)"`).exec(await res.text())?.[1];
      expect(checkFormStamp(stamp, 0)).toBe("ok");
      stamps.push(stamp!);
    }
    expect(new Set(stamps).size).toBe(3);
    expect((await request.get("/da/contact", { headers: { "If-None-Match": "*" } })).status()).toBe(200);

    // The stored page is compressed once; each response is put together around its stamp.
    const raw = await new Promise<{ encoding?: string; body: Buffer }>((resolve, reject) => {
      http
        .get(`${app.url}/da/contact`, { headers: { "Accept-Encoding": "br, gzip" } }, (res) => {
          const chunks: Buffer[] = [];
          res.on("data", (c: Buffer) => chunks.push(c));
          res.on("end", () => resolve({ encoding: res.headers["content-encoding"], body: Buffer.concat(chunks) }));
        })
        .on("error", reject);
    });
    expect(raw.encoding).toBe("gzip");
    const page = zlib.gunzipSync(raw.body).toString();
    expect(page).toContain("Kontakt os");
    expect(checkFormStamp(new RegExp(`name="${FORM_STAMP_FIELD}" value="([^"]+)"`).exec(page)?.[1], 0)).toBe("ok");
  },
);
