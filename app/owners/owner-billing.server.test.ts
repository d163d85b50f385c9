import { describe, expect, it } from "vitest";
import { billedOwner, horseInTraining, setUpStable, storedReceipt } from "@tests/billing";
import { useFreshDatabase } from "@tests/db";
import { issueCreditNote, issueInvoices } from "~/billing/issue.server";
import { runMonthlyDrafts } from "~/billing/monthly-drafts.server";
import { saveApprovalLimit } from "~/models/billing-details.server";
import { approvalsFor, createCost, decideOnCost, type CostInput } from "~/models/cost.server";
import { saveShareSet } from "~/models/horse-share.server";
import { getInvoice, listInvoices } from "~/models/invoice.server";
import { recordPayment } from "~/models/payment.server";
import { createRunner } from "~/models/runner.server";
import { recordResult } from "~/models/runner-result.server";
import {
  costsAwaiting,
  ownerDocuments,
  ownerIssuedDocument,
  plannedCostOf,
  yearStatement,
} from "./owner-billing.server";

useFreshDatabase();

const TODAY = "2026-12-02";

/** Two owners of Nordlys at 60/40 from 1 January, Anna also all of Polaris; January invoiced. */
async function yard() {
  await setUpStable();
  const anna = await billedOwner("Anna");
  const bo = await billedOwner("Bo");
  const nordlys = await horseInTraining(
    "Nordlys",
    [
      { ownerId: anna.id, hundredths: 6000 },
      { ownerId: bo.id, hundredths: 4000 },
    ],
    "2026-01-01",
  );
  const polaris = await horseInTraining("Polaris", [{ ownerId: anna.id, hundredths: 10000 }], "2026-01-01");
  await runMonthlyDrafts({ month: "2026-01", now: new Date("2026-02-01T08:00:00Z") });
  const drafts = await listInvoices({ state: "draft" });
  await issueInvoices(
    drafts.map((d) => d.id),
    { now: new Date("2026-02-01T09:00:00Z") },
  );
  const invoiceOf = async (ownerId: string) => (await listInvoices({ ownerId, state: "issued" }))[0]!;
  return { anna, bo, nordlys, polaris, annaInvoice: await invoiceOf(anna.id), boInvoice: await invoiceOf(bo.id) };
}

const plannedVet = (horseIds: string[], values: Partial<CostInput> = {}): CostInput => ({
  date: "2026-11-20",
  category: "vet",
  description: "Scan",
  amountOere: 500000,
  vat: "standard",
  passedOn: true,
  planned: true,
  horses: horseIds.map((horseId) => ({ horseId })),
  ...values,
});

describe("an owner's documents", () => {
  it("lists only their own issued invoices and credit notes, each with where it stands", async () => {
    const { anna, bo, annaInvoice, boInvoice } = await yard();
    // January, 31 days at 450,00 kr.: Nordlys 60 % (8.370,00) and Polaris (13.950,00), + 25 % VAT.
    expect(annaInvoice.totalOere).toBe((837000 + 1395000) * 1.25);
    let docs = await ownerDocuments(anna.id, "2026-02-10");
    expect(docs).toEqual([
      expect.objectContaining({ id: annaInvoice.id, kind: "invoice", number: annaInvoice.number, status: "due" }),
    ]);
    expect((await ownerDocuments(anna.id, TODAY))[0]!.status).toBe("overdue");
    await recordPayment(annaInvoice.id, { paidOn: "2026-02-12", amountOere: 100000 });
    expect((await ownerDocuments(anna.id, "2026-02-13"))[0]).toMatchObject({
      status: "part-paid",
      outstandingOere: annaInvoice.totalOere! - 100000,
    });
    // Bo's invoice is paid in full, then credited: the credit note names it.
    await recordPayment(boInvoice.id, { paidOn: "2026-02-12", amountOere: boInvoice.totalOere! });
    const credit = await issueCreditNote(boInvoice.id, { now: new Date("2026-02-20T09:00:00Z") });
    docs = await ownerDocuments(bo.id, TODAY);
    expect(docs.map((d) => [d.kind, d.number, d.credits])).toEqual([
      ["credit-note", credit!.number, boInvoice.number],
      ["invoice", boInvoice.number, null],
    ]);
    expect(docs.every((d) => d.id !== annaInvoice.id)).toBe(true);
  });

  it("gives the document of an issued one of theirs only: not a draft, not another owner's", async () => {
    const { anna, bo, annaInvoice } = await yard();
    expect((await ownerIssuedDocument(anna.id, annaInvoice.id))?.number).toBe(annaInvoice.number);
    expect(await ownerIssuedDocument(bo.id, annaInvoice.id)).toBeNull();
    await runMonthlyDrafts({ month: "2026-02", now: new Date("2026-03-01T08:00:00Z") });
    const [draft] = await listInvoices({ ownerId: anna.id, state: "draft" });
    expect(draft).toBeDefined();
    expect(await ownerIssuedDocument(anna.id, draft!.id)).toBeNull();
    expect(await ownerIssuedDocument(anna.id, crypto.randomUUID())).toBeNull();
  });
});

describe("the year so far per horse", () => {
  it("adds the year's fees, costs and credits per horse, and the owner's part of each prize by their share that day", async () => {
    const { anna, bo, nordlys, polaris, annaInvoice } = await yard();
    // A cost in February on Nordlys, billed with February; a credit note for Polaris's January line.
    await createCost({ ...plannedVet([nordlys.id]), date: "2026-02-10", planned: false, amountOere: 125000 });
    await runMonthlyDrafts({ month: "2026-02", now: new Date("2026-03-01T08:00:00Z") });
    const [february] = await listInvoices({ ownerId: anna.id, state: "draft" });
    await issueInvoices([february!.id], { now: new Date("2026-03-01T09:00:00Z") });
    const polarisLine = annaInvoice.lines.find((l) => l.horseId === polaris.id)!;
    await issueCreditNote(annaInvoice.id, { lineIds: [polarisLine.id], now: new Date("2026-03-02T09:00:00Z") });
    // Prize money: 1.000,01 kr. while Anna holds 60 %; then she sells to Bo, who holds all from 1 July.
    const spring = await createRunner({ horseId: nordlys.id, raceName: "Forårsløbet", raceDate: "2026-05-01" });
    await recordResult(spring.id, { position: 1, didNotFinish: false, prizeOre: 100001 }, "2026-05-01");
    await saveShareSet(nordlys.id, "2026-07-01", [{ ownerId: bo.id, hundredths: 10000 }]);
    const summer = await createRunner({ horseId: nordlys.id, raceName: "Sommerløbet", raceDate: "2026-08-01" });
    await recordResult(summer.id, { position: 2, didNotFinish: false, prizeOre: 50000 }, "2026-08-01");
    // Last year's invoices and prizes are not this year's.
    const old = await createRunner({ horseId: nordlys.id, raceName: "Gammelt", raceDate: "2025-08-01" });
    await recordResult(old.id, { position: 1, didNotFinish: false, prizeOre: 70000 }, "2025-08-01");

    const horses = [
      { id: nordlys.id, name: "Nordlys" },
      { id: polaris.id, name: "Polaris" },
    ];
    const statement = await yearStatement(anna.id, TODAY, horses);
    const nordlysRow = statement.find((r) => r.horseId === nordlys.id)!;
    // January and February at 60 %: 31 + 28 days at 450,00 kr.; the vet bill's 60 %.
    expect(nordlysRow).toMatchObject({ feesOere: 0.6 * 59 * 45000, costsOere: 75000, creditsOere: 0 });
    expect(nordlysRow.prizes).toEqual([
      {
        raceName: "Forårsløbet",
        raceDate: "2026-05-01",
        position: 1,
        prizeOere: 100001,
        shareHundredths: 6000,
        partOere: 60001,
      },
    ]);
    expect(nordlysRow.prizeOere).toBe(60001);
    const polarisRow = statement.find((r) => r.horseId === polaris.id)!;
    expect(polarisRow).toMatchObject({ feesOere: 59 * 45000, creditsOere: 1395000, prizeOere: 0 });
    // Bo's part of the same prize: the øre left over went to one of them, never lost or doubled.
    const bos = await yearStatement(bo.id, TODAY, [{ id: nordlys.id, name: "Nordlys" }]);
    expect(bos[0]!.prizes.map((p) => p.partOere)).toEqual([40000, 50000]);
    // The horses they hold a part of are there even when they follow none.
    expect((await yearStatement(anna.id, TODAY, [])).map((r) => [r.horseName, r.prizeOere])).toEqual([
      ["Nordlys", 60001],
      ["Polaris", 0],
    ]);
    // Next year starts from nothing.
    const next = await yearStatement(anna.id, "2027-01-05", horses);
    expect(next.every((r) => r.feesOere === 0 && r.costsOere === 0 && r.prizeOere === 0)).toBe(true);
  });
});

describe("costs awaiting the owner's approval", () => {
  it("lists a planned cost whose part for the owner, VAT included, is above their limit, until they approve it", async () => {
    const { anna, bo, nordlys, polaris } = await yard();
    const receiptKey = await storedReceipt();
    const cost = await createCost({ ...plannedVet([nordlys.id, polaris.id]), receiptKey });
    // No limit: never asked.
    expect(await costsAwaiting(anna.id, TODAY)).toEqual([]);
    // Anna pays 60 % of Nordlys's 2.500,00 and all of Polaris's: 4.000,00 + VAT = 5.000,00 kr.
    await saveApprovalLimit(anna.id, 500000);
    expect(await costsAwaiting(anna.id, TODAY)).toEqual([]);
    await saveApprovalLimit(anna.id, 499999);
    expect(await costsAwaiting(anna.id, TODAY)).toEqual([
      {
        costId: cost.id,
        date: "2026-11-20",
        category: "vet",
        description: "Scan",
        horseNames: ["Nordlys", "Polaris"],
        grossOere: 500000,
        limitOere: 499999,
        vat: "standard",
        hasReceipt: true,
        question: null,
        askedAt: null,
      },
    ]);
    // Bo pays 40 % of Nordlys's part: 1.250,00 kr. with VAT, under his limit of 2.000,00.
    await saveApprovalLimit(bo.id, 200000);
    expect(await costsAwaiting(bo.id, TODAY)).toEqual([]);
    // A cost already incurred (not planned) is billed as it is, never asked about.
    await createCost({ ...plannedVet([polaris.id]), planned: false });
    expect((await costsAwaiting(anna.id, TODAY)).map((c) => c.costId)).toEqual([cost.id]);

    // A question keeps it waiting, with what was asked; an approval ends the wait, recorded with who and when.
    expect(await plannedCostOf(anna.id, cost.id)).not.toBeNull();
    expect(await plannedCostOf(bo.id, cost.id)).not.toBeNull();
    await decideOnCost(anna.id, cost.id, { state: "question", question: "Is it needed now?" });
    expect((await costsAwaiting(anna.id, TODAY))[0]).toMatchObject({ question: "Is it needed now?" });
    await decideOnCost(anna.id, cost.id, { state: "approved" }, new Date("2026-12-02T10:00:00Z"));
    expect(await costsAwaiting(anna.id, TODAY)).toEqual([]);
    expect(await approvalsFor([cost.id])).toEqual([
      expect.objectContaining({
        ownerId: anna.id,
        ownerName: "Anna",
        state: "approved",
        decidedAt: "2026-12-02T10:00:00.000Z",
      }),
    ]);
  });

  it("leaves out what is not the owner's and a part already billed", async () => {
    const { anna, bo, nordlys, polaris } = await yard();
    await saveApprovalLimit(anna.id, 0);
    await saveApprovalLimit(bo.id, 0);
    const onPolaris = await createCost(plannedVet([polaris.id], { date: "2026-02-10" }));
    expect(await plannedCostOf(bo.id, onPolaris.id)).toBeNull();
    expect((await costsAwaiting(bo.id, TODAY)).map((c) => c.costId)).toEqual([]);
    expect((await costsAwaiting(anna.id, TODAY)).map((c) => c.costId)).toEqual([onPolaris.id]);
    // Approved and billed with February: no longer waiting, even were the approval dropped.
    await decideOnCost(anna.id, onPolaris.id, { state: "approved" });
    await runMonthlyDrafts({ month: "2026-02", now: new Date("2026-03-01T08:00:00Z") });
    const [february] = await listInvoices({ ownerId: anna.id, state: "draft" });
    expect((await getInvoice(february!.id))!.lines.some((l) => l.source === "cost")).toBe(true);
    expect(await costsAwaiting(anna.id, TODAY)).toEqual([]);
    // Nordlys's planned cost before Anna's shares began is not hers.
    const early = await createCost(plannedVet([nordlys.id], { date: "2025-12-20" }));
    expect(await plannedCostOf(anna.id, early.id)).toBeNull();
    expect((await costsAwaiting(anna.id, TODAY)).map((c) => c.costId)).not.toContain(early.id);
  });
});
