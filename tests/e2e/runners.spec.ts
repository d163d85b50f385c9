import type { Page } from "@playwright/test";
import { formatDay } from "~/racing/format";
import sharp from "sharp";
import { test, expect } from "./fixtures";
import { inDays, navInMenu, seedHorse, storeTestImage } from "./public-helpers";
import { getHorse, updateHorse } from "~/models/horse.server";
import { listUpcomingRunners } from "~/models/runner.server";
import { listWinnersWithHorses } from "~/models/winner.server";

// Multi-step flows with axe scans against a freshly started site; give them room on a busy machine.
test.describe.configure({ timeout: 120_000 });

/** Days from today in Denmark, as YYYY-MM-DD. */
/** '2026-06-07' → '7.6.2026', as the pages show dates. */
function danish(date: string) {
  const [y, m, d] = date.split("-").map(Number);
  return `${d}.${m}.${y}`;
}

const noPlaces = { firstPlaces: 0, secondPlaces: 0, thirdPlaces: 0, owner: "Stald Øresund" };

async function addRunner(
  page: Page,
  values: { race: string; date: string; postTime?: string; track: string; distance: string; jockey: string },
) {
  const add = page.getByRole("form", { name: "Add Runner" });
  await add.getByLabel("Horse", { exact: true }).selectOption({ label: "Kongens Ære" });
  await add.getByLabel("Race Name", { exact: true }).fill(values.race);
  await add.getByLabel("Race Date", { exact: true }).fill(values.date);
  if (values.postTime) await add.getByLabel("Post Time", { exact: true }).fill(values.postTime);
  await add.getByLabel("Track", { exact: true }).fill(values.track);
  await add.getByLabel("Distance", { exact: true }).fill(values.distance);
  await add.getByLabel("Jockey", { exact: true }).fill(values.jockey);
  await add.getByRole("button", { name: "Add Runner" }).click();
  // The form starts again empty once the runner is stored; an earlier toast may still show.
  await expect(add.getByLabel("Race Name", { exact: true })).toHaveValue("");
  await expect(page.getByText("Runner Added", { exact: true }).first()).toBeVisible();
}

async function saveResult(
  page: Page,
  race: string,
  position: string,
  prize: string,
  button: "Record Result" | "Edit Result" = "Record Result",
) {
  await page.getByRole("link", { name: `${button}: ${race} (Kongens Ære)` }).click();
  const form = page.getByRole("form", { name: button });
  await form.getByLabel("Position", { exact: true }).selectOption({ label: position });
  await form.getByLabel("Prize Money (DKK)", { exact: true }).fill(prize);
  await form.getByRole("button", { name: "Save Result" }).click();
  await expect(form).toHaveCount(0);
  await expect(page.getByText("Result Recorded", { exact: true }).first()).toBeVisible();
}

test("an administrator adds runners, sees them on the site, records a win and a 3rd place, and everything follows", async ({
  adminPage: page,
  app,
}) => {
  const horse = await seedHorse({
    name: "Kongens Ære",
    ...noPlaces,
    totalPrizeOre: 10_000_00,
    image: await storeTestImage(app, "horse-images", 1600, 1200, { socialCard: true }),
  });
  const next = inDays(7);
  await page.goto("/admin/runners");
  await addRunner(page, {
    race: "Skandinavisk Grand Prix",
    date: next,
    postTime: "15:30",
    track: "Klampenborg Galopbane",
    distance: "2400 m",
    jockey: "Mads Sørensen",
  });
  const upcoming = page.getByRole("region", { name: "Upcoming Runners" });
  await expect(upcoming.getByText("Skandinavisk Grand Prix")).toBeVisible();
  await expect(upcoming.getByText(`${danish(next)} 15:30 · Klampenborg Galopbane · 2400 m`)).toBeVisible();

  // Runs that have been run: they wait for their results.
  await addRunner(page, {
    race: "Dansk Derby",
    date: inDays(-14),
    track: "Klampenborg Galopbane",
    distance: "2400 m",
    jockey: "Mads Sørensen",
  });
  await addRunner(page, {
    race: "Jydsk Sommer Cup",
    date: inDays(-3),
    postTime: "14:10",
    track: "Jydsk Væddeløbsbane",
    distance: "2000 m",
    jockey: "Sofie Lund",
  });
  const awaiting = page.getByRole("region", { name: "Awaiting Results" });
  await expect(awaiting.getByText("Dansk Derby")).toBeVisible();
  await expect(awaiting.getByText("Jydsk Sommer Cup")).toBeVisible();
  // Race day's work comes first: the results to record, before Add Runner and the upcoming runners.
  await expect(page.getByRole("main").getByRole("heading", { level: 2 })).toHaveText([
    "Awaiting Results",
    "Add Runner",
    "Upcoming Runners",
    "Recent Results",
  ]);

  // The site shows the next runner on the home page, /runners and the horse's own page.
  await page.goto("/");
  const nextRunners = page.getByRole("region", { name: "Next Runners" });
  await expect(nextRunners.getByRole("row", { name: /Skandinavisk Grand Prix/ })).toContainText(
    `${formatDay(next, "en")}15:30Klampenborg GalopbaneSkandinavisk Grand Prix2400 mKongens ÆreMads SørensenEntered`,
  );
  await page.goto("/runners");
  await expect(
    page.getByRole("region", { name: "Upcoming Runners" }).getByText("Skandinavisk Grand Prix"),
  ).toBeVisible();
  await expect(page.getByRole("link", { name: "Add to calendar" })).toHaveAttribute("href", "/runners.ics");
  await page.getByRole("region", { name: "Upcoming Runners" }).getByRole("link", { name: "Kongens Ære" }).click();
  await expect(page).toHaveURL(/\/horses\/kongens-aere$/);
  await expect(page.getByRole("heading", { level: 1, name: "Kongens Ære" })).toBeVisible();
  await expect(page.getByRole("region", { name: "Next Runs" }).getByText("Skandinavisk Grand Prix")).toBeVisible();
  // The link preview is the horse's photo cropped to 1200 × 630.
  const preview = await page.locator('meta[property="og:image"]').getAttribute("content");
  expect(preview).toMatch(/\.og\.jpg$/);
  const previewImage = await page.request.get(preview!);
  expect(previewImage.headers()["content-type"]).toBe("image/jpeg");
  const size = await sharp(await previewImage.body()).metadata();
  expect([size.width, size.height]).toEqual([1200, 630]);

  // A win and a 3rd place.
  await page.goto("/admin/runners");
  await saveResult(page, "Dansk Derby", "1", "125.000,50");
  await saveResult(page, "Jydsk Sommer Cup", "3", "20.000");
  const results = page.getByRole("region", { name: "Recent Results" });
  await expect(results.getByText("1st · 125.000,50 kr.")).toBeVisible();
  // A recorded result is corrected, not recorded again.
  await expect(results.getByRole("link", { name: "Edit Result: Dansk Derby (Kongens Ære)" })).toHaveText("Edit Result");
  await expect(page.getByRole("link", { name: /^Record Result/ })).toHaveCount(0);
  await expect(results.getByText("3rd · 20.000,00 kr.")).toBeVisible();
  await expect(
    page.getByRole("region", { name: "Awaiting Results" }).getByText("No runners are waiting for a result."),
  ).toBeVisible();

  expect(await getHorse(horse.id)).toMatchObject({
    totalPrizeOre: 10_000_00 + 125_000_50 + 20_000_00,
    firstPlaces: 1,
    thirdPlaces: 1,
  });

  // The win is a victory on /winners, and the horse's name there leads to its page.
  await page.goto("/winners");
  const card = page.getByRole("article").filter({ hasText: "Dansk Derby" });
  await expect(card.getByText("125.000,50 kr.")).toBeVisible();
  await card.getByRole("link", { name: "Kongens Ære" }).click();
  await expect(page).toHaveURL(/\/horses\/kongens-aere$/);

  await expect(page.getByText("155.000,50 kr.")).toBeVisible();
  const placings = page.getByRole("list", { name: "Placings" });
  await expect(placings).toContainText("1st: 1");
  await expect(placings).toContainText("3rd: 1");
  const record = page.getByRole("region", { name: "Race Record" });
  await expect(record.getByRole("term")).toHaveText(["Runs", "Wins", "Places", "Strike Rate"]);
  await expect(record.getByRole("definition")).toHaveText(["2", "1", "1", "50 %"]);
  const rows = record.getByRole("row");
  await expect(rows.nth(1)).toContainText("Jydsk Sommer Cup");
  await expect(rows.nth(1)).toContainText("3rd");
  await expect(rows.nth(2)).toContainText("Dansk Derby");
  await expect(rows.nth(2)).toContainText("1st");

  // Correcting the win to a 2nd takes the victory off /winners and corrects the counts and total.
  await page.goto("/admin/runners");
  await saveResult(page, "Dansk Derby", "2", "40.000", "Edit Result");
  expect(await listWinnersWithHorses()).toEqual([]);
  expect(await getHorse(horse.id)).toMatchObject({
    totalPrizeOre: 10_000_00 + 40_000_00 + 20_000_00,
    firstPlaces: 0,
    secondPlaces: 1,
    thirdPlaces: 1,
  });
  await page.goto("/horses/kongens-aere");
  await expect(page.getByRole("region", { name: "Race Record" }).getByRole("definition")).toHaveText([
    "2",
    "0",
    "2",
    "0 %",
  ]);
});

test(
  "a renamed horse's old address moves to the new one; an unknown horse is the 404 page",
  { tag: "@any-width" },
  async ({ page }) => {
    const horse = await seedHorse({ name: "Kongens Ære", ...noPlaces });
    await updateHorse(horse.id, {
      name: "Nordlys",
      age: 4,
      color: "Bay",
      sire: "Sea The Stars",
      dam: "Frøken Fryd",
      prizeDeltaOre: 0,
      ...noPlaces,
    });
    const moved = await page.request.get("/horses/kongens-aere", { maxRedirects: 0 });
    expect(moved.status()).toBe(301);
    expect(moved.headers()["location"]).toBe("/horses/nordlys");
    await page.goto("/horses/kongens-aere");
    await expect(page).toHaveURL(/\/horses\/nordlys$/);
    await expect(page.getByRole("heading", { level: 1, name: "Nordlys" })).toBeVisible();
    const missing = await page.goto("/horses/no-such-horse");
    expect(missing?.status()).toBe(404);
    await expect(page.getByText("Oops! Page not found")).toBeVisible();
  },
);

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the Runners tab adds a runner and records a result", { tag: "@any-width" }, async ({ adminPage: page }) => {
    const horse = await seedHorse({ name: "Kongens Ære", ...noPlaces });
    await page.goto("/admin/runners");
    await addRunner(page, {
      race: "Dansk Derby",
      date: inDays(-1),
      track: "Klampenborg Galopbane",
      distance: "2400 m",
      jockey: "Mads Sørensen",
    });
    await saveResult(page, "Dansk Derby", "Did not finish", "");
    expect(await listUpcomingRunners(inDays(-5))).toEqual([]);
    await expect(
      page.getByRole("region", { name: "Recent Results" }).getByText("Did not finish · No prize"),
    ).toBeVisible();
    expect((await getHorse(horse.id))!.totalPrizeOre).toBe(0);
  });
});

test("the navigation's Runners link leads to /runners, in the bar and in the phone menu", async ({ page }) => {
  await page.goto("/");
  const nav = page.getByRole("navigation", { name: "Main" });
  if (navInMenu(page)) await nav.getByText("Menu", { exact: true }).click();
  await nav.getByRole("link", { name: "Runners", exact: true }).filter({ visible: true }).click();
  await expect(page).toHaveURL(/\/runners$/);
  await expect(page.getByRole("heading", { level: 1, name: "Runners" })).toBeVisible();
  await expect(page.getByText("No runners declared yet. Check back soon.")).toBeVisible();
});

test("on a runner's card each value sits level with its label, the horse's name too", async ({ page }) => {
  const horse = await seedHorse({ name: "Kongens Ære", ...noPlaces });
  const { createRunner } = await import("~/models/runner.server");
  await createRunner({
    horseId: horse.id,
    raceName: "Skandinavisk Grand Prix",
    raceDate: inDays(7),
    track: "Klampenborg",
  });
  await page.goto("/runners");
  const row = page.getByRole("region", { name: "Upcoming Runners" }).getByRole("row", { name: /Skandinavisk/ });
  /** How far a cell's first line of text is below the cell's top. */
  const textOffset = (cell: import("@playwright/test").Locator) =>
    cell.evaluate((td) => {
      const walker = document.createTreeWalker(td, NodeFilter.SHOW_TEXT);
      let node = walker.nextNode();
      while (node && !node.textContent?.trim()) node = walker.nextNode();
      const range = document.createRange();
      range.selectNodeContents(node!);
      return range.getBoundingClientRect().top - td.getBoundingClientRect().top;
    });
  const race = await textOffset(row.getByRole("cell").filter({ hasText: "Skandinavisk Grand Prix" }));
  const horseCell = await textOffset(
    row.getByRole("cell").filter({ has: page.getByRole("link", { name: "Kongens Ære" }) }),
  );
  expect(Math.abs(horseCell - race)).toBeLessThanOrEqual(2);
  // …and a phone still gets a 44 px target to tap.
  if (page.viewportSize()!.width < 640) {
    expect((await row.getByRole("link", { name: "Kongens Ære" }).boundingBox())!.height).toBeGreaterThanOrEqual(44);
  }
});
