import { test, expect } from "./admin-interim";
import { createHorse, getHorse } from "~/models/horse.server";
import { createWinner } from "~/models/winner.server";

const nordlys = { name: "Nordlys", age: 4, color: "Brown", sire: "Sea The Stars", dam: "Frøken Fryd" };

test("add, edit with prize money and delete a horse", async ({ adminPage: page }) => {
  await page.goto("/admin/horses");
  await expect(page.getByRole("heading", { name: "Admin Dashboard" })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Admin sections" }).getByRole("link", { name: "Horses" })).toHaveAttribute("aria-current", "page");

  const add = page.getByRole("form", { name: "Add New Horse" });
  await add.getByLabel("Horse Name", { exact: true }).fill("Stormvind");
  await add.getByLabel("Age", { exact: true }).fill("5");
  await add.getByLabel("Color", { exact: true }).fill("Grey");
  await add.getByLabel("Sire", { exact: true }).fill("Frankel");
  await add.getByLabel("Dam", { exact: true }).fill("Blæst");
  await add.getByLabel("Owner", { exact: true }).fill("Stald Øst");
  await add.getByRole("button", { name: "Add Horse" }).click();
  await expect(page.getByText("Horse Added", { exact: true })).toBeVisible();
  const list = page.getByRole("region", { name: "Current Horses" });
  await expect(list.getByText("Stormvind")).toBeVisible();
  await expect(list.getByText("5 years old · Grey")).toBeVisible();
  await expect(list.getByText("Frankel × Blæst")).toBeVisible();
  await expect(add.getByLabel("Horse Name", { exact: true })).toHaveValue("");

  await list.getByRole("link", { name: "Edit Stormvind" }).click();
  await expect(page).toHaveURL(/\/admin\/horses\?edit=/);
  const edit = page.getByRole("form", { name: "Edit Horse: Stormvind" });
  await expect(edit.getByLabel("Horse Name", { exact: true })).toHaveValue("Stormvind");
  await expect(edit).toBeInViewport();
  await edit.getByLabel("Add Prize Money (DKK)", { exact: true }).fill("125000.50");
  await edit.getByLabel("1st Places", { exact: true }).fill("2");
  await edit.getByRole("button", { name: "Save Changes" }).click();
  await expect(page.getByText("Horse Updated", { exact: true })).toBeVisible();
  await expect(page.getByText("125.000,50 DKK added", { exact: false })).toBeVisible();
  await expect(edit).toHaveCount(0);
  await expect(list.getByText("125.000,50 kr.")).toBeVisible();

  await page.goto("/horses");
  await expect(page.getByText("Stormvind")).toBeVisible();

  await page.goto("/admin/horses");
  await page.getByRole("button", { name: "Delete Stormvind" }).click();
  await expect(page.getByText("Horse Deleted", { exact: true })).toBeVisible();
  await expect(page.getByText("Horse has been removed successfully.")).toBeVisible();
  await expect(page.getByRole("region", { name: "Current Horses" }).getByText("Stormvind")).toHaveCount(0);
});
