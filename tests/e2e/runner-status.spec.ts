import type { Page } from "@playwright/test";
import { test, expect } from "./fixtures";
import { inDays, seedHorse } from "./public-helpers";
import { createRunner } from "~/models/runner.server";
import { recordResult } from "~/models/runner-result.server";
import { danishToday } from "~/racing/race-day";

test.describe.configure({ timeout: 120_000 });

/** Days from today in Denmark, as YYYY-MM-DD. */
const RACE = "Skandinavisk Grand Prix";
const LABEL = `${RACE} (Kongens Ære)`;

async function toast(page: Page, title: string) {
  await expect(page.getByText(title, { exact: true }).first()).toBeVisible();
}

/** The row of the race in a page's region (a table row, or a card on a phone). */
const rowOf = (page: Page, region: string) =>
  page.getByRole("region", { name: region }).getByRole("row", { name: new RegExp(RACE) });

test("an administrator enters, declares, withdraws and reinstates a runner, and the site follows", async ({
  adminPage: page,
}) => {
  const horse = await seedHorse({ name: "Kongens Ære" });
  await createRunner({ horseId: horse.id, raceName: "Jydsk Sommer Cup", raceDate: inDays(9), track: "Aarhus" });

  // Entered.
  await page.goto("/admin/runners");
  const add = page.getByRole("form", { name: "Add Runner" });
  await add.getByLabel("Horse", { exact: true }).selectOption({ label: "Kongens Ære" });
  await add.getByLabel("Race Name", { exact: true }).fill(RACE);
  await add.getByLabel("Race Date", { exact: true }).fill(inDays(5));
  await add.getByLabel("Post Time", { exact: true }).fill("15:30");
  await add.getByLabel("Track", { exact: true }).fill("Klampenborg Galopbane");
  await add.getByLabel("Declaration Deadline", { exact: true }).fill(`${inDays(3)}T09:30`);
  await add.getByRole("button", { name: "Add Runner" }).click();
  await toast(page, "Runner Added");
  const upcoming = page.getByRole("region", { name: "Upcoming Runners" });
  await expect(upcoming.getByRole("listitem").filter({ hasText: RACE })).toContainText("Entered");

  // Declared: jockey, 57,5 kg, blinkers.
  await page.getByRole("link", { name: `Declare: ${LABEL}` }).click();
  const declare = page.getByRole("form", { name: "Declare Runner" });
  await declare.getByLabel("Jockey", { exact: true }).fill("Mads Sørensen");
  await declare.getByLabel("Weight (kg)", { exact: true }).fill("57,5");
  await declare.getByLabel("Blinkers", { exact: true }).check();
  await declare.getByRole("button", { name: "Save Declaration" }).click();
  await toast(page, "Runner Declared");
  await expect(declare).toHaveCount(0);
  await expect(upcoming.getByRole("listitem").filter({ hasText: RACE })).toContainText("57,5 kg · Blinkers");

  for (const [path, declared, blinkers] of [
    ["/runners", "Declared", "Blinkers"],
    ["/da/runners", "Startanmeldt", "Skyklapper"],
  ] as const) {
    await page.goto(path);
    const row = page.getByRole("row", { name: new RegExp(RACE) });
    await expect(row).toContainText("Mads Sørensen");
    await expect(row).toContainText(declared);
    await expect(row).toContainText(`57,5 kg · ${blinkers}`);
  }
  for (const [path, region, declared] of [
    ["/horses/kongens-aere", "Next Runs", "Declared"],
    ["/da/horses/kongens-aere", "Næste starter", "Startanmeldt"],
  ] as const) {
    await page.goto(path);
    await expect(rowOf(page, region)).toContainText(`${declared}57,5 kg`);
  }
  await page.goto("/");
  await expect(rowOf(page, "Next Runners")).toBeVisible();

  // Withdrawn: a non-runner, gone from Next Runners.
  await page.goto("/admin/runners");
  await page.getByRole("link", { name: `Withdraw: ${LABEL}` }).click();
  const withdraw = page.getByRole("form", { name: "Withdraw Runner" });
  await withdraw.getByLabel("Reason", { exact: true }).fill("Coughing");
  await withdraw.getByRole("button", { name: "Withdraw" }).click();
  await toast(page, "Runner Withdrawn");
  await expect(upcoming.getByRole("listitem").filter({ hasText: RACE })).toContainText("Non-runner");

  await page.goto("/runners");
  await expect(page.getByRole("row", { name: new RegExp(RACE) })).toContainText("Non-runner");
  await expect(page.getByText("Coughing")).toHaveCount(0);
  await page.goto("/da/runners");
  await expect(page.getByRole("row", { name: new RegExp(RACE) })).toContainText("Udgået");
  await page.goto("/horses/kongens-aere");
  await expect(rowOf(page, "Next Runs")).toContainText("Non-runner");
  await page.goto("/");
  const next = page.getByRole("region", { name: "Next Runners" });
  await expect(next.getByText("Jydsk Sommer Cup")).toBeVisible();
  await expect(next.getByText(RACE)).toHaveCount(0);

  // Reinstated: declared again, back in Next Runners.
  await page.goto("/admin/runners");
  await page.getByRole("button", { name: `Reinstate: ${LABEL}` }).click();
  await toast(page, "Runner Reinstated");
  await expect(upcoming.getByRole("listitem").filter({ hasText: RACE })).toContainText("Declared");
  await page.goto("/");
  await expect(rowOf(page, "Next Runners")).toContainText("Declared");
});

test(
  "on a phone, every runner's horse, race and result on /runners, Home and a horse page is on the screen",
  { tag: "@any-width" },
  async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    const horse = await seedHorse({ name: "Kongens Ære af Klampenborg Galopbane" });
    await createRunner({
      horseId: horse.id,
      raceName: "Skandinavisk Grand Prix for treårige hopper og hingste",
      raceDate: inDays(4),
      postTime: "15:30",
      track: "Klampenborg Galopbane",
      distance: "2400 m",
      jockey: "Mads Sørensen-Østergaard",
    });
    const ran = await createRunner({
      horseId: horse.id,
      raceName: "Jydsk Sommer Cup",
      raceDate: inDays(-4),
      track: "Jydsk Væddeløbsbane",
    });
    await recordResult(ran.id, { position: 3, didNotFinish: false, prizeOre: 20_000_00 }, danishToday());

    const inside = async (locator: ReturnType<Page["getByText"]>) => {
      for (const one of await locator.all()) {
        await one.scrollIntoViewIfNeeded();
        const box = (await one.boundingBox())!;
        expect(box.x).toBeGreaterThanOrEqual(0);
        expect(box.x + box.width).toBeLessThanOrEqual(360);
      }
    };
    for (const path of ["/runners", "/", "/horses/kongens-aere-af-klampenborg-galopbane"]) {
      await page.goto(path);
      const scope = page.getByRole("main");
      if (path !== "/horses/kongens-aere-af-klampenborg-galopbane") {
        await inside(scope.getByRole("link", { name: "Kongens Ære af Klampenborg Galopbane" }));
      }
      await inside(scope.getByText("Skandinavisk Grand Prix for treårige hopper og hingste", { exact: true }));
      if (path !== "/") {
        await inside(scope.getByText("Jydsk Sommer Cup", { exact: true }));
        await inside(scope.getByText("3rd", { exact: true }));
      }
      // Nothing on the page scrolls sideways.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    }
  },
);

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test(
    "the Runners tab declares, withdraws and reinstates a runner",
    { tag: "@any-width" },
    async ({ adminPage: page }) => {
      const horse = await seedHorse({ name: "Kongens Ære" });
      await createRunner({ horseId: horse.id, raceName: RACE, raceDate: inDays(5) });
      await page.goto("/admin/runners");
      const row = page
        .getByRole("region", { name: "Upcoming Runners" })
        .getByRole("listitem")
        .filter({ hasText: RACE });

      await page.getByRole("link", { name: `Declare: ${LABEL}` }).click();
      const declare = page.getByRole("form", { name: "Declare Runner" });
      await declare.getByRole("button", { name: "Save Declaration" }).click();
      // Refused by the server: the messages beside the fields.
      await expect(declare.getByText("Jockey is required")).toBeVisible();
      await declare.getByLabel("Jockey", { exact: true }).fill("Mads Sørensen");
      await declare.getByLabel("Weight (kg)", { exact: true }).fill("57,5");
      await declare.getByLabel("Hood", { exact: true }).check();
      await declare.getByRole("button", { name: "Save Declaration" }).click();
      await toast(page, "Runner Declared");
      await expect(row).toContainText("57,5 kg · Hood");

      await page.getByRole("link", { name: `Withdraw: ${LABEL}` }).click();
      await page.getByRole("form", { name: "Withdraw Runner" }).getByRole("button", { name: "Withdraw" }).click();
      await toast(page, "Runner Withdrawn");
      await expect(row).toContainText("Non-runner");

      await page.getByRole("button", { name: `Reinstate: ${LABEL}` }).click();
      await toast(page, "Runner Reinstated");
      await expect(row).toContainText("Declared");
    },
  );
});
