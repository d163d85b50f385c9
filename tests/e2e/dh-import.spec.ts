import type { Page } from "@playwright/test";
import { test, expect } from "./fixtures";
import { createHorse } from "~/models/horse.server";
import { db } from "~/platform/db.server";
import { danishToday } from "~/racing/race-day";
import { GALLOP_LICENCE, startDhFake } from "@tests/dh-fake";

// A server of its own, whose DH_API_URL is the fake Dansk Hestevæddeløb this file starts.
const fake = await startDhFake(danishToday());
test.use({ ownServer: true, appEnv: { DH_API_URL: fake.url, DH_REQUEST_SPACING_MS: "0" } });
test.afterAll(() => fake.close());
test.describe.configure({ timeout: 120_000 });

async function toast(page: Page, title: string, text?: string) {
  await expect(page.getByText(title, { exact: true }).first()).toBeVisible();
  if (text) await expect(page.getByText(text).first()).toBeVisible();
}

test("an administrator tests the connection, imports now, reviews and accepts what Dansk Hestevæddeløb has", async ({
  adminPage: page,
}) => {
  // A horse the stable typed itself, already linked, whose name DH writes otherwise now.
  const ours = await createHorse({ name: "Midnight Run", age: 5, color: "Black", sire: "Night", dam: "Runner" });
  await db().updateTable("horses").set({ dh_horse_id: "700003" }).where("id", "=", ours.id).execute();

  await page.goto("/admin/site");
  const settings = page.getByRole("form", { name: "Dansk Hestevæddeløb" });
  await settings.getByLabel("Licence Number").fill(GALLOP_LICENCE);
  await settings.getByLabel("Discipline").selectOption({ label: "Gallop" });
  await settings.getByRole("button", { name: "Test connection" }).click();
  await toast(page, "Connection Works", "Hanne Træner: 3 horses on the training list.");

  await settings.getByLabel("Import from Dansk Hestevæddeløb").check();
  await settings.getByRole("button", { name: "Save" }).click();
  await toast(page, "Settings Saved");
  await page.getByRole("button", { name: "Import now" }).click();
  await toast(page, "Import Done", "8 new and 0 changed to review; 0 applied.");

  // Home's review: the renamed horse beside the name typed here.
  await page.goto("/admin");
  const review = page.getByRole("region", { name: "From Dansk Hestevæddeløb" });
  const renamed = review.getByRole("listitem").filter({ hasText: "Horse · Midnight Runner" });
  await expect(renamed.getByRole("row", { name: "Name" })).toHaveText(/Midnight Run\s*Midnight Runner/);
  await renamed.getByRole("button", { name: /^Accept:/ }).click();
  await toast(page, "Accepted", "Written as if typed here.");
  await expect(review.getByRole("listitem").filter({ hasText: "Horse · Midnight Runner" })).toHaveCount(0);

  // The Runners tab: the rest, at once.
  await page.goto("/admin/runners");
  const rest = page.getByRole("region", { name: "From Dansk Hestevæddeløb" });
  await expect(
    rest.getByRole("listitem").filter({ hasText: "New runner · Let's Run Kåsgård · Dansk Derby" }),
  ).toBeVisible();
  await rest.getByRole("button", { name: "Accept all" }).click();
  await toast(page, "Accepted", "7 accepted; 0 wait for their horse.");
  await expect(page.getByRole("region", { name: "From Dansk Hestevæddeløb" })).toHaveCount(0);
  await expect(page.getByRole("region", { name: "Upcoming Runners" })).toContainText("Dansk Derby");

  // Visitors see the results, and where they come from.
  await page.goto("/runners");
  const results = page.getByRole("region", { name: "Recent Results" });
  await expect(results).toContainText("Jydsk Grand Prix");
  await expect(results).toContainText("Results: Dansk Hestevæddeløb");
});
