import fsp from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, expect, it } from "vitest";
import { billedOwner, horseInTraining, setUpStable } from "@tests/billing";
import { contentOf } from "@tests/backup";
import { createTestDatabase, useFreshDatabase } from "@tests/db";
import { issueCreditNote, issueInvoices } from "~/billing/issue.server";
import { runMonthlyDrafts } from "~/billing/monthly-drafts.server";
import { LocalDiskStorage } from "~/media/storage.server";
import { createCost, decideOnCost } from "~/models/cost.server";
import { queueCostQuestion } from "~/owners/cost-question.server";
import { listInvoices } from "~/models/invoice.server";
import { recordPayment } from "~/models/payment.server";
import { TRASH_KINDS } from "~/trash/kinds.server";
import { db, type DatabaseHandle } from "~/platform/db.server";
import { createBackup } from "./create-backup.server";
import { restoreBackup } from "./restore-backup.server";
import { verifyBackup } from "./verify-backup.server";

useFreshDatabase();

let work: string;
let target: DatabaseHandle;
let targetStore: LocalDiskStorage;

beforeEach(async () => {
  work = await fsp.mkdtemp(path.join(os.tmpdir(), "stable-billing-backup-"));
  target = await createTestDatabase();
  targetStore = new LocalDiskStorage(path.join(work, "target-media"));
});

afterEach(async () => {
  await target.close();
  await fsp.rm(work, { recursive: true, force: true });
});

/** A month of billing: shares, a planned cost approved, issued invoices, a credit note, a payment, a draft. */
async function billedMonth() {
  await setUpStable();
  const anna = await billedOwner("Anna Holm");
  const bo = await billedOwner("Bo Berg", { company: true });
  const nordlys = await horseInTraining("Nordlys", [
    { ownerId: anna.id, hundredths: 6000 },
    { ownerId: bo.id, hundredths: 3000 },
    { ownerId: null, hundredths: 1000 },
  ]);
  const cost = await createCost({
    date: "2026-01-12",
    category: "vet",
    description: "Scanning",
    amountOere: 125000,
    vat: "standard",
    receiptKey: "private/receipts/1767225600000-0123456789ab.pdf",
    passedOn: true,
    planned: true,
    horses: [{ horseId: nordlys.id }],
  });
  await decideOnCost(anna.id, cost.id, { state: "question", question: "Is it needed?" });
  // The question's message and its mail to the stable, which the Messages list shows.
  await queueCostQuestion({ name: "Anna Holm", email: anna.email }, { ...cost, parts: [] }, "Is it needed?");
  await decideOnCost(anna.id, cost.id, { state: "approved" });
  await runMonthlyDrafts({ month: "2026-01" });
  const [first, second] = await listInvoices({ state: "draft" });
  await issueInvoices([first!.id], { now: new Date("2026-02-01T08:00:00Z") });
  const [issued] = await listInvoices({ state: "issued" });
  await issueCreditNote(first!.id, { lineIds: [issued!.lines[0]!.id], now: new Date("2026-02-02T08:00:00Z") });
  await recordPayment(first!.id, { paidOn: "2026-02-03", amountOere: 100 });
  return { draftId: second!.id };
}

it("carries shares, costs, approvals, invoices, credit notes, payments and the number series, and restores them exactly", async () => {
  await billedMonth();
  const { file } = await createBackup({ dir: work });
  const { manifest } = await verifyBackup(file);
  expect(manifest.tables.invoices!.rows).toBe(3);
  expect(manifest.tables.horse_shares!.rows).toBe(3);
  expect(manifest.tables.cost_approvals!.rows).toBe(1);
  expect(manifest.tables.payments!.rows).toBe(1);
  expect(manifest.tables.number_series!.rows).toBe(1);
  // The owner's question: its message, and its mail's delivery state beside the visitors' messages'.
  expect(manifest.tables.contact_messages!.rows).toBe(1);
  expect(manifest.tables.mail_queue!.rows).toBe(1);
  expect(Object.keys(manifest.tables)).not.toContain("restore_in_progress");

  await restoreBackup(file, { handle: target, store: targetStore });
  expect(await contentOf(target.db)).toEqual(await contentOf(db()));

  // Restored again over the issued documents it holds now: the restore alone may replace them.
  await restoreBackup(file, { handle: target, store: targetStore, force: true });
  expect(await contentOf(target.db)).toEqual(await contentOf(db()));
  expect(await target.db.selectFrom("restore_in_progress").selectAll().execute()).toEqual([]);
  // And the guard is back at once for everyone else.
  await expect(
    target.db.updateTable("invoices").set({ note: "changed" }).where("state", "=", "issued").execute(),
  ).rejects.toThrow(/cannot be changed/);
  const next = await target.db.selectFrom("number_series").select("next_seq").executeTakeFirstOrThrow();
  expect(Number(next.next_seq)).toBe(3);
});

it("never holds an invoice in the trash: the trash has no kind for one", () => {
  expect([...TRASH_KINDS.keys()].filter((kind) => /invoice|credit|payment/.test(kind))).toEqual([]);
});
