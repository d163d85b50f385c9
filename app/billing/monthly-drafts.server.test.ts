import { describe, expect, it } from "vitest";
import { billedOwner, horseInTraining, setUpStable, passedOnCost } from "@tests/billing";
import { useFreshDatabase } from "@tests/db";
import { monthPeriod } from "~/models/billing-terms";
import { createCost, decideOnCost } from "~/models/cost.server";
import { saveApprovalLimit } from "~/models/billing-details.server";
import { saveShareSet } from "~/models/horse-share.server";
import { setHorseStatus } from "~/models/horse-status.server";
import { listInvoices, updateDraftLine } from "~/models/invoice.server";
import { db } from "~/platform/db.server";
import { listShareProblems } from "./billing-facts.server";
import { issueInvoices } from "./issue.server";
import { runMonthlyDrafts } from "./monthly-drafts.server";

useFreshDatabase();

const linesOf = async (ownerId: string, month = "2026-01") => {
  const [draft] = await listInvoices({ ownerId, runMonth: month });
  return draft?.lines.map((l) => [
    l.horseName,
    l.period?.start,
    l.period?.end,
    l.quantity,
    l.shareHundredths,
    l.netOere,
  ]);
};

describe("the monthly run", () => {
  it("two owners at 60/40 and a sale on the 16th: a draft per owner with day-exact fees", async () => {
    await setUpStable();
    const anna = await billedOwner("Anna Holm");
    const bo = await billedOwner("Bo Berg");
    const carl = await billedOwner("Carl Dahl", { company: true });
    const nordlys = await horseInTraining("Nordlys", [
      { ownerId: anna.id, hundredths: 6000 },
      { ownerId: bo.id, hundredths: 4000 },
    ]);
    await saveShareSet(nordlys.id, "2026-01-16", [
      { ownerId: anna.id, hundredths: 6000 },
      { ownerId: carl.id, hundredths: 4000 },
    ]);

    const run = await runMonthlyDrafts({ month: "2026-01" });
    expect(run.problems).toEqual([]);
    expect(run.drafts).toMatchObject({ created: 3, refreshed: 0, unchanged: 0 });
    expect(await linesOf(anna.id)).toEqual([
      ["Nordlys", "2026-01-01", "2026-01-15", "15", 6000, 405000],
      ["Nordlys", "2026-01-16", "2026-01-31", "16", 6000, 432000],
    ]);
    expect(await linesOf(bo.id)).toEqual([["Nordlys", "2026-01-01", "2026-01-15", "15", 4000, 270000]]);
    expect(await linesOf(carl.id)).toEqual([["Nordlys", "2026-01-16", "2026-01-31", "16", 4000, 288000]]);
    expect(run.totals).toEqual({
      byOwner: { [anna.id]: 837000, [bo.id]: 270000, [carl.id]: 288000 },
      stableOere: 0,
      byHorse: { [nordlys.id]: 1395000 },
      totalOere: 1395000,
    });
    const [draft] = await listInvoices({ ownerId: anna.id });
    expect(draft).toMatchObject({
      state: "draft",
      runMonth: "2026-01",
      language: "da",
      period: monthPeriod("2026-01"),
    });
    expect(draft!.lines[0]!.description).toBe("Træningspenge, i træning");
  });

  it("is idempotent, follows what changed, and never touches an issued invoice or an edited draft", async () => {
    await setUpStable();
    const anna = await billedOwner("Anna Holm", { language: "en" });
    const bo = await billedOwner("Bo Berg");
    const nordlys = await horseInTraining("Nordlys", [
      { ownerId: anna.id, hundredths: 5000 },
      { ownerId: bo.id, hundredths: 5000 },
    ]);
    await runMonthlyDrafts({ month: "2026-01" });
    const first = await listInvoices({ state: "draft" });
    const again = await runMonthlyDrafts({ month: "2026-01" });
    expect(again.drafts).toMatchObject({ created: 0, refreshed: 0, unchanged: 2 });
    expect(await listInvoices({ state: "draft" })).toEqual(first);

    // Turned out from the 20th: both drafts follow, as the same drafts.
    await setHorseStatus(nordlys.id, "2026-01-20", "resting");
    const changed = await runMonthlyDrafts({ month: "2026-01" });
    expect(changed.drafts).toMatchObject({ created: 0, refreshed: 2 });
    expect((await listInvoices({ state: "draft" })).map((d) => d.id).sort()).toEqual(first.map((d) => d.id).sort());
    expect(await linesOf(anna.id)).toEqual([
      ["Nordlys", "2026-01-01", "2026-01-19", "19", 5000, 427500],
      ["Nordlys", "2026-01-20", "2026-01-31", "12", 5000, 90000],
    ]);
    expect((await listInvoices({ ownerId: anna.id }))[0]!.lines[1]!.description).toBe("Training fee, resting/at grass");

    const annaDraft = (await listInvoices({ ownerId: anna.id }))[0]!;
    await issueInvoices([annaDraft.id]);
    const boDraft = (await listInvoices({ ownerId: bo.id }))[0]!;
    await updateDraftLine(boDraft.lines[0]!.id, { description: "Træningspenge, januar" });
    await setHorseStatus(nordlys.id, "2026-01-25", "training");
    const later = await runMonthlyDrafts({ month: "2026-01" });
    expect(later.drafts).toMatchObject({ issued: 1, edited: 1, created: 0, refreshed: 0 });
    expect((await listInvoices({ ownerId: bo.id }))[0]!.lines[0]!.description).toBe("Træningspenge, januar");
    // Nothing new was made beside the issued invoice.
    expect(await listInvoices({ ownerId: anna.id })).toHaveLength(1);
  });

  it("removes a draft left with nothing to bill, and makes none for an owner who owes nothing", async () => {
    await setUpStable();
    const anna = await billedOwner("Anna Holm");
    const nordlys = await horseInTraining("Nordlys", [{ ownerId: anna.id, hundredths: 10000 }]);
    await billedOwner("Bo Berg");
    await runMonthlyDrafts({ month: "2026-01" });
    expect(await listInvoices()).toHaveLength(1);
    await setHorseStatus(nordlys.id, "2025-06-01", "retired");
    expect((await runMonthlyDrafts({ month: "2026-01" })).drafts.removed).toBe(1);
    expect(await listInvoices()).toEqual([]);
  });

  it("bills costs by share on their date, VAT and outlays apart, a cost over three horses to the øre", async () => {
    await setUpStable();
    const anna = await billedOwner("Anna Holm");
    const bo = await billedOwner("Bo Berg");
    const a = await horseInTraining("Alfa", [
      { ownerId: anna.id, hundredths: 6000 },
      { ownerId: bo.id, hundredths: 4000 },
    ]);
    const b = await horseInTraining("Bravo", [
      { ownerId: anna.id, hundredths: 3333 },
      { ownerId: bo.id, hundredths: 3333 },
      { ownerId: null, hundredths: 3334 },
    ]);
    const c = await horseInTraining("Charlie", [{ ownerId: bo.id, hundredths: 10000 }]);
    for (const horse of [a, b, c]) await setHorseStatus(horse.id, "2025-06-01", "away");
    await passedOnCost(
      { date: "2026-01-12", category: "vet", description: "Halthedsundersøgelse", amountOere: 125000, vat: "standard" },
      [a.id],
    );
    await passedOnCost(
      { date: "2026-01-18", category: "entry-fee", description: "Klampenborg", amountOere: 60000, vat: "outlay" },
      [a.id],
    );
    await passedOnCost(
      { date: "2026-01-20", category: "farrier", description: "Nye sko", amountOere: 125000, vat: "standard" },
      [a.id, b.id, c.id],
    );
    await createCost({
      date: "2026-01-21",
      category: "other",
      description: "Kept by the stable",
      amountOere: 99900,
      vat: "standard",
      passedOn: false,
      planned: false,
      horses: [{ horseId: a.id }],
    });
    const run = await runMonthlyDrafts({ month: "2026-01" });
    expect(run.problems).toEqual([]);
    const [annaDraft] = await listInvoices({ ownerId: anna.id });
    expect(
      annaDraft!.lines.map((l) => [l.description, l.horseName, l.unitPriceOere, l.shareHundredths, l.netOere, l.vat]),
    ).toEqual([
      ["Dyrlæge: Halthedsundersøgelse", "Alfa", 125000, 6000, 75000, "standard"],
      ["Startindskud: Klampenborg", "Alfa", 60000, 6000, 36000, "outlay"],
      ["Beslag: Nye sko, 1/3 af 1.250,00 kr.", "Alfa", 41667, 6000, 25000, "standard"],
      ["Beslag: Nye sko, 1/3 af 1.250,00 kr.", "Bravo", 41667, 3333, 13888, "standard"],
    ]);
    const [boDraft] = await listInvoices({ ownerId: bo.id });
    const farrier = [...annaDraft!.lines, ...boDraft!.lines].filter((l) => l.description.startsWith("Beslag"));
    // The stable's own part of Bravo's 416,67 kr. is 138,92 kr.: with it, the parts add up to 1.250,00.
    expect(farrier.reduce((s, l) => s + l.netOere, 0) + 13892).toBe(125000);
    expect(run.totals.stableOere).toBe(13892);
    expect(run.totals.totalOere).toBe(125000 + 60000 + 125000);
  });

  it("holds back a planned cost above an owner's limit until they approve it, then bills it in the next run", async () => {
    await setUpStable();
    const anna = await billedOwner("Anna Holm");
    const nordlys = await horseInTraining("Nordlys", [{ ownerId: anna.id, hundredths: 10000 }]);
    await setHorseStatus(nordlys.id, "2025-06-01", "away");
    await saveApprovalLimit(anna.id, 100000);
    const cost = await createCost({
      date: "2026-01-12",
      category: "vet",
      description: "Operation",
      amountOere: 500000,
      vat: "standard",
      passedOn: true,
      planned: true,
      horses: [{ horseId: nordlys.id }],
    });
    const january = await runMonthlyDrafts({ month: "2026-01" });
    expect(january.awaiting).toEqual([
      { costId: cost.id, party: anna.id, grossOere: 625000, limitOere: 100000, asked: false },
    ]);
    expect(await listInvoices()).toEqual([]);

    expect(await decideOnCost(anna.id, cost.id, { state: "approved" })).toEqual({ state: "approved" });
    const february = await runMonthlyDrafts({ month: "2026-02" });
    expect(february.awaiting).toEqual([]);
    const [draft] = await listInvoices({ ownerId: anna.id });
    expect(draft).toMatchObject({ runMonth: "2026-02" });
    expect(draft!.lines.map((l) => [l.period?.start, l.netOere])).toEqual([["2026-01-12", 500000]]);
    // Billed once: January's run, made again now, leaves it to February's draft.
    await runMonthlyDrafts({ month: "2026-01" });
    expect(await listInvoices()).toHaveLength(1);
  });

  it("reports horses whose shares do not add up to 100 % and bills nobody for those days", async () => {
    await setUpStable();
    const anna = await billedOwner("Anna Holm");
    const nordlys = await horseInTraining("Nordlys", [{ ownerId: anna.id, hundredths: 6000 }]);
    const run = await runMonthlyDrafts({ month: "2026-01" });
    expect(run.problems).toEqual([
      {
        kind: "shares",
        horseId: nordlys.id,
        horseName: "Nordlys",
        start: "2026-01-01",
        end: "2026-01-31",
        totalHundredths: 6000,
      },
    ]);
    expect(await listInvoices()).toEqual([]);
    expect(await listShareProblems(monthPeriod("2026-01"))).toEqual(run.problems);
    await saveShareSet(nordlys.id, "2026-01-10", [
      { ownerId: anna.id, hundredths: 6000 },
      { ownerId: null, hundredths: 4000 },
    ]);
    expect(await listShareProblems(monthPeriod("2026-01"))).toMatchObject([{ start: "2026-01-01", end: "2026-01-09" }]);
    const rerun = await runMonthlyDrafts({ month: "2026-01" });
    expect(rerun.totals.stableOere).toBe(396000);
    expect(await linesOf(anna.id)).toEqual([["Nordlys", "2026-01-10", "2026-01-31", "22", 6000, 594000]]);
  });

  it("refuses a month that is not one", async () => {
    await expect(runMonthlyDrafts({ month: "2026-13" })).rejects.toThrow(/Not a month/);
    expect(await db().selectFrom("invoices").select("id").execute()).toEqual([]);
  });
});
