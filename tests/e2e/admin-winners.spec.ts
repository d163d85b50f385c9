import { test, expect } from "./fixtures";
import { createHorse, getHorse } from "~/models/horse.server";
import { createWinner, listWinnersWithHorses } from "~/models/winner.server";

// Multi-step flows against a freshly started site; give them room on a busy machine.
test.describe.configure({ timeout: 60_000 });

const horse = { name: "Nordlys", age: 4, color: "Brown", sire: "Sea The Stars", dam: "Frøken Fryd" };

test("add a victory with a Danish prize: it lists, adds to the horse's total and shows on /winners", async ({
  adminPage: page,
}) => {
  const h = await createHorse({ ...horse, totalPrizeOre: 1_000_00 });
  await page.goto("/admin/winners");
  const add = page.getByRole("form", { name: "Add New Victory" });
  await add.getByLabel("Horse", { exact: true }).selectOption({ label: "Nordlys" });
  await add.getByLabel("Race Name", { exact: true }).fill("Dansk Derby");
  await add.getByLabel("Race Date", { exact: true }).fill("2026-06-07");
  await add.getByLabel("Track", { exact: true }).fill("Klampenborg");
  await add.getByLabel("Distance", { exact: true }).fill("2400 m");
  await add.getByLabel("Jockey", { exact: true }).fill("Jens Hansen");
  await add.getByLabel("Prize Money (DKK)", { exact: true }).fill("125.000 kr.");
  await add.getByRole("button", { name: "Add Victory" }).click();
  await expect(page.getByText("Winner Added", { exact: true })).toBeVisible();

  const list = page.getByRole("region", { name: "Recent Victories" });
  await expect(list.getByText("Dansk Derby")).toBeVisible();
  await expect(list.getByText("7.6.2026 · Klampenborg")).toBeVisible();
  await expect(list.getByText("Jockey: Jens Hansen")).toBeVisible();
  await expect(list.getByText("125.000,00 kr.")).toBeVisible();
  expect((await getHorse(h.id))!.totalPrizeOre).toBe(1_000_00 + 125_000_00);

  await page.goto("/winners");
  await expect(page.getByText("Dansk Derby")).toBeVisible();
});

test(
  "a prize that is not an amount is a field error, nothing is stored and the typing is kept",
  { tag: "@any-width" },
  async ({ adminPage: page }) => {
    await createHorse(horse);
    await page.goto("/admin/winners");
    const add = page.getByRole("form", { name: "Add New Victory" });
    await add.getByLabel("Horse", { exact: true }).selectOption({ label: "Nordlys" });
    await add.getByLabel("Race Name", { exact: true }).fill("Cup");
    await add.getByLabel("Race Date", { exact: true }).fill("2026-06-07");
    await add.getByLabel("Prize Money (DKK)", { exact: true }).fill("lots of money");
    await add.getByRole("button", { name: "Add Victory" }).click();
    await expect(add.getByText("'lots of money' is not an amount.")).toBeVisible();
    await expect(add.getByLabel("Prize Money (DKK)", { exact: true })).toHaveAttribute("aria-invalid", "true");
    await expect(add.getByLabel("Race Name", { exact: true })).toHaveValue("Cup");
    expect(await listWinnersWithHorses()).toEqual([]);
  },
);

test(
  "the server refuses a victory without a known horse, even when the page is bypassed",
  { tag: "@any-width" },
  async ({ adminPage: page }) => {
    // With a horse in the list (without one the tab leads to the Horses tab instead), none chosen.
    await createHorse(horse);
    await page.goto("/admin/winners");
    const add = page.getByRole("form", { name: "Add New Victory" });
    await add.getByLabel("Race Name", { exact: true }).fill("Cup");
    // Skip the page's own check to reach the server.
    await add.evaluate((form: HTMLFormElement) => {
      form.addEventListener("submit", (e) => e.stopImmediatePropagation(), { capture: true });
    });
    await add.getByRole("button", { name: "Add Victory" }).click();
    await expect(add.getByText("Choose the horse")).toBeVisible();
    await expect(add.getByText("Race date is required")).toBeVisible();
    expect(await listWinnersWithHorses()).toEqual([]);
  },
);

test("edit a victory: moving it to another horse moves its prize; delete takes it off", async ({ adminPage: page }) => {
  const a = await createHorse({ ...horse, name: "Alfa" });
  const b = await createHorse({ ...horse, name: "Bravo" });
  const w = await createWinner({
    horseId: a.id,
    raceName: "Derby",
    raceDate: "2026-06-01",
    prizeOre: 300_000_00,
    jockey: "Old Jockey",
  });
  await page.goto("/admin/winners");
  const list = page.getByRole("region", { name: "Recent Victories" });
  await list.getByRole("link", { name: "Edit Derby (Alfa)" }).click();
  await expect(page).toHaveURL(new RegExp(`edit=${w.id}`));
  const edit = page.getByRole("form", { name: "Edit Victory Record" });
  await expect(edit).toBeInViewport();
  await expect(edit.getByLabel("Prize Money (DKK)", { exact: true })).toHaveValue("300.000,00");
  await expect(edit.getByLabel("Jockey", { exact: true })).toHaveValue("Old Jockey");
  await expect(edit.getByLabel("Winner Photo", { exact: true })).toHaveValue("");
  await edit.getByLabel("Horse", { exact: true }).selectOption({ label: "Bravo" });
  await edit.getByLabel("Prize Money (DKK)", { exact: true }).fill("350.000,50");
  await edit.getByRole("button", { name: "Save Changes" }).click();
  await expect(page.getByText("Winner Updated", { exact: true })).toBeVisible();
  await expect(page.getByRole("form", { name: "Edit Victory Record" })).toHaveCount(0);
  await expect(list.getByText("350.000,50 kr.")).toBeVisible();
  expect((await getHorse(a.id))!.totalPrizeOre).toBe(0);
  expect((await getHorse(b.id))!.totalPrizeOre).toBe(350_000_50);

  await list.getByRole("button", { name: "Delete Derby (Bravo)" }).click();
  await expect(page.getByText("Item Deleted", { exact: true })).toBeVisible();
  await expect(page.getByText("The item has been removed successfully.")).toBeVisible();
  await expect(list.getByText("Derby")).toHaveCount(0);
  expect((await getHorse(b.id))!.totalPrizeOre).toBe(0);
});

test("a victory whose horse is gone shows 'Unknown Horse'", { tag: "@any-width" }, async ({ adminPage: page }) => {
  const h = await createHorse(horse);
  await createWinner({ horseId: h.id, raceName: "Old Cup", raceDate: "2020-06-01" });
  const { deleteHorse } = await import("~/models/horse.server");
  await deleteHorse(h.id);
  await page.goto("/admin/winners");
  await expect(page.getByRole("region", { name: "Recent Victories" }).getByText("Unknown Horse")).toBeVisible();
});
