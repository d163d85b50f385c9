import { test, expect } from "./fixtures";
import {
  breakTable,
  expectLayout,
  holdRequests,
  seedHorse,
  seedWinner,
  storeTestImage,
  clickNavLink,
  openReactApp,
} from "./public-helpers";
import { db } from "~/platform/db.server";

// Accessibility scans and image processing are CPU-heavy when the whole suite runs in parallel.
test.describe.configure({ timeout: 60_000 });

// Scanned by axe in accessibility.spec.ts, empty and with content; nothing here depends on the width.
test("an empty stable shows the empty message", { tag: "@any-width" }, async ({ page }) => {
  const response = await page.goto("/horses");
  expect(response?.status()).toBe(200);
  await expect(page).toHaveTitle("Horses in Training | Stald Nordlys");
  await expect(page.getByRole("heading", { level: 1, name: "Horses in Training" })).toBeVisible();
  await expect(page.getByText("No horses in training yet. Add some horses in the admin panel.")).toBeVisible();
  await expectLayout(page);
});

test(
  "a big yard's horses come a page at a time, with links between the pages",
  { tag: "@desktop" },
  async ({ page }) => {
    // One more horse than a page holds, the first seeded the oldest.
    for (let i = 1; i <= 25; i++) {
      const horse = await seedHorse({ name: `Horse ${i}`, image: null });
      await db()
        .updateTable("horses")
        .set({ created_at: new Date(Date.UTC(2026, 0, 1, 0, 0, i)).toISOString() })
        .where("id", "=", horse.id)
        .execute();
    }
    await page.goto("/horses");
    const cards = page.getByRole("main").getByRole("article");
    await expect(cards).toHaveCount(24);
    await expect(cards.first()).toContainText("Horse 25");
    const pages = page.getByRole("navigation", { name: "Pages of horses" });
    await expect(pages).toContainText("Page 1 of 2");
    await pages.getByRole("link", { name: "Next" }).click();
    await expect(page).toHaveURL(/\/horses\?page=2$/);
    await expect(cards).toHaveCount(1);
    await expect(cards.first()).toContainText("Horse 1");
    await pages.getByRole("link", { name: "Previous" }).click();
    await expect(page).toHaveURL(/\/horses$/);
    await expect(cards).toHaveCount(24);
  },
);

test(
  "each horse has a card with its details, prize money and placings, newest first",
  { tag: "@any-width" },
  async ({ page, app }) => {
    const older = await seedHorse({ name: "Havgus", owner: null, image: null, firstPlaces: 0, secondPlaces: 4 });
    await seedWinner(older.id, { prizeOre: 4_500_000 });
    await db()
      .updateTable("horses")
      .set({ created_at: "2026-01-01T00:00:00.000Z" })
      .where("id", "=", older.id)
      .execute();
    const newer = await seedHorse({ name: "Nordlys", age: 1, image: await storeTestImage(app, "horse-images") });
    await seedWinner(newer.id, { prizeOre: 50_000_050 });

    await page.goto("/horses");
    const cards = page.getByRole("article");
    await expect(cards).toHaveCount(2);
    await expect(cards.nth(0).getByRole("heading")).toHaveText("Nordlys");
    await expect(cards.nth(1).getByRole("heading")).toHaveText("Havgus");

    const nordlys = cards.nth(0);
    await expect(nordlys.getByRole("img", { name: "Nordlys" })).toBeVisible();
    await expect(nordlys).toContainText("1 year old · Bay");
    await expect(nordlys).toContainText("SireSea The Stars");
    await expect(nordlys).toContainText("DamFrøken Fryd");
    await expect(nordlys).toContainText("OwnerStald Øresund");
    await expect(nordlys).toContainText("500.000,50 kr.");
    const placings = nordlys.getByRole("list", { name: "Placings" });
    await expect(placings.getByRole("listitem")).toHaveText(["1st: 3", "2nd: 2", "3rd: 1"]);

    const havgus = cards.nth(1);
    await expect(havgus.getByRole("img")).toHaveCount(0);
    await expect(havgus).not.toContainText("Owner");
    await expect(havgus).toContainText("4 years old · Bay");
    await expect(havgus).toContainText("45.000,00 kr.");
    await expect(havgus.getByRole("list", { name: "Placings" }).getByRole("listitem")).toHaveText([
      "1st: 0",
      "2nd: 4",
      "3rd: 1",
    ]);
  },
);

test.describe("with a database that fails", () => {
  test.use({ ownServer: true });

  test(
    "a failed read is only logged: the page keeps its layout and answers 503",
    { tag: "@any-width" },
    async ({ page, app }) => {
      await seedHorse();
      await breakTable("horses");
      const response = await page.goto("/horses");
      expect(response?.status()).toBe(503);
      expect(response?.headers()["cache-control"]).toBe("no-store");
      await expect(page.getByRole("heading", { level: 1, name: "Horses in Training" })).toBeVisible();
      await expect(page.getByRole("article")).toHaveCount(0);
      await expectLayout(page);
      await expect.poll(() => app.logs.join("")).toContain("Reading horses failed");
    },
  );
});

test(
  "a client-side visit shows 'Loading horses...' until the data arrives",
  { tag: "@any-width" },
  async ({ page }) => {
    await seedHorse();
    await openReactApp(page);
    const release = await holdRequests(page, /\/horses\.data/);
    await clickNavLink(page, "Horses");
    await expect(page.getByRole("status")).toHaveText("Loading horses...");
    await expect(page.getByRole("heading", { level: 1, name: "Horses in Training" })).toBeVisible();
    release();
    await expect(page.getByRole("article").getByRole("heading", { name: "Nordlys" })).toBeVisible();
    await expect(page.getByText("Loading horses...")).toHaveCount(0);
    await expect(page).toHaveURL(/\/horses$/);
  },
);
