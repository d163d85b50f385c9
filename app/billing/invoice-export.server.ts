import { recordActivity } from "~/models/activity.server";
import { isIsoDay, sharePercentText } from "~/models/billing-terms";
import { getInvoice, listInvoices, type Invoice } from "~/models/invoice.server";
import { standings } from "~/models/payment.server";
import { danishToday } from "~/racing/race-day";
import { csvLines } from "~/utils/csv";
import { buyerCvr, documentTotals, type Buyer } from "./invoice-document";
import { issuedDocument } from "./invoice-record.server";

/**
 * The issued invoices and credit notes of a period for the stable's accountant, as CSV (decision
 * 0285): one file with a row per document and its totals per VAT rate, one with a row per line.
 * Amounts are kroner with a point and two decimals ("1250.00"), as the documents have them (a
 * credit note's are positive; its type says what it is); dates are ISO.
 */

/** 125050 -> "1250.50", -5 -> "-0.05": whole øre as text, no floating point. */
export function amountText(oere: number) {
  const abs = Math.abs(oere);
  return `${oere < 0 ? "-" : ""}${Math.trunc(abs / 100)}.${String(abs % 100).padStart(2, "0")}`;
}

export type ExportPeriod = { from: string; to: string };

export class InvalidExportPeriodError extends Error {
  constructor() {
    super("The export needs two dates in order");
    this.name = "InvalidExportPeriodError";
  }
}

async function issuedIn(period: ExportPeriod) {
  if (!isIsoDay(period.from) || !isIsoDay(period.to) || period.from > period.to) throw new InvalidExportPeriodError();
  return listInvoices({ state: "issued", issuedFrom: period.from, issuedTo: period.to });
}

const TYPE = { invoice: "Invoice", "credit-note": "Credit note" } as const;
const buyerOf = (invoice: Invoice) => JSON.parse(invoice.buyer!) as Buyer;

export const DOCUMENT_COLUMNS = [
  "Number",
  "Type",
  "Issue date",
  "Due date",
  "Period start",
  "Period end",
  "Customer no.",
  "Customer",
  "Customer CVR",
  "Credits invoice",
  "Net at 25 % VAT",
  "VAT 25 %",
  "Outlays (no VAT)",
  "Total",
  "Paid",
  "Outstanding",
  "Status",
] as const;

/** A row per issued document in the period, by number, with its totals and where it stands today. */
export async function documentsCsv(period: ExportPeriod, today = danishToday()) {
  const invoices = await issuedIn(period);
  const numbers = new Map(invoices.map((i) => [i.id, i.number]));
  for (const note of invoices) {
    const id = note.creditedInvoiceId;
    if (id && !numbers.has(id)) numbers.set(id, (await getInvoice(id))?.number ?? null);
  }
  const standing = await standings(
    invoices.filter((i) => i.kind === "invoice").map((i) => i.id),
    today,
  );
  const rows = invoices.map((invoice) => {
    const totals = documentTotals(issuedDocument(invoice, null));
    const rate = (vat: "standard" | "outlay") => totals.breakdown.find((b) => b.vat === vat);
    const buyer = buyerOf(invoice);
    const now = standing.get(invoice.id);
    return [
      invoice.number,
      TYPE[invoice.kind],
      invoice.issueDate,
      invoice.kind === "invoice" ? invoice.dueDate : null,
      invoice.period.start,
      invoice.period.end,
      buyer.reference,
      buyer.name,
      buyerCvr(buyer),
      invoice.creditedInvoiceId ? (numbers.get(invoice.creditedInvoiceId) ?? null) : null,
      amountText(rate("standard")?.taxableOere ?? 0),
      amountText(rate("standard")?.vatOere ?? 0),
      amountText(rate("outlay")?.taxableOere ?? 0),
      amountText(invoice.totalOere!),
      now ? amountText(now.paidOere) : null,
      now ? amountText(now.outstandingOere) : null,
      now ? now.status : null,
    ];
  });
  return csvLines([[...DOCUMENT_COLUMNS], ...rows]);
}

export const LINE_COLUMNS = [
  "Number",
  "Type",
  "Issue date",
  "Customer no.",
  "Customer",
  "Line",
  "Description",
  "Horse",
  "Period start",
  "Period end",
  "Quantity",
  "Unit",
  "Share %",
  "Unit price",
  "Net",
  "VAT %",
  "VAT category",
] as const;

/** A row per line of every issued document in the period: what was billed, to whom, at which VAT. */
export async function linesCsv(period: ExportPeriod) {
  const invoices = await issuedIn(period);
  const rows = invoices.flatMap((invoice) => {
    const buyer = buyerOf(invoice);
    return invoice.lines.map((line, index) => [
      invoice.number,
      TYPE[invoice.kind],
      invoice.issueDate,
      buyer.reference,
      buyer.name,
      index + 1,
      line.description,
      line.horseName,
      line.period?.start ?? null,
      line.period?.end ?? null,
      line.quantity,
      line.unit === "day" ? "days" : "pcs",
      sharePercentText(line.shareHundredths ?? 10000),
      amountText(line.unitPriceOere),
      amountText(line.netOere),
      line.vat === "standard" ? "25" : "0",
      line.vat === "standard" ? "S" : "E (outlay)",
    ]);
  });
  return csvLines([[...LINE_COLUMNS], ...rows]);
}

/** Both files of the period for the administrator's download, logged (how many, not what). */
export async function exportForAccountant(period: ExportPeriod) {
  const [documents, lines] = await Promise.all([documentsCsv(period), linesCsv(period)]);
  const count = documents.split("\r\n").length - 2;
  await recordActivity({
    kind: "export",
    entity: "invoice",
    summary: `Exported invoices and credit notes ${period.from} to ${period.to} (${count})`,
  });
  return { documents, lines };
}
