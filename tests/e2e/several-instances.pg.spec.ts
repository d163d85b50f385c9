import pg from "pg";
import { test, expect, type Browser, type Page } from "@playwright/test";
import { listHorses } from "~/models/horse.server";
import { closeDatabase, openPostgres, useDatabase } from "~/platform/db.server";
import { createUser } from "@tests/auth";
import { solid } from "@tests/images";
import { startS3Server, type TestS3Server } from "@tests/s3";
import { startAppServer, type AppServer } from "./app-server";
import { navigationsWaitForHydration, signInAs } from "./fixtures";

// Collected only when TEST_DATABASE_URL names a PostgreSQL server (playwright.config.ts): `.ci/run`'s
// PostgreSQL pass. Two instances of the site, as behind a load balancer: one database, one bucket.
const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL!;
test.describe.configure({ mode: "serial", timeout: 120_000 });

const dbName = `stable_e2e_${process.pid}_${Date.now().toString(36)}`;
const databaseUrl = (name: string) => {
  const url = new URL(TEST_DATABASE_URL);
  url.pathname = `/${name}`;
  return url.toString();
};
async function admin(query: string) {
  const client = new pg.Client({ connectionString: databaseUrl("postgres") });
  await client.connect();
  try {
    await client.query(query);
  } finally {
    await client.end();
  }
}

let s3: TestS3Server;
let a: AppServer;
let b: AppServer;

test.beforeAll(async () => {
  await admin(`CREATE DATABASE ${dbName}`);
  s3 = await startS3Server();
  const shared = { DATABASE_URL: databaseUrl(dbName), SESSION_SECRET: process.env.SESSION_SECRET!, ...s3.env };
  // One after the other: the first applies the migrations.
  a = await startAppServer(shared);
  b = await startAppServer(shared);
  useDatabase(openPostgres(databaseUrl(dbName)));
});

test.afterAll(async () => {
  await closeDatabase();
  // A server that crashed fails the run here.
  const stopped = await Promise.allSettled([a?.stop(), b?.stop()]);
  await s3?.close();
  await admin(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
  for (const result of stopped) if (result.status === "rejected") throw result.reason;
});

/** The horse's photo as the page shows it: present, and really loaded from that instance. */
async function expectPhotoShown(page: Page, name: string) {
  const card = page.getByRole("article").filter({ has: page.getByRole("heading", { name }) });
  const img = card.getByRole("img", { name });
  await img.scrollIntoViewIfNeeded();
  await expect(img).toBeVisible();
  await expect.poll(() => img.evaluate((i: HTMLImageElement) => i.complete && i.naturalWidth > 0)).toBe(true);
}

/** A browser tab on `server`: anonymous, or signed in as `user`. */
async function openTab(browser: Browser, server: AppServer, user?: { email: string; password: string }) {
  const page = await browser.newPage({ baseURL: server.url });
  navigationsWaitForHydration(page);
  if (user) await signInAs(page, server, user);
  return page;
}

/** What an anonymous visitor's request for `path` gets: the page cache's answer and whether `name` is on the page. */
async function visit(visitor: Page, path: string, name: string) {
  const response = await visitor.request.get(path);
  expect(response.status()).toBe(200);
  return { cache: response.headers()["x-cache"], shows: (await response.text()).includes(name) };
}

test(
  "an upload on one instance is shown by the other, and a deletion on the other is gone from the first",
  { tag: "@any-width" },
  async ({ browser }) => {
    const user = await createUser({ email: "admin@stable.test", admin: true });
    const adminA = await openTab(browser, a, user);
    const adminB = await openTab(browser, b, user);
    // Visitors are anonymous: their pages come from each instance's page cache.
    const visitorA = await openTab(browser, a);
    const visitorB = await openTab(browser, b);

    // B has its public page cached before A saves.
    await expect.poll(() => visit(visitorB, "/horses", "Stormvind")).toEqual({ cache: "HIT", shows: false });

    await adminA.goto("/admin/horses");
    const add = adminA.getByRole("form", { name: "Add New Horse" });
    await add.getByLabel("Horse Name", { exact: true }).fill("Stormvind");
    await add.getByLabel("Age", { exact: true }).fill("5");
    await add.getByLabel("Color", { exact: true }).fill("Grey");
    await add.getByLabel("Sire", { exact: true }).fill("Frankel");
    await add.getByLabel("Dam", { exact: true }).fill("Blæst");
    await add
      .getByLabel("Horse Image", { exact: true })
      .setInputFiles({ name: "horse.jpg", mimeType: "image/jpeg", buffer: await solid(800, 600).jpeg().toBuffer() });
    await add.getByRole("button", { name: "Add Horse" }).click();
    await expect(adminA.getByText("Horse Added", { exact: true })).toBeVisible();
    const [horse] = await listHorses();
    const photo = horse!.image!.url;
    expect(photo).toMatch(/^\/media\/horse-images\//);

    // A's save reaches B (LISTEN/NOTIFY), which empties its cache: the next visitor gets the page
    // rendered afresh, with the horse, and B serves the photo A received.
    await expect.poll(() => visit(visitorB, "/horses", "Stormvind")).toEqual({ cache: "MISS", shows: true });
    await visitorB.goto("/horses");
    await expectPhotoShown(visitorB, "Stormvind");
    const fromB = await visitorB.request.get(photo);
    expect(fromB.status()).toBe(200);
    expect(fromB.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect((await visitorA.request.get(photo)).status()).toBe(200);

    // A has the page cached with the horse; B deletes it.
    await expect.poll(() => visit(visitorA, "/horses", "Stormvind")).toEqual({ cache: "HIT", shows: true });
    await adminB.goto("/admin/horses");
    await adminB.getByRole("button", { name: "Delete Stormvind" }).click();
    await expect(adminB.getByText("Horse Deleted", { exact: true })).toBeVisible();

    await expect.poll(() => visit(visitorA, "/horses", "Stormvind")).toEqual({ cache: "MISS", shows: false });
    await visitorA.goto("/horses");
    await expect(visitorA.getByRole("heading", { name: "Stormvind" })).toHaveCount(0);
    // The photo stays in the bucket while the horse is in the trash (Undo brings it back) …
    expect((await visitorA.request.get(photo)).status()).toBe(200);

    // … until it is deleted for good, on B: then neither instance serves it.
    await adminB.goto("/admin/trash");
    await adminB.getByRole("button", { name: /^Delete Forever .*Stormvind/ }).click();
    await expect(adminB.getByText("Deleted Forever", { exact: true })).toBeVisible();
    await expect.poll(async () => (await visitorA.request.get(photo)).status()).toBe(404);
    expect((await visitorB.request.get(photo)).status()).toBe(404);
  },
);
