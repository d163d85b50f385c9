import { sql } from "kysely";
import { test, expect } from "./fixtures";
import {
  breakTable,
  expectLayout,
  expectNoAxeViolations,
  holdRequests,
  seedHorse,
  seedWinner,
  TEST_IMAGE,
  clickNavLink,
  openReactApp,
} from "./public-helpers";
import { db } from "~/platform/db.server";

// Accessibility scans and image processing are CPU-heavy when the whole suite runs in parallel.
test.describe.configure({ timeout: 60_000 });

// Scanned by axe in accessibility.spec.ts, empty and with content; nothing here depends on the width.
test("no winners yet shows the empty message", { tag: "@any-width" }, async ({ page }) => {
  const response = await page.goto("/winners");
  expect(response?.status()).toBe(200);
  await expect(page).toHaveTitle("Winners | Stald Nordlys");
  await expect(page.getByRole("heading", { level: 1, name: "Our Winners" })).toBeVisible();
  await expect(page.getByText("No winners found. Add some winners from the admin page.")).toBeVisible();
  await expectLayout(page);
});

test("victories show their details in da-DK, latest race first", async ({ page }) => {
  const horse = await seedHorse();
  await seedWinner(horse.id, {
    raceName: "Dyrehavsløbet",
    raceDate: "2026-05-10",
    track: "Klampenborg Galopbane",
    distance: "2200 m",
    jockey: "Mads Sørensen",
    prizeOre: 123_456_789,
    photo: TEST_IMAGE,
  });
  await seedWinner(horse.id, { raceName: "Dansk Derby", raceDate: "2026-08-02", prizeOre: 50_000_000 });

  await page.goto("/winners");
  const cards = page.getByRole("article");
  await expect(cards).toHaveCount(2);
  await expect(cards.nth(0)).toContainText("Dansk Derby");
  const card = cards.nth(1);
  await expect(card.getByRole("heading", { name: "Nordlys" })).toBeVisible();
  await expect(card.getByRole("img", { name: "Nordlys after winning Dyrehavsløbet" })).toBeVisible();
  for (const text of [
    "TrackKlampenborg Galopbane",
    "Date10.5.2026",
    "Distance2200 m",
    "OwnerStald Øresund",
    "JockeyMads Sørensen",
    "Prize money1.234.567,89 kr.",
  ]) {
    await expect(card).toContainText(text);
  }
  // Two columns from tablet width up, one on a phone.
  const tops = await cards.evaluateAll((els) => els.map((el) => Math.round(el.getBoundingClientRect().top)));
  expect(tops[0] === tops[1]).toBe(page.viewportSize()!.width >= 768);
});

// The fallbacks' scan at one width: the cards around them are scanned at phone width with content.
test("missing details show the spec's fallbacks and a placeholder photo", { tag: "@desktop" }, async ({ page }) => {
  const horse = await seedHorse({ name: "Gone" });
  await seedWinner(horse.id, { raceName: "Fynsk Sprintløb" });
  await db().deleteFrom("horses").where("id", "=", horse.id).execute();
  // Rows written before the form rules (blank race name, unreadable date) still display.
  await sql`update winners set race_name = '  ', race_date = 'sometime'`.execute(db());

  await page.goto("/winners");
  const card = page.getByRole("article");
  await expect(card.getByRole("heading")).toHaveText("Unknown Horse");
  for (const text of [
    "Unknown Race",
    "TrackUnknown Track",
    "DateUnknown Date",
    "DistanceUnknown Distance",
    "OwnerUnknown Owner",
    "JockeyUnknown Jockey",
    "Prize moneyNot specified",
  ]) {
    await expect(card).toContainText(text);
  }
  await expect(card.locator("img")).toHaveAttribute("src", "/placeholder.svg");
  await expectNoAxeViolations(page);
});

test.describe("with a database that fails", () => {
  test.use({ ownServer: true });

  // The error's scan at one width: the page around it is scanned at phone width with content.
  test("a failed read shows the error state inside the intact page", { tag: "@desktop" }, async ({ page, app }) => {
    await breakTable("winners");
    const response = await page.goto("/winners");
    expect(response?.status()).toBe(503);
    const alert = page.getByRole("alert");
    await expect(alert.getByRole("heading", { name: "Error Loading Winners" })).toBeVisible();
    await expect(alert).toContainText("Failed to load winners data. Please try again later.");
    await expect(page.getByText("No winners found.")).toHaveCount(0);
    await expectLayout(page);
    await expect.poll(() => app.logs.join("")).toContain("Reading winners failed");
    await expectNoAxeViolations(page);
  });
});

test("a client-side visit shows four placeholder cards while loading", { tag: "@any-width" }, async ({ page }) => {
  const horse = await seedHorse();
  await seedWinner(horse.id);
  await openReactApp(page);
  const release = await holdRequests(page, /\/winners\.data/);
  await clickNavLink(page, "Winners");
  await expect(page.getByTestId("winner-placeholder")).toHaveCount(4);
  await expect(page.getByRole("heading", { level: 1, name: "Our Winners" })).toBeVisible();
  release();
  await expect(page.getByRole("article")).toHaveCount(1);
  await expect(page.getByTestId("winner-placeholder")).toHaveCount(0);
});
