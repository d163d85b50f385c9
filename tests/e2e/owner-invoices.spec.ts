import fs from "node:fs/promises";
import { test, expect, signInAs } from "./fixtures";
import { seedHorse } from "./public-helpers";
import { ownerAccountFixtures } from "@tests/billing";
import { createOwner } from "@tests/owners";

test(
  "an owner approves a planned cost above their limit and downloads their invoice's PDF",
  { tag: "@any-width" },
  async ({ page, app }) => {
    const nordlys = await seedHorse({ name: "Nordlys" });
    const owner = await createOwner({ horseIds: [nordlys.id], name: "Anna Holm", email: "anna@example.com" });
    // January's invoice issued; a planned vet cost of 5.000,00 kr. + VAT above Anna's limit of 1.000,00.
    await ownerAccountFixtures(owner.id, nordlys.id, { receipt: false });
    await signInAs(page, app, owner);

    await page.goto("/owners");
    await page.getByRole("navigation", { name: "Owners' area" }).getByRole("link", { name: "Invoices" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Invoices" })).toBeVisible();

    const awaiting = page.getByRole("region", { name: "Costs awaiting your approval" });
    const cost = awaiting.getByRole("article", { name: "Vet: Scan" });
    await expect(cost.getByText("6.250,00 kr. incl. VAT")).toBeVisible();
    await cost.getByRole("button", { name: "Approve Vet: Scan" }).click();
    await expect(page.getByText("Cost approved", { exact: true }).first()).toBeVisible();
    await expect(awaiting).toHaveCount(0);

    const documents = page.getByRole("region", { name: "Invoices and credit notes" });
    const row = documents.getByRole("row", { name: /Invoice \d+/ });
    await expect(row.getByText("Overdue")).toBeVisible();
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      row.getByRole("link", { name: /^PDF of Invoice \d+$/ }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/\.pdf$/);
    const file = await download.path();
    expect((await fs.readFile(file)).subarray(0, 5).toString()).toBe("%PDF-");
  },
);
