import { test, expect } from "./fixtures";
import {
  breakTable,
  expectLayout,
  expectNoAxeViolations,
  holdRequests,
  seedTeam,
  storeTestImage,
  clickNavLink,
  openReactApp,
} from "./public-helpers";
import { db } from "~/platform/db.server";

// Accessibility scans and image processing are CPU-heavy when the whole suite runs in parallel.
test.describe.configure({ timeout: 60_000 });

const DEFAULT_DESCRIPTION = "Experienced professional dedicated to excellence in horse racing.";

// Scanned by axe in accessibility.spec.ts, empty and with content; nothing here depends on the width.
test("an empty team page still introduces the team", { tag: "@any-width" }, async ({ page }) => {
  const response = await page.goto("/team");
  expect(response?.status()).toBe(200);
  await expect(page).toHaveTitle("The Team | Stald Nordlys");
  await expect(page.getByRole("heading", { level: 1, name: "The Team" })).toBeVisible();
  await expect(page.getByRole("article")).toHaveCount(0);
  await expect(page.getByText("Our team will be introduced here soon.")).toBeVisible();
  await expectLayout(page);
});

test("members appear by position with their role badge and description", { tag: "@any-width" }, async ({ page }) => {
  await seedTeam(
    { name: "Henrik Lauritsen", role: "Head Trainer", description: "Saddled two Derby winners." },
    { name: "Maja Thomsen", role: "Assistant Trainer" },
    { name: "Lars Vestergaard", role: "Head Groom", description: "Knows every horse's habits." },
  );
  // Reorder in the database: Lars first, Henrik last.
  await db().updateTable("team_members").set({ position: 10 }).where("name", "=", "Henrik Lauritsen").execute();
  await db().updateTable("team_members").set({ position: 0 }).where("name", "=", "Lars Vestergaard").execute();
  // A role left blank shows no badge; a blank description shows the default text.
  await db()
    .updateTable("team_members")
    .set({ role: " ", description: null })
    .where("name", "=", "Maja Thomsen")
    .execute();

  await page.goto("/team");
  const cards = page.getByRole("article");
  await expect(cards.getByRole("heading")).toHaveText(["Lars Vestergaard", "Maja Thomsen", "Henrik Lauritsen"]);
  await expect(cards.nth(0)).toContainText("Head Groom");
  await expect(cards.nth(0)).toContainText("Knows every horse's habits.");
  await expect(cards.nth(1).locator("p")).toHaveText([DEFAULT_DESCRIPTION]);
  await expect(cards.nth(2)).toContainText("Head Trainer");
  await expect(cards.nth(0).locator("img")).toHaveAttribute("src", "/placeholder.svg");
});

test("the grid has three columns on wide screens", async ({ page, app }) => {
  await seedTeam(...["A", "B", "C", "D"].map((name) => ({ name, role: "Groom" })));
  const photo = await storeTestImage(app, "team-photos", 480, 480);
  await db()
    .updateTable("team_members")
    .set({ photo_url: photo.url, photo_width: photo.width, photo_height: photo.height })
    .where("name", "in", ["A", "C"])
    .execute();
  await page.goto("/team");
  const cards = page.getByRole("article");
  await expect(cards).toHaveCount(4);
  const tops = await cards.evaluateAll((els) => els.map((el) => Math.round(el.getBoundingClientRect().top)));
  const width = page.viewportSize()!.width;
  const perRow = tops.filter((t) => t === tops[0]).length;
  expect(perRow).toBe(width >= 1024 ? 3 : width >= 640 ? 2 : 1);
});

test.describe("with a database that fails", () => {
  test.use({ ownServer: true });

  // The error's scan at one width: the page around it is scanned at phone width with content.
  test("a failed read shows 'Error' inside the intact page", { tag: "@desktop" }, async ({ page, app }) => {
    await breakTable("team_members");
    const response = await page.goto("/team");
    expect(response?.status()).toBe(503);
    const alert = page.getByRole("alert");
    await expect(alert.getByRole("heading", { name: "Error" })).toBeVisible();
    await expect(alert).toContainText("Failed to load team members.");
    await expectLayout(page);
    await expect.poll(() => app.logs.join("")).toContain("Reading team members failed");
    await expectNoAxeViolations(page);
  });
});

test("a client-side visit shows four placeholder cards while loading", { tag: "@any-width" }, async ({ page }) => {
  await seedTeam({ name: "Henrik Lauritsen", role: "Head Trainer" });
  await openReactApp(page);
  const release = await holdRequests(page, /\/team\.data/);
  await clickNavLink(page, "Team");
  await expect(page.getByTestId("team-placeholder")).toHaveCount(4);
  release();
  await expect(page.getByRole("article").getByRole("heading", { name: "Henrik Lauritsen" })).toBeVisible();
  await expect(page.getByTestId("team-placeholder")).toHaveCount(0);
});
