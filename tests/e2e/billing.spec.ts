import fs from "node:fs/promises";
import type { Page } from "@playwright/test";
import { monthlyDraftsJob } from "~/billing/billing-jobs.server";
import { periodAt } from "~/jobs/schedule";
import { saveApprovalLimit } from "~/models/billing-details.server";
import { claimJobRun, finishJobRun, getJobRun } from "~/models/job-run.server";
import { test, expect, navigationsWaitForHydration, signInAs } from "./fixtures";
import { billedOwner, horseInTraining, setUpStable } from "@tests/billing";

// A month's billing through the pages and their forms, as the stable and an owner work it.
test.describe.configure({ timeout: 180_000 });

/**
 * The site's own monthly run of this month done, as on a site that has run it: it would otherwise
 * bill the month just ended, and the parts of this test's January cost with it, whenever it runs.
 */
async function monthlyRunDone() {
  const now = new Date();
  const key = { job: monthlyDraftsJob.name, period: periodAt(monthlyDraftsJob.due, now).key, instance: "test" };
  const claim = await claimJobRun(key, { now, leaseUntil: new Date(now.getTime() + 60_000) });
  if (claim.claimed) await finishJobRun(key, { at: now });
  else await expect.poll(async () => (await getJobRun(key.job, key.period))?.status).toBe("done");
}

const toast = (page: Page, title: string) => expect(page.getByText(title, { exact: true }).first()).toBeVisible();

test("the month: a cost with its receipt, approved by its owner, the drafts reviewed, the invoices issued, the owner's PDF, one paid", async ({
  adminPage: page,
  app,
  browser,
}) => {
  await monthlyRunDone();
  await setUpStable();
  const anna = await billedOwner("Anna Holm", { company: true, language: "en" });
  const bo = await billedOwner("Bo Berg", { language: "en" });
  // Anna approves any cost whose part for her is above 500,00 kr.
  await saveApprovalLimit(anna.id, 500_00);
  await horseInTraining("Nordlys", [
    { ownerId: anna.id, hundredths: 6000 },
    { ownerId: bo.id, hundredths: 4000 },
  ]);

  // The stable enters a planned vet bill of 1.250,00 kr. + VAT for Nordlys, with its receipt.
  await page.goto("/admin/billing/costs?month=2026-01");
  const add = page.getByRole("form", { name: "Add Cost" });
  await add.getByLabel("Date", { exact: true }).fill("2026-01-10");
  await add.getByLabel("Category", { exact: true }).selectOption({ label: "Vet" });
  await add.getByLabel("Text", { exact: true }).fill("Scan");
  await add.getByLabel("Amount (excl. VAT)", { exact: true }).fill("1.250,00");
  await add.getByLabel(/^Planned/).check();
  await add.getByLabel("Nordlys", { exact: true }).check();
  await add
    .getByLabel("Receipt (photo or PDF)", { exact: true })
    .setInputFiles({ name: "scan.pdf", mimeType: "application/pdf", buffer: Buffer.from("%PDF-1.4\n%%EOF\n") });
  await add.getByRole("button", { name: "Add Cost" }).click();
  await toast(page, "Cost Added");
  await expect(page.getByText(/Waiting for Anna Holm ApS.s approval: their part 937,50\skr\./)).toBeVisible();

  // Anna sees it in her Invoices with its receipt, and approves it.
  const owner = await browser.newContext();
  const annaPage = await owner.newPage();
  navigationsWaitForHydration(annaPage);
  await signInAs(annaPage, app, anna);
  await annaPage.goto("/owners/invoices");
  const awaiting = annaPage.getByRole("region", { name: "Costs awaiting your approval" });
  const cost = awaiting.getByRole("article", { name: "Vet: Scan" });
  // Her 60 % of 1.562,50 kr. with VAT.
  await expect(cost.getByText("937,50 kr. incl. VAT")).toBeVisible();
  await cost.getByRole("button", { name: "Approve Vet: Scan" }).click();
  await toast(annaPage, "Cost approved");
  await page.goto("/admin/billing/costs?month=2026-01");
  await expect(page.getByText(/Approved by Anna Holm on/)).toBeVisible();

  await page.goto("/admin/billing?month=2026-01");
  await page.getByRole("button", { name: "Create drafts for 2026-01" }).click();
  await toast(page, "Drafts Created");
  const drafts = page.getByRole("region", { name: "Drafts" });
  // 31 days at 450,00 kr. and the vet bill, 60/40, with 25 % VAT: 11.400,00 and 7.600,00; the stable 19.000,00.
  await expect(drafts.getByRole("row", { name: /Anna Holm/ })).toContainText("11.400,00");
  await expect(drafts.getByRole("row", { name: /Bo Berg/ })).toContainText("7.600,00");
  await expect(drafts.getByRole("row", { name: /The stable/ })).toContainText("19.000,00");

  // Anna's fee for 30 days instead of 31.
  await page.getByRole("link", { name: "Open the draft for Anna Holm" }).click();
  const draft = page.getByRole("region", { name: "Draft for Anna Holm" });
  const line = draft.getByRole("form").first();
  await line.getByLabel("Quantity", { exact: true }).fill("30");
  await line.getByRole("button", { name: "Save Line" }).click();
  await toast(page, "Line Saved");
  await expect(drafts.getByRole("row", { name: /Anna Holm/ })).toContainText("11.062,50");

  await drafts.getByRole("button", { name: "Issue All Drafts" }).click();
  await toast(page, "Invoices Issued");
  await expect(page.getByText("Issued with the numbers 1, 2.")).toBeVisible();
  const documents = page.getByRole("region", { name: "Issued invoices and credit notes" });
  await expect(documents.getByRole("row", { name: /Anna Holm/ })).toContainText("Due");

  // Anna downloads her invoice's PDF from her Invoices.
  await annaPage.goto("/owners/invoices");
  const row = annaPage
    .getByRole("region", { name: "Invoices and credit notes" })
    .getByRole("row", { name: /Invoice 1/ });
  const [download] = await Promise.all([
    annaPage.waitForEvent("download"),
    row.getByRole("link", { name: "PDF of Invoice 1" }).click(),
  ]);
  expect((await fs.readFile(await download.path())).subarray(0, 5).toString()).toBe("%PDF-");
  await owner.close();

  // Paid in full: the amount left empty.
  await documents.getByRole("link", { name: "Open Invoice 1" }).click();
  const opened = page.getByRole("region", { name: "Invoice 1 to Anna Holm" });
  await opened.getByRole("button", { name: "Record Payment" }).click();
  await toast(page, "Payment Recorded");
  await expect(page.getByText("Invoice 1: Paid.")).toBeVisible();
  await expect(documents.getByRole("row", { name: /Anna Holm/ })).toContainText("Paid");
});
