import type { Page } from "@playwright/test";
import { test, expect } from "./fixtures";
import { billedOwner, horseInTraining, setUpStable } from "@tests/billing";

// A month's billing from the drafts to a paid invoice, through the pages and their forms.
test.describe.configure({ timeout: 120_000 });

const toast = (page: Page, title: string) => expect(page.getByText(title, { exact: true }).first()).toBeVisible();

test("the stable reviews the month's drafts, changes a line, issues the invoices and marks one paid", async ({
  adminPage: page,
}) => {
  await setUpStable();
  const anna = await billedOwner("Anna Holm", { company: true });
  const bo = await billedOwner("Bo Berg", { language: "en" });
  await horseInTraining("Nordlys", [
    { ownerId: anna.id, hundredths: 6000 },
    { ownerId: bo.id, hundredths: 4000 },
  ]);

  await page.goto("/admin/billing?month=2026-01");
  await page.getByRole("button", { name: "Create drafts for 2026-01" }).click();
  await toast(page, "Drafts Created");
  const drafts = page.getByRole("region", { name: "Drafts" });
  // (The site's own monthly run may have drafted the month just ended meanwhile: it waits on its month.)
  // 31 days at 450,00 kr., 60/40, with 25 % VAT: 10.462,50 and 6.975,00; the stable 17.437,50.
  await expect(drafts.getByRole("row", { name: /Anna Holm/ })).toContainText("10.462,50");
  await expect(drafts.getByRole("row", { name: /Bo Berg/ })).toContainText("6.975,00");
  await expect(drafts.getByRole("row", { name: /The stable/ })).toContainText("17.437,50");

  // Anna's fee for 30 days instead of 31.
  await page.getByRole("link", { name: "Open the draft for Anna Holm" }).click();
  const draft = page.getByRole("region", { name: "Draft for Anna Holm" });
  const line = draft.getByRole("form").first();
  await line.getByLabel("Quantity", { exact: true }).fill("30");
  await line.getByRole("button", { name: "Save Line" }).click();
  await toast(page, "Line Saved");
  await expect(drafts.getByRole("row", { name: /Anna Holm/ })).toContainText("10.125,00");

  await drafts.getByRole("button", { name: "Issue All Drafts" }).click();
  await toast(page, "Invoices Issued");
  await expect(page.getByText("Issued with the numbers 1, 2.")).toBeVisible();
  const documents = page.getByRole("region", { name: "Issued invoices and credit notes" });
  await expect(documents.getByRole("row", { name: /Anna Holm/ })).toContainText("Due");
  await expect(documents.getByRole("link", { name: "PDF of Invoice 1" })).toBeVisible();

  // Paid in full: the amount left empty.
  await documents.getByRole("link", { name: "Open Invoice 1" }).click();
  const opened = page.getByRole("region", { name: "Invoice 1 to Anna Holm" });
  await opened.getByRole("button", { name: "Record Payment" }).click();
  await toast(page, "Payment Recorded");
  await expect(page.getByText("Invoice 1: Paid.")).toBeVisible();
  await expect(documents.getByRole("row", { name: /Anna Holm/ })).toContainText("Paid");
});
