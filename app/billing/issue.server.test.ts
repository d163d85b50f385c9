import { spawn } from "node:child_process";
import path from "node:path";
import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { billedOwner, horseInTraining, setUpStable, STABLE_DETAILS, passedOnCost } from "@tests/billing";
import { createUser } from "@tests/auth";
import { TEST_DATABASE_URL, useFreshDatabase } from "@tests/db";
import { createOwner, testHorse } from "@tests/owners";
import { listActivity } from "~/models/activity.server";
import { createCost, CostBilledError, updateCost } from "~/models/cost.server";
import {
  addDraftLine,
  deleteDraft,
  getInvoice,
  IssuedInvoiceError,
  listInvoices,
  removeDraftLine,
  updateDraftLine,
} from "~/models/invoice.server";
import { listQueuedMail } from "~/models/mail-queue.server";
import { paymentsOf, recordPayment, standings, InvalidPaymentError } from "~/models/payment.server";
import { runAs } from "~/platform/actor.server";
import { db, engine } from "~/platform/db.server";
import { formatDkk } from "~/racing/format";
import { documentProblems, documentTotals } from "./invoice-document";
import { issuedDocument } from "./invoice-record.server";
import { issueCreditNote, issueInvoices, NotCreditableError } from "./issue.server";
import { runMonthlyDrafts } from "./monthly-drafts.server";

useFreshDatabase();

const FEB_1 = new Date("2026-02-01T08:00:00Z");

/** `count` owners, each with a horse of their own in training all January, and their drafts. */
async function drafts(count: number) {
  await setUpStable();
  const owners = [];
  for (let i = 0; i < count; i++) {
    const owner = await billedOwner(`Owner ${String(i).padStart(2, "0")}`, { active: false });
    await horseInTraining(`Horse ${String(i).padStart(2, "0")}`, [{ ownerId: owner.id, hundredths: 10000 }]);
    owners.push(owner);
  }
  await runMonthlyDrafts({ month: "2026-01", now: FEB_1 });
  return (await listInvoices({ state: "draft" })).map((d) => d.id);
}

async function series() {
  const row = await db().selectFrom("number_series").select("next_seq").executeTakeFirstOrThrow();
  return Number(row.next_seq);
}

async function issuedSeqs() {
  const rows = await db().selectFrom("invoices").select("seq").where("state", "=", "issued").orderBy("seq").execute();
  return rows.map((r) => Number(r.seq));
}

const oneTo = (n: number) => Array.from({ length: n }, (_, i) => i + 1);

describe("issuing invoices", () => {
  it("gives a draft the next number, its dates and period, the seller and buyer as they are, and its mail, once", async () => {
    const [id] = await drafts(1);
    const admin = await createUser({ email: "admin@stald.dk", admin: true });
    const results = await runAs({ userId: admin.id, email: admin.email, via: "dashboard" }, () =>
      issueInvoices([id!], { now: FEB_1 }),
    );
    expect(results).toEqual([{ id, outcome: "issued", number: "1" }]);
    const invoice = (await getInvoice(id!))!;
    expect(invoice).toMatchObject({
      state: "issued",
      seq: 1,
      number: "1",
      issueDate: "2026-02-01",
      dueDate: "2026-02-15",
      period: { start: "2026-01-01", end: "2026-01-31" },
      language: "da",
      netOere: 1395000,
      vatOere: 348750,
      totalOere: 1743750,
      issuedBy: "admin@stald.dk",
    });
    const doc = issuedDocument(invoice, null);
    expect(documentProblems(doc)).toEqual([]);
    expect(doc.seller).toMatchObject({ legalName: STABLE_DETAILS.legalName, cvr: "12345678", logo: null });
    expect(doc.buyer).toMatchObject({ kind: "person", name: "Owner 00", reference: "1" });
    expect(documentTotals(doc).totalOere).toBe(invoice.totalOere);
    const mail = await listQueuedMail({ kind: "invoice" });
    expect(mail).toHaveLength(1);
    expect(mail[0]).toMatchObject({ id: invoice.mailId, toAddress: doc.buyer.email });

    expect(await issueInvoices([id!])).toEqual([{ id, outcome: "already-issued", number: "1" }]);
    expect(await listQueuedMail({ kind: "invoice" })).toHaveLength(1);
    expect(await series()).toBe(2);
    const { entries } = await listActivity({ kind: "issue" });
    expect(entries.map((e) => [e.summary, e.actorEmail])).toEqual([
      [`Invoice 1 issued: Owner 00, ${formatDkk(1743750)}`, "admin@stald.dk"],
    ]);
  });

  it("refuses a draft whose document is not fit, without using a number, and issues the others in order", async () => {
    const ids = await drafts(2);
    // An owner without billing details: the buyer's address is missing.
    const bare = await createOwner({ horseIds: [(await testHorse("Link")).id], name: "Bare" });
    await horseInTraining("Bare's horse", [{ ownerId: bare.id, hundredths: 10000 }]);
    await runMonthlyDrafts({ month: "2026-01", now: FEB_1 });
    const all = await listInvoices({ state: "draft" });
    const bareDraft = all.find((d) => d.ownerId === bare.id)!;
    const results = await issueInvoices([bareDraft.id, ...ids], { now: FEB_1 });
    expect(results[0]).toMatchObject({ outcome: "refused" });
    expect(results[0]!.outcome === "refused" && results[0]!.problems).toContain(
      "the buyer's address needs a street, postal code and city",
    );
    expect(results.slice(1).map((r) => r.outcome === "issued" && r.number)).toEqual(["1", "2"]);
    expect(await series()).toBe(3);
    expect((await getInvoice(bareDraft.id))!.state).toBe("draft");
  });

  it("refuses every change to an issued invoice, in the model and in the database", async () => {
    const [id] = await drafts(1);
    await issueInvoices([id!], { now: FEB_1 });
    const invoice = (await getInvoice(id!))!;
    const line = invoice.lines[0]!;
    await expect(updateDraftLine(line.id, { description: "Changed" })).rejects.toThrow(IssuedInvoiceError);
    await expect(removeDraftLine(line.id)).rejects.toThrow(IssuedInvoiceError);
    await expect(deleteDraft(id!)).rejects.toThrow(IssuedInvoiceError);
    await expect(
      addDraftLine(id!, { description: "More", quantity: "1", unit: "piece", unitPriceOere: 100, vat: "standard" }),
    ).rejects.toThrow(IssuedInvoiceError);
    await expect(db().updateTable("invoices").set({ total_oere: 1 }).where("id", "=", id!).execute()).rejects.toThrow(
      /cannot be changed/,
    );
    await expect(db().deleteFrom("invoice_lines").where("invoice_id", "=", id!).execute()).rejects.toThrow(
      /lines of an issued/,
    );
    expect(await getInvoice(id!)).toEqual(invoice);
  });

  it("keeps a cost billed on an issued invoice as it was billed", async () => {
    await setUpStable();
    const anna = await billedOwner("Anna Holm");
    const nordlys = await horseInTraining("Nordlys", [{ ownerId: anna.id, hundredths: 10000 }]);
    const input = {
      date: "2026-01-12",
      category: "vet" as const,
      description: "Scanning",
      amountOere: 125000,
      vat: "standard" as const,
      passedOn: true,
      planned: false,
      horses: [{ horseId: nordlys.id }],
    };
    const cost = await createCost(input);
    await runMonthlyDrafts({ month: "2026-01", now: FEB_1 });
    // Still a draft: the change goes through and leaves the draft to the next run.
    expect(await updateCost(cost.id, { ...input, amountOere: 130000 })).toEqual({ replacedReceiptKey: null });
    await runMonthlyDrafts({ month: "2026-01", now: FEB_1 });
    const [draft] = await listInvoices({ ownerId: anna.id });
    expect(draft!.lines.find((l) => l.source === "cost")!.netOere).toBe(130000);
    await issueInvoices([draft!.id], { now: FEB_1 });
    await expect(updateCost(cost.id, input)).rejects.toThrow(CostBilledError);
  });

  it("numbers 20 drafts issued at once 1 to 20, each once, with no gap (each issued twice at the same time)", async () => {
    const ids = await drafts(20);
    const results = await Promise.all([...ids, ...ids].map((id) => issueInvoices([id], { now: FEB_1 })));
    const issued = results.flat().filter((r) => r.outcome === "issued");
    expect(issued).toHaveLength(20);
    expect(new Set(issued.map((r) => r.id)).size).toBe(20);
    expect(results.flat().filter((r) => r.outcome === "already-issued")).toHaveLength(20);
    expect(await issuedSeqs()).toEqual(oneTo(20));
    expect(issued.map((r) => r.outcome === "issued" && Number(r.number)).sort((a, b) => Number(a) - Number(b))).toEqual(
      oneTo(20),
    );
    expect(await series()).toBe(21);
    expect(await listQueuedMail({ kind: "invoice" })).toHaveLength(20);
  });

  it("keeps the numbers gapless when the process issuing them is killed part-way, and goes on from there", async () => {
    const ids = await drafts(12);
    const where =
      engine() === "postgres" ? { DATABASE_URL: await pgUrl() } : { BILLING_SQLITE_FILE: await sqliteFile() };
    const lines: string[] = [];
    const child = spawn(process.execPath, ["--import", "tsx", "tests/billing-instance.ts", ...ids], {
      cwd: path.resolve(import.meta.dirname, "../.."),
      env: { ...process.env, ...where },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let errors = "";
    child.stderr.on("data", (chunk: Buffer) => (errors += chunk.toString()));
    const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
    await new Promise<void>((resolve, reject) => {
      let buffered = "";
      child.stdout.on("data", (chunk: Buffer) => {
        buffered += chunk.toString();
        const parts = buffered.split("\n");
        buffered = parts.pop()!;
        lines.push(...parts);
        // Killed while it goes on to the next invoice, without a chance to finish anything.
        if (lines.filter((l) => l.startsWith("issued")).length >= 3) {
          child.kill("SIGKILL");
          resolve();
        }
      });
      void exited.then(() => reject(new Error(`the instance ended first: ${lines.join("\n")}\n${errors}`)));
    });
    await exited;
    const seqs = await issuedSeqs();
    expect(seqs.length).toBeGreaterThanOrEqual(3);
    expect(seqs.length).toBeLessThan(12);
    expect(seqs).toEqual(oneTo(seqs.length));
    expect(await series()).toBe(seqs.length + 1);
    expect(await listQueuedMail({ kind: "invoice" })).toHaveLength(seqs.length);

    const rest = await issueInvoices(ids, { now: FEB_1 });
    expect(rest.filter((r) => r.outcome === "issued")).toHaveLength(12 - seqs.length);
    expect(await issuedSeqs()).toEqual(oneTo(12));
    expect(await listQueuedMail({ kind: "invoice" })).toHaveLength(12);
  });
});

/** The test database's address, for another process. */
async function pgUrl() {
  const { rows } = await sql<{ name: string }>`select current_database() as name`.execute(db());
  const url = new URL(TEST_DATABASE_URL!);
  url.pathname = `/${rows[0]!.name}`;
  return url.toString();
}

async function sqliteFile() {
  const { rows } = await sql<{ file: string }>`select file from pragma_database_list where name = 'main'`.execute(db());
  return rows[0]!.file;
}

describe("credit notes", () => {
  async function issuedInvoice() {
    await setUpStable();
    const anna = await billedOwner("Anna Holm", { company: true, language: "en" });
    const nordlys = await horseInTraining("Nordlys", [{ ownerId: anna.id, hundredths: 10000 }]);
    await passedOnCost(
      { date: "2026-01-12", category: "vet", description: "Scanning", amountOere: 125001, vat: "standard" },
      [nordlys.id],
    );
    await passedOnCost(
      { date: "2026-01-18", category: "entry-fee", description: "Klampenborg", amountOere: 60000, vat: "outlay" },
      [nordlys.id],
    );
    await runMonthlyDrafts({ month: "2026-01", now: FEB_1 });
    const [draft] = await listInvoices({ ownerId: anna.id });
    await issueInvoices([draft!.id], { now: FEB_1 });
    return (await getInvoice(draft!.id))!;
  }

  it("reverses an invoice exactly: the same lines, the same amounts and VAT, the invoice then credited", async () => {
    const invoice = await issuedInvoice();
    const admin = await createUser({ email: "admin@stald.dk", admin: true });
    const note = await runAs({ userId: admin.id, email: admin.email, via: "dashboard" }, () =>
      issueCreditNote(invoice.id, { note: "Billed twice", now: new Date("2026-02-10T09:00:00Z") }),
    );
    expect(note).toMatchObject({ number: "2" });
    const credit = (await getInvoice(note!.id))!;
    expect(credit).toMatchObject({
      kind: "credit-note",
      state: "issued",
      creditedInvoiceId: invoice.id,
      issueDate: "2026-02-10",
      netOere: invoice.netOere,
      vatOere: invoice.vatOere,
      totalOere: invoice.totalOere,
      note: "Billed twice",
      period: invoice.period,
      buyer: invoice.buyer,
    });
    expect(credit.lines.map((l) => [l.creditsLineId, l.netOere, l.vat, l.description])).toEqual(
      invoice.lines.map((l) => [l.id, l.netOere, l.vat, l.description]),
    );
    const doc = issuedDocument(credit, invoice);
    expect(documentProblems(doc)).toEqual([]);
    expect(doc.creditedInvoice).toEqual({ number: "1", issueDate: "2026-02-01" });
    expect((await standings([invoice.id], "2026-03-01")).get(invoice.id)).toMatchObject({
      status: "credited",
      outstandingOere: 0,
      creditedOere: invoice.totalOere,
    });
    const { entries } = await listActivity({ kind: "credit" });
    expect(entries.map((e) => [e.summary, e.entityId, e.actorEmail])).toEqual([
      [`Credit note 2 issued for invoice 1: Anna Holm ApS, ${formatDkk(invoice.totalOere!)}`, invoice.id, admin.email],
    ]);
    await expect(issueCreditNote(invoice.id)).rejects.toThrow(NotCreditableError);
    await expect(issueCreditNote(credit.id)).resolves.toBeNull();
    expect(await listQueuedMail({ kind: "invoice" })).toHaveLength(2);
  });

  it("credits the chosen lines only, each once, with VAT per rate on what it credits", async () => {
    const invoice = await issuedInvoice();
    const vet = invoice.lines.find((l) => l.description.startsWith("Vet"))!;
    const entry = invoice.lines.find((l) => l.vat === "outlay")!;
    const note = await issueCreditNote(invoice.id, { lineIds: [vet.id, entry.id], now: FEB_1 });
    const credit = (await getInvoice(note!.id))!;
    // 1.250,01 kr. at 25 %: 312,50 kr. VAT (312,5025 rounded once); the outlay none.
    expect(credit).toMatchObject({ netOere: 185001, vatOere: 31250, totalOere: 216251 });
    await expect(issueCreditNote(invoice.id, { lineIds: [vet.id] })).rejects.toThrow(/already-credited/);
    await expect(issueCreditNote(invoice.id, { lineIds: ["no-such-line"] })).rejects.toThrow(/unknown-line/);
    const standing = (await standings([invoice.id], "2026-02-02")).get(invoice.id)!;
    expect(standing).toMatchObject({ status: "due", creditedOere: 216251 });
    expect(standing.outstandingOere).toBe(invoice.totalOere! - 216251);
    const rest = invoice.lines.filter((l) => l.id !== vet.id && l.id !== entry.id).map((l) => l.id);
    await issueCreditNote(invoice.id, { lineIds: rest, now: FEB_1 });
    expect((await standings([invoice.id], "2026-02-02")).get(invoice.id)!.status).toBe("credited");
  });

  it("credits only an issued invoice", async () => {
    const [id] = await drafts(1);
    await expect(issueCreditNote(id!)).rejects.toThrow(/not-issued/);
    expect(await issueCreditNote("no-such-invoice")).toBeNull();
  });
});

describe("payments", () => {
  it("take an invoice from due to part-paid to paid, overdue past its due date, never beyond what is left", async () => {
    const [id] = await drafts(1);
    await issueInvoices([id!], { now: FEB_1 });
    const total = (await getInvoice(id!))!.totalOere!;
    const at = async (today: string) => (await standings([id!], today)).get(id!)!;
    expect(await at("2026-02-15")).toMatchObject({ status: "due", outstandingOere: total, overdue: false });
    expect(await at("2026-02-16")).toMatchObject({ status: "overdue", overdue: true });

    const admin = await createUser({ email: "admin@stald.dk", admin: true });
    const part = await runAs({ userId: admin.id, email: admin.email, via: "dashboard" }, () =>
      recordPayment(id!, { paidOn: "2026-02-10", amountOere: 1000000 }),
    );
    expect(part!.standing).toMatchObject({ status: "part-paid", paidOere: 1000000, outstandingOere: total - 1000000 });
    expect(await at("2026-02-20")).toMatchObject({ status: "overdue", outstandingOere: total - 1000000 });
    await expect(recordPayment(id!, { paidOn: "2026-02-20", amountOere: total })).rejects.toThrow(InvalidPaymentError);
    await expect(recordPayment(id!, { paidOn: "2026-02-31", amountOere: 1 })).rejects.toThrow(/date/);
    await expect(recordPayment(id!, { paidOn: "2026-02-20", amountOere: 0 })).rejects.toThrow(/amount/);
    const rest = await recordPayment(id!, { paidOn: "2026-02-20", amountOere: total - 1000000 });
    expect(rest!.standing).toMatchObject({ status: "paid", outstandingOere: 0, paidOere: total });
    expect((await paymentsOf(id!)).map((p) => [p.paidOn, p.amountOere])).toEqual([
      ["2026-02-10", 1000000],
      ["2026-02-20", total - 1000000],
    ]);
    const { entries } = await listActivity({ kind: "payment" });
    expect(entries.map((e) => e.summary)).toEqual([
      `Payment recorded for invoice 1: Owner 00, ${formatDkk(1000000)} on 2026-02-10, ${formatDkk(743750)} left`,
    ]);
  });

  it("are refused for a draft", async () => {
    const [id] = await drafts(1);
    await expect(recordPayment(id!, { paidOn: "2026-02-10", amountOere: 100 })).rejects.toThrow(/not-issued/);
    expect(await recordPayment("nothing", { paidOn: "2026-02-10", amountOere: 100 })).toBeNull();
  });
});
