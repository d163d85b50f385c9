import { test, expect } from "./fixtures";
import { seedHorse } from "./public-helpers";
import { createRunner } from "~/models/runner.server";
import { recordResult } from "~/models/runner-result.server";
import { danishToday } from "~/racing/race-day";

const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10);

test("a win recorded on the site shows in the badges and the race record alike", async ({ page }) => {
  const horse = await seedHorse({ name: "Nordlys", firstPlaces: 0, secondPlaces: 0, thirdPlaces: 0 });
  const run = await createRunner({ horseId: horse.id, raceName: "Klampenborg Cup", raceDate: daysAgo(3) });
  await recordResult(run.id, { position: 1, didNotFinish: false, prizeOre: 40_000_00 }, danishToday());

  await page.goto(`/horses/${horse.slug}`);
  await expect(page.getByRole("list", { name: "Placings" }).getByText("1st: 1")).toBeVisible();
  const record = page.getByRole("region", { name: "Race Record" });
  await expect(record.getByText("Wins", { exact: true }).locator("..")).toContainText("1");
  await expect(page.getByText("Career", { exact: true })).toHaveCount(0);
});

test("a career longer than the site's records is labelled, never contradicting it", async ({ page }) => {
  const horse = await seedHorse({ name: "Kongens Ære", firstPlaces: 3, secondPlaces: 1, thirdPlaces: 0 });
  const run = await createRunner({ horseId: horse.id, raceName: "Derby", raceDate: "2026-06-14" });
  await recordResult(run.id, { position: 1, didNotFinish: false, prizeOre: null }, danishToday());

  await page.goto(`/horses/${horse.slug}`);
  // The recorded win added to the career figures typed on the edit form.
  await expect(page.getByText("Career", { exact: true })).toBeVisible();
  await expect(page.getByRole("list", { name: "Placings" }).getByText("1st: 4")).toBeVisible();
  // One sentence says how the two fit, never two bare counts.
  await expect(
    page.getByText("4 wins and 1 place in all; 1 win and no places are listed below, 3 wins and 1 place earlier."),
  ).toBeVisible();
  const record = page.getByRole("region", { name: "Race record since 14 June 2026" });
  await expect(record.getByText("Wins", { exact: true }).locator("..")).toContainText("1");
});
