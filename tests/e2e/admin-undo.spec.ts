import fs from "node:fs";
import path from "node:path";
import type { Page } from "@playwright/test";
import { expect, signInAs, test } from "./fixtures";
import { storeTestImage } from "./public-helpers";
import { createHorse, getHorse } from "~/models/horse.server";
import { createRunner, getRunner } from "~/models/runner.server";
import { recordResult } from "~/models/runner-result.server";
import { listTrash } from "~/models/trash.server";
import { createTeamMember, listTeamMembers } from "~/models/team-member.server";
import { createWinner, listWinnersWithHorses } from "~/models/winner.server";
import { danishToday } from "~/racing/race-day";

// Multi-step flows against a freshly started site; give them room on a busy machine.
test.describe.configure({ timeout: 90_000 });

const HORSE = { name: "Nordlys", age: 4, color: "Bay", sire: "Sea The Stars", dam: "Frøken Fryd" };

/** The delete toast (the live toaster's item). */
const toastOf = (page: Page, title: string) => page.locator("[data-sonner-toast]").filter({ hasText: title });

async function served(page: Page, url: string) {
  const response = await page.request.get(url);
  return response.status();
}

const order = async () => (await listTeamMembers()).map((m) => `${m.position}:${m.name}`);

test("a horse deleted by mistake comes back with Undo: same id, image, total and victories", async ({
  adminPage: page,
  app,
}) => {
  const image = await storeTestImage(app, "horse-images");
  const horse = await createHorse({ ...HORSE, image, totalPrizeOre: 25_000_00 });
  await createWinner({ horseId: horse.id, raceName: "Derby", raceDate: "2026-06-01", prizeOre: 10_000_00 });
  const before = await getHorse(horse.id);

  await page.goto("/admin/horses");
  await page.getByRole("button", { name: "Delete Nordlys" }).click();
  const toast = toastOf(page, "Horse Deleted");
  await expect(toast).toContainText("Horse has been removed successfully.");
  await expect(page.getByRole("region", { name: "Current Horses" }).getByText("Nordlys")).toHaveCount(0);
  expect((await listWinnersWithHorses())[0]).toMatchObject({ horseId: null });
  // The image stays on disk while the horse is in the trash.
  expect(fs.existsSync(path.join(app.dataDir, "media", image.url.replace(/^\/media\//, "")))).toBe(true);

  await toast.getByRole("button", { name: "Undo" }).click();
  await expect(toastOf(page, "Horse Restored")).toContainText("Nordlys has been restored.");
  await expect(page).toHaveURL(/\/admin\/horses$/);
  const row = page.getByRole("region", { name: "Current Horses" }).getByRole("listitem").filter({ hasText: "Nordlys" });
  await expect(row).toContainText("35.000,00 kr.");
  // The list shows a variant of the same stored image (name.w640.webp for name.jpg).
  const stem = image.url.replace(/\.[a-z]+$/, "");
  const img = row.getByRole("img", { name: "Nordlys" });
  await expect(img).toHaveAttribute("src", new RegExp(`^${stem}\\.`));
  expect(await served(page, (await img.getAttribute("src"))!)).toBe(200);
  expect(await getHorse(horse.id)).toEqual(before);
  expect((await listWinnersWithHorses())[0]).toMatchObject({ horseId: horse.id, horseName: "Nordlys" });
  expect(await served(page, image.url)).toBe(200);
  expect(await listTrash()).toEqual([]);

  await page.goto("/winners");
  await expect(page.getByText("Nordlys").first()).toBeVisible();
  await expect(page.getByText("Unknown Horse")).toHaveCount(0);
});

// At desktop width only, as the team member's and the runner's below: the Undo toast at phone width
// is the horse's above.
test(
  "a victory deleted by mistake comes back with Undo and its prize is on the horse's total again",
  { tag: "@desktop" },
  async ({ adminPage: page, app }) => {
    const photo = await storeTestImage(app, "winner-photos");
    const horse = await createHorse(HORSE);
    await createWinner({ horseId: horse.id, raceName: "Derby", raceDate: "2026-06-01", prizeOre: 10_000_00, photo });
    const before = await listWinnersWithHorses();

    await page.goto("/admin/winners");
    await page.getByRole("button", { name: /^Delete Derby/ }).click();
    const toast = toastOf(page, "Item Deleted");
    await expect(toast).toContainText("The item has been removed successfully.");
    expect((await getHorse(horse.id))!.totalPrizeOre).toBe(0);

    await toast.getByRole("button", { name: "Undo" }).click();
    await expect(toastOf(page, "Victory Restored")).toBeVisible();
    await expect(page).toHaveURL(/\/admin\/winners$/);
    expect((await getHorse(horse.id))!.totalPrizeOre).toBe(10_000_00);
    expect(await listWinnersWithHorses()).toEqual(before);
    expect(await served(page, photo.url)).toBe(200);
  },
);

test(
  "a team member's Undo button lasts at least 30 seconds and puts the member back in place",
  { tag: "@desktop" },
  async ({ adminPage: page }) => {
    for (const name of ["Anna", "Bo", "Carl"]) await createTeamMember({ name, role: "Groom" });
    await page.clock.install();
    await page.goto("/admin/team");
    await page.getByRole("button", { name: "Delete Bo" }).click();
    const toast = toastOf(page, "Item Deleted");
    await expect(toast).toBeVisible();
    expect(await order()).toEqual(["1:Anna", "2:Carl"]);

    await page.clock.runFor(31_000);
    await expect(toast.getByRole("button", { name: "Undo" })).toBeVisible();
    await toast.getByRole("button", { name: "Undo" }).click();
    await expect(toastOf(page, "Team Member Restored")).toBeVisible();
    expect(await order()).toEqual(["1:Anna", "2:Bo", "3:Carl"]);
    await expect(page.getByRole("region", { name: "Team Members" }).getByRole("listitem").nth(1)).toContainText("Bo");
  },
);

test(
  "a winning runner deleted by mistake comes back with Undo: its victory, 1st place and prize",
  { tag: "@desktop" },
  async ({ adminPage: page }) => {
    const horse = await createHorse(HORSE);
    const today = danishToday();
    const { id } = await createRunner({
      horseId: horse.id,
      raceName: "Dansk Derby",
      raceDate: today,
      track: "Klampenborg",
    });
    await recordResult(id, { position: 1, didNotFinish: false, prizeOre: 40_000_00 }, today);
    const runner = await getRunner(id);
    const victories = await listWinnersWithHorses();

    await page.goto("/admin/runners");
    await page.getByRole("button", { name: "Delete Dansk Derby (Nordlys)" }).click();
    const toast = toastOf(page, "Item Deleted");
    await expect(toast).toContainText("The item has been removed successfully.");
    await expect(page.getByRole("region", { name: "Recent Results" })).toContainText("No results recorded yet.");
    expect(await getHorse(horse.id)).toMatchObject({ totalPrizeOre: 0, firstPlaces: 0 });
    expect(await listWinnersWithHorses()).toEqual([]);

    await toast.getByRole("button", { name: "Undo" }).click();
    await expect(toastOf(page, "Runner Restored")).toContainText("Dansk Derby (Nordlys) has been restored.");
    await expect(page).toHaveURL(/\/admin\/runners$/);
    await expect(page.getByRole("region", { name: "Recent Results" })).toContainText("Dansk Derby");
    expect(await getRunner(id)).toEqual(runner);
    expect(await listWinnersWithHorses()).toEqual(victories);
    expect(await getHorse(horse.id)).toMatchObject({ totalPrizeOre: 40_000_00, firstPlaces: 1 });
    expect(await listTrash()).toEqual([]);
  },
);

test(
  "without JavaScript a delete lands on a page with the same Undo button",
  { tag: "@any-width" },
  async ({ browser, app, admin }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, baseURL: app.url });
    const page = await context.newPage();
    await signInAs(page, app, admin);
    const horse = await createHorse(HORSE);
    for (const name of ["Anna", "Bo"]) await createTeamMember({ name, role: "Groom" });

    await page.goto("/admin/horses");
    await page.getByRole("button", { name: "Delete Nordlys" }).click();
    const notice = page.getByRole("status").filter({ hasText: "Horse Deleted" });
    await expect(notice).toContainText("Horse has been removed successfully.");
    expect(await getHorse(horse.id)).toBeNull();
    await notice.getByRole("button", { name: "Undo" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Horse Restored" })).toBeVisible();
    await expect(page).toHaveURL(/\/admin\/horses$/);
    expect((await getHorse(horse.id))?.name).toBe("Nordlys");

    await page.goto("/admin/team");
    await page.getByRole("button", { name: "Delete Anna" }).click();
    const deleted = page.getByRole("status").filter({ hasText: "Item Deleted" });
    await deleted.getByRole("button", { name: "Undo" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Team Member Restored" })).toBeVisible();
    expect(await order()).toEqual(["1:Anna", "2:Bo"]);

    const runner = await createRunner({ horseId: horse.id, raceName: "Dansk Derby", raceDate: "2099-06-01" });
    await page.goto("/admin/runners");
    await page.getByRole("button", { name: "Delete Dansk Derby (Nordlys)" }).click();
    const removed = page.getByRole("status").filter({ hasText: "Item Deleted" });
    await expect(removed).toBeVisible();
    expect(await getRunner(runner.id)).toBeNull();
    await removed.getByRole("button", { name: "Undo" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Runner Restored" })).toBeVisible();
    await expect(page).toHaveURL(/\/admin\/runners$/);
    expect((await getRunner(runner.id))?.raceName).toBe("Dansk Derby");
    await context.close();
  },
);

test("the Trash tab restores with totals, positions and images, and deletes forever", async ({
  adminPage: page,
  app,
}) => {
  const horseImage = await storeTestImage(app, "horse-images");
  const memberPhoto = await storeTestImage(app, "team-photos");
  const horse = await createHorse({ ...HORSE, image: horseImage });
  await createWinner({ horseId: horse.id, raceName: "Derby", raceDate: "2026-06-01", prizeOre: 5_000_00 });
  await createTeamMember({ name: "Anna", role: "Trainer" });
  await createTeamMember({ name: "Bo", role: "Groom", photo: memberPhoto });
  await createTeamMember({ name: "Carl", role: "Rider" });

  await page.goto("/admin/winners");
  await page.getByRole("button", { name: /^Delete Derby/ }).click();
  await expect(toastOf(page, "Item Deleted")).toBeVisible();
  await page.goto("/admin/team");
  await page.getByRole("button", { name: "Delete Bo" }).click();
  await expect(toastOf(page, "Item Deleted")).toBeVisible();
  await page.goto("/admin/horses");
  await page.getByRole("button", { name: "Delete Nordlys" }).click();
  await expect(toastOf(page, "Horse Deleted")).toBeVisible();

  await page.getByRole("navigation", { name: "Admin sections" }).getByRole("link", { name: "Trash" }).click();
  const trash = page.getByRole("region", { name: "Trash" });
  const items = trash.getByRole("listitem");
  await expect(items).toHaveCount(3);
  await expect(items.nth(0)).toContainText("Horse: Nordlys");
  await expect(items.nth(1)).toContainText("Team Member: Bo (Groom)");
  await expect(items.nth(2)).toContainText("Victory: Derby (2026-06-01)");
  await expect(items.nth(0)).toContainText(
    /Deleted \d{1,2}\.\d{1,2}\.\d{4}, \d{2}\.\d{2}\.\d{2} by admin@stable\.test/,
  );

  // The horse first, then its victory: the prize goes back on the restored horse's total.
  await trash.getByRole("button", { name: "Restore Horse Nordlys" }).click();
  await expect(toastOf(page, "Horse Restored")).toBeVisible();
  await trash.getByRole("button", { name: "Restore Victory Derby (2026-06-01)" }).click();
  await expect(toastOf(page, "Victory Restored")).toBeVisible();
  expect((await getHorse(horse.id))!.totalPrizeOre).toBe(5_000_00);
  expect((await listWinnersWithHorses())[0]).toMatchObject({ horseName: "Nordlys", prizeOre: 5_000_00 });
  expect(await served(page, horseImage.url)).toBe(200);

  await trash.getByRole("button", { name: "Restore Team Member Bo (Groom)" }).click();
  await expect(toastOf(page, "Team Member Restored")).toBeVisible();
  expect(await order()).toEqual(["1:Anna", "2:Bo", "3:Carl"]);
  expect(await served(page, memberPhoto.url)).toBe(200);
  await expect(items).toHaveCount(0);
  await expect(trash.getByText("The trash is empty.")).toBeVisible();

  await page.goto("/team");
  await expect(page.getByRole("img", { name: "Bo" })).toBeVisible();

  // Deleted again, then for good: the record and its image files are gone.
  await page.goto("/admin/team");
  await page.getByRole("button", { name: "Delete Bo" }).click();
  await expect(toastOf(page, "Item Deleted")).toBeVisible();
  await page.goto("/admin/trash");
  await trash.getByRole("button", { name: "Delete Forever Team Member Bo (Groom)" }).click();
  await expect(toastOf(page, "Deleted Forever")).toContainText("Bo (Groom) has been deleted permanently.");
  await expect(trash.getByText("The trash is empty.")).toBeVisible();
  expect(await listTrash()).toEqual([]);
  expect(await order()).toEqual(["1:Anna", "2:Carl"]);
  expect(await served(page, memberPhoto.url)).toBe(404);
});
