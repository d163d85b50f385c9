import type { Locator } from "@playwright/test";
import { test, expect } from "./fixtures";
import { createHorse, getHorse } from "~/models/horse.server";
import { createWinner } from "~/models/winner.server";

// Multi-step flows against a freshly started site; give them room on a busy machine.
test.describe.configure({ timeout: 60_000 });

/** The fields a new horse must have, filled in the Add New Horse form. */
async function fillRequiredFields(add: Locator, name: string) {
  await add.getByLabel("Horse Name", { exact: true }).fill(name);
  await add.getByLabel("Age", { exact: true }).fill("3");
  await add.getByLabel("Color", { exact: true }).fill("Bay");
  await add.getByLabel("Sire", { exact: true }).fill("S");
  await add.getByLabel("Dam", { exact: true }).fill("D");
}

const nordlys = { name: "Nordlys", age: 4, color: "Brown", sire: "Sea The Stars", dam: "Frøken Fryd" };

test("add, edit with prize money and delete a horse", async ({ adminPage: page }) => {
  await page.goto("/admin/horses");
  await expect(page.getByRole("heading", { name: "Admin Dashboard" })).toBeVisible();
  await expect(
    page.getByRole("navigation", { name: "Admin sections" }).getByRole("link", { name: "Horses" }),
  ).toHaveAttribute("aria-current", "page");

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

test("the edit form holds a copy of the horse, scrolls into view, and Cancel closes it", async ({
  adminPage: page,
}) => {
  for (let i = 0; i < 6; i++) await createHorse({ ...nordlys, name: `Filler ${i}` });
  const h = await createHorse({ ...nordlys, owner: "Stald Øst", totalPrizeOre: 50_000_00, firstPlaces: 3 });
  await page.goto("/admin/horses");
  const list = page.getByRole("region", { name: "Current Horses" });
  await expect(list.getByText("50.000,00 kr.")).toBeVisible();
  // Only a total above 0 is shown.
  await expect(list.getByText("0,00 kr.", { exact: true })).toHaveCount(0);

  const editLink = list.getByRole("link", { name: `Edit Nordlys` });
  await editLink.click();
  await expect(page).toHaveURL(new RegExp(`edit=${h.id}`));
  const edit = page.getByRole("form", { name: "Edit Horse: Nordlys" });
  await expect(edit).toBeInViewport();
  await expect(page.getByRole("heading", { name: "Edit Horse: Nordlys" })).toBeFocused();
  await expect(edit.getByLabel("Owner", { exact: true })).toHaveValue("Stald Øst");
  await expect(edit.getByLabel("Total Prize Money (DKK)", { exact: true })).toHaveValue("50.000,00");
  await expect(edit.getByLabel("1st Places", { exact: true })).toHaveValue("3");
  await expect(edit.getByLabel("Add Prize Money (DKK)", { exact: true })).toHaveValue("");
  await expect(edit.getByLabel("Horse Image", { exact: true })).toHaveValue("");

  // Reload keeps the open form (it is in the URL).
  await page.reload();
  await expect(page.getByRole("form", { name: "Edit Horse: Nordlys" })).toBeVisible();

  await edit.getByLabel("Horse Name", { exact: true }).fill("Changed");
  await edit.getByRole("link", { name: "Cancel" }).click();
  await expect(page).toHaveURL(/\/admin\/horses$/);
  await expect(page.getByRole("form", { name: /Edit Horse/ })).toHaveCount(0);
  expect((await getHorse(h.id))!.name).toBe("Nordlys");
});

test(
  "a victory recorded while the edit form is open is kept in the total",
  { tag: "@any-width" },
  async ({ adminPage: page }) => {
    const h = await createHorse({ ...nordlys, totalPrizeOre: 100_000 });
    await page.goto(`/admin/horses?edit=${h.id}`);
    await createWinner({ horseId: h.id, raceName: "Derby", raceDate: "2026-06-01", prizeOre: 25_000 });
    const edit = page.getByRole("form", { name: "Edit Horse: Nordlys" });
    await edit.getByLabel("Add Prize Money (DKK)", { exact: true }).fill("10");
    await edit.getByRole("button", { name: "Save Changes" }).click();
    await expect(page.getByText("Horse Updated", { exact: true })).toBeVisible();
    expect((await getHorse(h.id))!.totalPrizeOre).toBe(100_000 + 25_000 + 1_000);
  },
);

test(
  "validation messages keep what was typed; a missing horse gives the error toast",
  { tag: "@any-width" },
  async ({ adminPage: page }) => {
    const h = await createHorse(nordlys);
    await page.goto(`/admin/horses?edit=${h.id}`);
    const edit = page.getByRole("form", { name: "Edit Horse: Nordlys" });
    await edit.getByLabel("Owner", { exact: true }).fill("Typed owner");
    await edit.getByLabel("Add Prize Money (DKK)", { exact: true }).fill("-5000");
    await edit.getByRole("button", { name: "Save Changes" }).click();
    await expect(edit.getByText("The total prize money cannot go below 0")).toBeVisible();
    await expect(edit.getByLabel("Owner", { exact: true })).toHaveValue("Typed owner");

    // The horse disappears (another administrator deleted it) before the save.
    const { deleteHorse } = await import("~/models/horse.server");
    await deleteHorse(h.id);
    await edit.getByLabel("Add Prize Money (DKK)", { exact: true }).fill("1");
    await edit.getByRole("button", { name: "Save Changes" }).click();
    const toast = page.getByRole("listitem").filter({ hasText: "Failed to update horse" });
    await expect(toast).toBeVisible();
    await expect(toast.getByText("Error", { exact: true })).toBeVisible();
    await expect(toast).toHaveAttribute("data-type", "error");
    await expect(edit.getByLabel("Owner", { exact: true })).toHaveValue("Typed owner");
  },
);

test(
  "a horse image goes through the image pipeline; a new one replaces it and the old files are removed",
  { tag: "@any-width" },
  async ({ adminPage: page, app }) => {
    const { solid } = await import("@tests/images");
    const fs = await import("node:fs");
    const path = await import("node:path");
    await page.goto("/admin/horses");
    const add = page.getByRole("form", { name: "Add New Horse" });
    await fillRequiredFields(add, "Billede");
    await add
      .getByLabel("Horse Image", { exact: true })
      .setInputFiles({ name: "horse.png", mimeType: "image/png", buffer: await solid(800, 600).png().toBuffer() });
    await add.getByRole("button", { name: "Add Horse" }).click();
    await expect(page.getByText("Horse Added", { exact: true })).toBeVisible();
    const [horse] = await (await import("~/models/horse.server")).listHorses();
    expect(horse!.image).toMatchObject({
      url: expect.stringMatching(/^\/media\/horse-images\/.+\.png$/),
      width: 800,
      height: 600,
    });
    const list = page.getByRole("region", { name: "Current Horses" });
    await expect(list.getByRole("img", { name: "Billede" })).toHaveAttribute("src", /\/media\/horse-images\//);
    const mediaFile = (url: string) => path.join(app.dataDir, "media", url.replace(/^\/media\//, ""));
    expect(fs.existsSync(mediaFile(horse!.image!.url))).toBe(true);

    await list.getByRole("link", { name: "Edit Billede" }).click();
    const edit = page.getByRole("form", { name: "Edit Horse: Billede" });
    await edit
      .getByLabel("Horse Image", { exact: true })
      .setInputFiles({ name: "new.jpg", mimeType: "image/jpeg", buffer: await solid(640, 480).jpeg().toBuffer() });
    await edit.getByRole("button", { name: "Save Changes" }).click();
    await expect(page.getByText("Horse Updated", { exact: true })).toBeVisible();
    const updated = (await (await import("~/models/horse.server")).getHorse(horse!.id))!;
    expect(updated.image!.url).toMatch(/\.jpg$/);
    expect(fs.existsSync(mediaFile(updated.image!.url))).toBe(true);
    expect(fs.existsSync(mediaFile(horse!.image!.url))).toBe(false);
  },
);

test(
  "a file that is not an image is refused beside its field and nothing is stored",
  { tag: "@any-width" },
  async ({ adminPage: page }) => {
    const { SVG } = await import("@tests/images");
    await page.goto("/admin/horses");
    const add = page.getByRole("form", { name: "Add New Horse" });
    await fillRequiredFields(add, "Svg");
    // Declared as a PNG so the page's first check lets it through; the server judges by content.
    await add
      .getByLabel("Horse Image", { exact: true })
      .setInputFiles({ name: "drawing.png", mimeType: "image/png", buffer: SVG });
    await add.getByRole("button", { name: "Add Horse" }).click();
    await expect(add.getByText("SVG drawings are not accepted.", { exact: false })).toBeVisible();
    await expect(add.getByLabel("Horse Name", { exact: true })).toHaveValue("Svg");
    expect(await (await import("~/models/horse.server")).listHorses()).toEqual([]);
  },
);
