import { saveContactInfo } from "~/models/contact-info.server";
import { startAppServer } from "./app-server";
import { test, expect, waitForHydration } from "./fixtures";
import { clickNavLink } from "./public-helpers";

const PUBLIC_PAGES = ["/", "/horses", "/winners", "/team", "/contact"];

test("public pages run their script and the app hydrates under the Content-Security-Policy, cached or not", async ({
  page,
  app,
}) => {
  const violations: string[] = [];
  page.on("console", (m) => {
    if (/Content Security Policy|Refused to/i.test(m.text())) violations.push(m.text());
  });
  // Fill the cache first so the browser gets stored pages (same hashes must still match).
  for (const p of PUBLIC_PAGES) await fetch(`${app.url}${p}`);
  const response = await page.goto("/");
  expect(response?.headers()["x-cache"]).toBe("HIT");
  const csp = response?.headers()["content-security-policy"] ?? "";
  // A plain public page has no inline script to allow (decision 0120).
  expect(csp).toMatch(/script-src 'self'( 'sha256-[A-Za-z0-9+/=]+')*;/);
  expect(csp).not.toMatch(/script-src[^;]*unsafe/);
  expect(csp).toContain("frame-ancestors 'none'");
  await waitForHydration(page);

  // The React app (here the sign-in page) lists the hashes of its inline scripts.
  const auth = await page.goto("/auth");
  expect(auth?.headers()["content-security-policy"]).toMatch(/script-src 'self'( 'sha256-[A-Za-z0-9+/=]+')+;/);
  await waitForHydration(page);
  // Only a hydrated page fetches the next page's data instead of loading a new document.
  const data = page.waitForRequest((r) => new URL(r.url()).pathname === "/horses.data");
  await clickNavLink(page, "Horses");
  await data;
  await expect(page).toHaveURL(/\/horses$/);
  await expect(page.getByRole("heading", { level: 1, name: "Horses in Training" })).toBeVisible();
  expect(violations).toEqual([]);
});

test("every response carries the security headers", { tag: "@any-width" }, async ({ request }) => {
  for (const path of ["/", "/horses", "/healthz", "/robots.txt", "/sitemap.xml", "/favicon.svg", "/no-such-page"]) {
    const res = await request.get(path);
    const h = res.headers();
    expect(h["content-security-policy"], path).toContain("frame-ancestors 'none'");
    expect(h["x-content-type-options"], path).toBe("nosniff");
    expect(h["referrer-policy"], path).toBe("strict-origin-when-cross-origin");
    expect(h["permissions-policy"], path).toContain("camera=()");
    expect(h["x-request-id"], path).toBeTruthy();
    // Plain HTTP here: HSTS is only sent over HTTPS.
    expect(h["strict-transport-security"], path).toBeUndefined();
  }
});

test(
  "anonymous pages come from memory, revalidate with 304, and a save shows at once",
  { tag: "@any-width" },
  async ({ request }) => {
    const first = await request.get("/");
    expect(first.headers()["x-cache"]).toBe("MISS");
    const second = await request.get("/");
    expect(second.headers()["x-cache"]).toBe("HIT");
    const etag = second.headers()["etag"]!;
    expect((await request.get("/", { headers: { "If-None-Match": etag } })).status()).toBe(304);
    expect(await second.text()).not.toContain("+45 70 20 30 40");

    // Written by this test process straight into the site's database, as another instance would.
    await saveContactInfo({
      address: "Strandvejen 1\n2930 Klampenborg",
      phoneNumber: "+45 70 20 30 40",
      emailAddress: "stald@example.dk",
    });
    const after = await request.get("/");
    expect(after.headers()["x-cache"]).toBe("MISS");
    expect(await after.text()).toContain("+45 70 20 30 40");
    expect(after.headers()["etag"]).not.toBe(etag);
    expect((await request.get("/", { headers: { "If-None-Match": etag } })).status()).toBe(200);
  },
);

test(
  "signed-in and flash-toast requests bypass the cache; admin, auth and health are never cached",
  { tag: "@any-width" },
  async ({ request }) => {
    await request.get("/horses");
    expect((await request.get("/horses")).headers()["x-cache"]).toBe("HIT");
    const withCookie = await request.get("/horses", { headers: { Cookie: "stable_toast=abc" } });
    expect(withCookie.headers()["x-cache"]).toBe("BYPASS");
    expect(withCookie.headers()["cache-control"]).toContain("private");
    for (const path of ["/healthz", "/auth", "/admin"]) {
      await request.get(path, { maxRedirects: 0 });
      expect((await request.get(path, { maxRedirects: 0 })).headers()["x-cache"], path).not.toBe("HIT");
    }
  },
);

test("/healthz reports the database as JSON and is not cached", { tag: "@any-width" }, async ({ request }) => {
  const res = await request.get("/healthz");
  expect(res.status()).toBe(200);
  expect(res.headers()["cache-control"]).toBe("no-store");
  expect(await res.json()).toEqual({ status: "ok", database: "ok", draining: false });
});

test(
  "the stylesheet is inline; hashed assets are pre-compressed and immutable",
  { tag: "@any-width" },
  async ({ request, page }) => {
    await page.goto("/");
    // The first paint needs no request beyond the document.
    await expect(page.locator('link[rel="stylesheet"]')).toHaveCount(0);
    await expect(page.locator('head style[data-href="site-css-page"]')).toHaveCount(1);
    const document = await (await request.get("/")).text();
    // A public page's one script (decision 0120).
    const script = /<script type="module" src="([^"]+)"/.exec(document)?.[1];
    expect(script).toMatch(/^\/assets\/.+\.js$/);
    const br = await request.get(script!, { headers: { "Accept-Encoding": "br" } });
    expect(br.headers()["content-encoding"]).toBe("br");
    expect(br.headers()["content-type"]).toContain("text/javascript");
    expect(br.headers()["cache-control"]).toContain("immutable");
    expect(br.headers()["vary"]).toContain("Accept-Encoding");
    const gz = await request.get(script!, { headers: { "Accept-Encoding": "gzip" } });
    expect(gz.headers()["content-encoding"]).toBe("gzip");
    // Pages are compressed too: the first answer with gzip, then with brotli at its best quality,
    // made in the background (decision 0300).
    const team = () => request.get("/team", { headers: { "Accept-Encoding": "gzip, br" } });
    expect(["gzip", "br"]).toContain((await team()).headers()["content-encoding"]);
    await expect.poll(async () => (await team()).headers()["content-encoding"]).toBe("br");
  },
);

test("fonts are self-hosted, latin only, and preloaded", { tag: "@any-width" }, async ({ request }) => {
  const html = await (await request.get("/")).text();
  const preloads = [...html.matchAll(/<link rel="preload" href="([^"]+)" as="font"/g)].map((m) => m[1]!);
  expect(preloads).toHaveLength(2);
  for (const href of preloads) {
    expect(href).toMatch(/^\/assets\/(inter-latin-400-700|playfair-display-latin-700-normal)-.*\.woff2$/);
    expect((await request.get(href)).status()).toBe(200);
  }
});

test("a malformed request gets a plain answer without internals", { tag: "@any-width" }, async ({ request }) => {
  const res = await request.get("/%E0%A4%A");
  expect(res.status()).toBeLessThan(500);
  const body = await res.text();
  expect(body).not.toMatch(/URIError|\bat \S+\.(js|ts):\d+|node_modules/);
});

test(
  "SIGTERM finishes, closes the database and exits cleanly, logging one JSON line per request",
  { tag: "@any-width" },
  async () => {
    const server = await startAppServer({ LOG_LEVEL: "info" });
    const res = await fetch(`${server.url}/horses`, { headers: { Cookie: "stable_session=do-not-log-me" } });
    expect(res.status).toBe(200);
    await server.stop();
    const output = server.logs.join("");
    expect(output).toContain("SIGTERM received");
    expect(output).toContain("Stopped cleanly");
    const line = output.split("\n").find((l) => l.includes('"msg":"request"') && l.includes('"/horses"'));
    expect(line).toBeTruthy();
    const entry = JSON.parse(line!);
    expect(entry).toMatchObject({ level: "info", method: "GET", path: "/horses", status: 200 });
    expect(entry.requestId).toBe(res.headers.get("x-request-id"));
    expect(typeof entry.ms).toBe("number");
    expect(output).not.toContain("do-not-log-me");
  },
);
