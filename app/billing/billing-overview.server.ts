import { monthPeriod, previousMonth } from "~/models/billing-terms";
import { getIssuedByNumber, getInvoice, listInvoices, type Invoice, type InvoiceLine } from "~/models/invoice.server";
import {
  listOverdue,
  paymentsOf,
  standings,
  type OverdueInvoice,
  type Payment,
  type Standing,
} from "~/models/payment.server";
import { danishToday } from "~/racing/race-day";
import { documentFileName, documentTotals, type DocumentTotals } from "./invoice-document";
import { documentLineOf, issuedDocument, stableLogo } from "./invoice-record.server";
import { pdfFile, ublFile, type DocumentFile } from "./document-files.server";

/**
 * What the Billing tab shows for a month: the drafts with their totals (per owner, per horse and
 * for the stable), the documents issued for it with where each stands, the overdue invoices, and
 * one draft or document opened.
 */

/** The month a run on `today` bills, and the Billing tab opens at: the month just ended. */
export const monthJustEnded = (today = danishToday()) => previousMonth(today);

/** A draft's totals as its invoice would have them (VAT per rate, EN 16931). */
export function linesTotals(lines: readonly InvoiceLine[]): DocumentTotals {
  return documentTotals({ lines: lines.map(documentLineOf) });
}

export type DraftRow = Pick<Invoice, "id" | "ownerName" | "runMonth" | "period" | "note" | "edited" | "lines"> & {
  totals: DocumentTotals;
};

export type DocumentRow = Pick<
  Invoice,
  "id" | "kind" | "number" | "ownerName" | "issueDate" | "dueDate" | "creditedInvoiceId" | "period"
> & {
  totalOere: number;
  /** An invoice's standing today (a credit note has none). */
  standing: Standing | null;
  creditedNumber: string | null;
  fileName: string;
};

export type BillingOverview = {
  month: string;
  drafts: DraftRow[];
  /** Net per horse over the drafts shown, by horse name ("" for lines of no horse). */
  byHorse: { horse: string; netOere: number }[];
  stable: DocumentTotals;
  /** Drafts of other months still waiting, by month, so none stays unseen. */
  otherMonths: { month: string; drafts: number }[];
  documents: DocumentRow[];
  overdue: OverdueInvoice[];
};

const draftRow = (invoice: Invoice): DraftRow => ({
  id: invoice.id,
  ownerName: invoice.ownerName,
  runMonth: invoice.runMonth,
  period: invoice.period,
  note: invoice.note,
  edited: invoice.edited,
  lines: invoice.lines,
  totals: linesTotals(invoice.lines),
});

/** The month a draft belongs to: its run's, or (one of the administrator's own) its period's start. */
const draftMonth = (d: Pick<Invoice, "runMonth" | "period">) => d.runMonth ?? d.period.start.slice(0, 7);

/** The drafts of a month, each with its lines. */
export async function draftsOf(month: string) {
  return (await listInvoices({ state: "draft", kind: "invoice" })).filter((d) => draftMonth(d) === month);
}

/** The month's overview: its drafts, and how many wait in other months. */
export async function billingOverview(month: string, today = danishToday()): Promise<BillingOverview> {
  const period = monthPeriod(month);
  const [allDrafts, issued, overdue] = await Promise.all([
    listInvoices({ state: "draft" }),
    listInvoices({ state: "issued", periodFrom: period.start, periodTo: period.end }),
    listOverdue(today, { limit: 200 }),
  ]);
  const standing = await standings(
    issued.filter((i) => i.kind === "invoice").map((i) => i.id),
    today,
  );
  const numbers = new Map(issued.map((i) => [i.id, i.number]));
  for (const note of issued) {
    const id = note.creditedInvoiceId;
    if (id && !numbers.has(id)) numbers.set(id, (await getInvoice(id))?.number ?? null);
  }
  const drafts = allDrafts.filter((d) => draftMonth(d) === month);
  const others = new Map<string, number>();
  for (const d of allDrafts)
    if (draftMonth(d) !== month) others.set(draftMonth(d), (others.get(draftMonth(d)) ?? 0) + 1);
  const horses = new Map<string, number>();
  for (const line of drafts.flatMap((d) => d.lines)) {
    const key = line.horseName ?? "";
    horses.set(key, (horses.get(key) ?? 0) + line.netOere);
  }
  return {
    month,
    drafts: drafts.map(draftRow),
    byHorse: [...horses]
      .map(([horse, netOere]) => ({ horse, netOere }))
      .sort((a, b) => (a.horse === "" ? 1 : b.horse === "" ? -1 : a.horse.localeCompare(b.horse, "da"))),
    stable: linesTotals(drafts.flatMap((d) => d.lines)),
    otherMonths: [...others].sort(([a], [b]) => a.localeCompare(b)).map(([m, n]) => ({ month: m, drafts: n })),
    documents: issued.map((i) => ({
      id: i.id,
      kind: i.kind,
      number: i.number,
      ownerName: i.ownerName,
      issueDate: i.issueDate,
      dueDate: i.dueDate,
      creditedInvoiceId: i.creditedInvoiceId,
      period: i.period,
      totalOere: i.totalOere ?? 0,
      standing: standing.get(i.id) ?? null,
      creditedNumber: i.creditedInvoiceId ? (numbers.get(i.creditedInvoiceId) ?? null) : null,
      fileName: documentFileName({ kind: i.kind, number: i.number!, language: i.language! }),
    })),
    overdue,
  };
}

export type OpenDocument = {
  invoice: Invoice;
  standing: Standing | null;
  payments: Payment[];
  /** The ids of its lines a credit note has credited. */
  creditedLineIds: string[];
};

/** An issued document opened on the tab: its lines, payments and which lines are credited. */
export async function openDocument(id: string, today = danishToday()): Promise<OpenDocument | null> {
  const invoice = await getInvoice(id);
  if (!invoice || invoice.state !== "issued") return null;
  const [standing, payments, notes] = await Promise.all([
    standings([id], today),
    paymentsOf(id),
    listInvoices({ kind: "credit-note", state: "issued", ownerId: invoice.ownerId }),
  ]);
  const ids = new Set(invoice.lines.map((l) => l.id));
  const creditedLineIds = notes
    .flatMap((n) => n.lines)
    .map((l) => l.creditsLineId)
    .filter((lineId): lineId is string => !!lineId && ids.has(lineId));
  return { invoice, standing: standing.get(id) ?? null, payments, creditedLineIds };
}

/** A draft opened on the tab. */
export async function openDraft(id: string): Promise<DraftRow | null> {
  const invoice = await getInvoice(id);
  return invoice && invoice.state === "draft" ? draftRow(invoice) : null;
}

/** An issued document's PDF or e-invoice as a file, by its number; null: no such document. */
export async function documentFile(number: string, format: "pdf" | "xml"): Promise<DocumentFile | null> {
  const invoice = await getIssuedByNumber(number);
  if (!invoice) return null;
  const credited = invoice.creditedInvoiceId ? await getInvoice(invoice.creditedInvoiceId) : null;
  if (format === "xml") return ublFile(issuedDocument(invoice, credited));
  return pdfFile(issuedDocument(invoice, credited, await stableLogo()));
}
