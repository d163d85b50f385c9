import type { Locator, Page } from "@playwright/test";
import { test, expect } from "./fixtures";
import { expectNoAxeViolations, inDays } from "./public-helpers";
import { createHorse, getHorse } from "~/models/horse.server";
import { createRunner, getRunner } from "~/models/runner.server";
import { listWinnersWithHorses } from "~/models/winner.server";

// Three forms against a freshly started site; give them room on a busy machine.
test.describe.configure({ timeout: 90_000 });

const nordlys = { name: "Nordlys", age: 4, color: "Brown", sire: "Sea The Stars", dam: "Frøken Fryd" };
const toasts = (page: Page) => page.locator("[data-sonner-toast]");

/** Types an amount as a Danish office manager does and sees what the field understood before saving. */
async function typeDanish(form: Locator, label: string) {
  const field = form.getByLabel(label, { exact: true });
  await field.fill("25.000");
  await expect(form.getByText("= 25.000,00 kr.")).toBeVisible();
  await expect(field).toHaveAccessibleDescription(/= 25\.000,00\skr\./);
}

test("every money field takes 25.000 typed the Danish way and saves 25.000,00 kr.", async ({ adminPage: page }) => {
  const horse = await createHorse({ ...nordlys, totalPrizeOre: 600_000_00 });
  const past = await createRunner({ horseId: horse.id, raceName: "Jydsk Derby", raceDate: inDays(-1) });

  // The horse form: Add Prize Money, then the total it shows in da-DK.
  await page.goto(`/admin/horses?edit=${horse.id}`);
  const edit = page.getByRole("form", { name: "Edit Horse: Nordlys" });
  await expect(edit.getByLabel("Total Prize Money (DKK)", { exact: true })).toHaveValue("600.000,00");
  await typeDanish(edit, "Add Prize Money (DKK)");
  await expectNoAxeViolations(page);
  await edit.getByRole("button", { name: "Save Changes" }).click();
  await expect(toasts(page).filter({ hasText: "Horse Updated" })).toContainText("25.000,00 DKK added");
  expect((await getHorse(horse.id))!.totalPrizeOre).toBe(625_000_00);
  await page.goto(`/admin/horses?edit=${horse.id}`);
  await expect(edit.getByLabel("Total Prize Money (DKK)", { exact: true })).toHaveValue("625.000,00");

  // The victory form.
  await page.goto("/admin/winners");
  const add = page.getByRole("form", { name: "Add New Victory" });
  await add.getByLabel("Horse", { exact: true }).selectOption({ label: "Nordlys" });
  await add.getByLabel("Race Name", { exact: true }).fill("Sommerløbet");
  await add.getByLabel("Race Date", { exact: true }).fill("2026-06-07");
  await typeDanish(add, "Prize Money (DKK)");
  await add.getByRole("button", { name: "Add Victory" }).click();
  await expect(toasts(page).filter({ hasText: "Winner Added" })).toBeVisible();
  await expect(page.getByRole("region", { name: "Recent Victories" })).toContainText("25.000,00 kr.");
  expect((await listWinnersWithHorses())[0]).toMatchObject({ prizeOre: 25_000_00 });

  // The result form.
  await page.goto(`/admin/runners?result=${past.id}`);
  const result = page.getByRole("form", { name: "Record Result" });
  await result.getByLabel("Position", { exact: true }).selectOption("2");
  await typeDanish(result, "Prize Money (DKK)");
  await result.getByRole("button", { name: "Save Result" }).click();
  await expect(toasts(page).filter({ hasText: "Result Recorded" })).toBeVisible();
  expect((await getRunner(past.id))!.result).toMatchObject({ position: 2, prizeOre: 25_000_00 });
  expect((await getHorse(horse.id))!.totalPrizeOre).toBe(675_000_00);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test(
    "a refused form echoes the amount it read beside what was typed",
    { tag: "@any-width" },
    async ({ adminPage: page }) => {
      const horse = await createHorse(nordlys);
      await page.goto(`/admin/horses?edit=${horse.id}`);
      const edit = page.getByRole("form", { name: "Edit Horse: Nordlys" });
      await edit.getByLabel("Horse Name", { exact: true }).fill("");
      await edit.getByLabel("Add Prize Money (DKK)", { exact: true }).fill("25 000 kr.");
      await edit.getByRole("button", { name: "Save Changes" }).click();
      await expect(edit.getByText("Horse name is required")).toBeVisible();
      await expect(edit.getByLabel("Add Prize Money (DKK)", { exact: true })).toHaveValue("25 000 kr.");
      await expect(edit.getByText("= 25.000,00 kr.")).toBeVisible();
      expect((await getHorse(horse.id))!.totalPrizeOre).toBe(0);
    },
  );
});
