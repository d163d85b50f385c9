/**
 * An issued invoice or credit note as its documents (PDF, UBL e-invoice) show it: plain data, no
 * database. Billing builds one from the stored, immutable record; everything here is a pure function
 * of it, so a document rebuilt later is the same document. Money is integer øre throughout.
 */

export type DocumentLang = "en" | "da";

/** ISO 3166-1 alpha-2 country code, e.g. "DK". */
export type PostalAddress = { street: string; postalCode: string; city: string; countryCode: string };

export type Seller = {
  legalName: string;
  address: PostalAddress;
  /** 8 digits; also the seller's Peppol endpoint (scheme 0184) and, with "DK", its VAT number. */
  cvr: string;
  email: string;
  phone?: string | null;
  bank: { regNo: string; accountNo: string; iban?: string | null; bic?: string | null };
  /** Any image sharp reads (PNG, JPEG, WebP, SVG…), drawn on the PDF only; one it cannot read is left out. */
  logo?: Uint8Array | null;
};

export type Buyer = {
  kind: "person" | "company";
  name: string;
  address: PostalAddress;
  email: string;
  /** A company's CVR (8 digits): its Peppol endpoint (scheme 0184) and legal id. Ignored for a person. */
  cvr?: string | null;
  /** The buyer reference (BT-10), e.g. the owner account's number. */
  reference: string;
};

/** "standard": 25 % Danish VAT. "outlay": udlæg paid in the owner's name, no VAT, listed apart (decision 0276). */
export type VatTreatment = "standard" | "outlay";

export type DocumentLine = {
  /** In the document's language. */
  description: string;
  horseName?: string | null;
  /** ISO dates, inclusive, inside the document's delivery period. */
  period?: { start: string; end: string } | null;
  /** Decimal text with a point, e.g. "15" or "4.5": the whole quantity supplied (before any share). */
  quantity: string;
  /** UN/ECE rec. 20: DAY / C62. */
  unit: "day" | "piece";
  /** Integer øre, net of VAT, never negative (a negative line has a negative quantity). */
  unitPriceOere: number;
  /**
   * The buyer's share of the line in percent with at most two decimals, e.g. "33.33"; absent or
   * null: all of it. The billed quantity is quantity × share (decision 0277).
   */
  sharePercent?: string | null;
  /** Integer øre, the line's net amount (authoritative): within 1 øre of quantity × share × unit price. */
  netOere: number;
  vat: VatTreatment;
};

export type InvoiceDocument = {
  kind: "invoice" | "credit-note";
  /** The gapless series' number as text. */
  number: string;
  issueDate: string;
  /** Invoices: when payment is due. Credit notes carry it too but their documents do not ask for payment. */
  dueDate: string;
  deliveryPeriod: { start: string; end: string };
  language: DocumentLang;
  seller: Seller;
  buyer: Buyer;
  /** Credit notes: positive amounts, as UBL CreditNote wants. */
  lines: DocumentLine[];
  /** Credit notes only: the invoice they credit. */
  creditedInvoice?: { number: string; issueDate: string } | null;
  /** What the buyer writes on the payment; the number when absent. */
  paymentReference?: string | null;
  note?: string | null;
};

export type VatBreakdown = { vat: VatTreatment; ratePercent: number; taxableOere: number; vatOere: number };
export type DocumentTotals = { breakdown: VatBreakdown[]; netOere: number; vatOere: number; totalOere: number };

/** The Danish standard VAT rate (momsloven § 33). */
export const STANDARD_VAT_PERCENT = 25;

const RATE: Record<VatTreatment, number> = { standard: STANDARD_VAT_PERCENT, outlay: 0 };

/** n × percent / 100, rounded half away from zero to the øre. */
function percentOf(oere: bigint, percent: number) {
  const scaled = oere * BigInt(percent);
  const whole = scaled / 100n;
  const rest = scaled % 100n;
  const abs = rest < 0n ? -rest : rest;
  return abs * 2n >= 100n ? whole + (scaled < 0n ? -1n : 1n) : whole;
}

/**
 * VAT per rate as EN 16931 computes it: each rate's taxable amount is the sum of its lines' net
 * amounts (BR-S-08, BR-E-08), its VAT that sum times the rate, rounded to the øre once (BR-CO-17,
 * BR-E-09: none on outlays), never line by line; the totals are their sums (BR-CO-10, -13, -14, -15).
 */
export function documentTotals(doc: Pick<InvoiceDocument, "lines">): DocumentTotals {
  const breakdown: VatBreakdown[] = [];
  for (const vat of ["standard", "outlay"] as const) {
    const lines = doc.lines.filter((line) => line.vat === vat);
    if (lines.length === 0) continue;
    const taxable = lines.reduce((sum, line) => sum + BigInt(line.netOere), 0n);
    breakdown.push({
      vat,
      ratePercent: RATE[vat],
      taxableOere: Number(taxable),
      vatOere: Number(percentOf(taxable, RATE[vat])),
    });
  }
  const netOere = breakdown.reduce((sum, b) => sum + b.taxableOere, 0);
  const vatOere = breakdown.reduce((sum, b) => sum + b.vatOere, 0);
  return { breakdown, netOere, vatOere, totalOere: netOere + vatOere };
}

/** A decimal as an integer and its number of decimals: "4.50" -> { digits: 450n, scale: 2 }. */
type Decimal = { digits: bigint; scale: number };

const DECIMAL = /^-?\d{1,9}(\.\d{1,6})?$/;
const SHARE = /^\d{1,3}(\.\d{1,2})?$/;

function decimal(text: string): Decimal {
  const [whole, fraction = ""] = text.split(".");
  return { digits: BigInt(`${whole}${fraction}`), scale: fraction.length };
}

function decimalText({ digits, scale }: Decimal) {
  const negative = digits < 0n;
  const padded = (negative ? -digits : digits).toString().padStart(scale + 1, "0");
  const whole = padded.slice(0, padded.length - scale);
  const fraction = padded.slice(padded.length - scale).replace(/0+$/, "");
  return `${negative ? "-" : ""}${whole}${fraction ? `.${fraction}` : ""}`;
}

/** The share as a fraction: "33.33" -> 0.3333 (exact). */
function shareFraction(line: Pick<DocumentLine, "sharePercent">): Decimal {
  if (!line.sharePercent) return { digits: 1n, scale: 0 };
  const share = decimal(line.sharePercent);
  return { digits: share.digits, scale: share.scale + 2 };
}

/** The quantity the buyer is billed for: quantity × share, exact ("15" at "33.33" % -> "4.9995"). */
export function billedQuantity(line: Pick<DocumentLine, "quantity" | "sharePercent">): string {
  const quantity = decimal(line.quantity);
  const share = shareFraction(line);
  return decimalText({ digits: quantity.digits * share.digits, scale: quantity.scale + share.scale });
}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

export function isIsoDate(value: string) {
  const m = ISO_DATE.exec(value);
  if (!m) return false;
  const date = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return date.toISOString().slice(0, 10) === value;
}

const CVR = /^\d{8}$/;
const COUNTRY = /^[A-Z]{2}$/;
const blank = (text: string | null | undefined) => !text || text.trim() === "";

function addressProblems(who: string, address: PostalAddress) {
  const problems: string[] = [];
  if (blank(address.street) || blank(address.postalCode) || blank(address.city)) {
    problems.push(`${who}'s address needs a street, postal code and city`);
  }
  if (!COUNTRY.test(address.countryCode)) problems.push(`${who}'s country code is not ISO 3166-1 alpha-2`);
  return problems;
}

function lineProblems(line: DocumentLine, index: number, doc: InvoiceDocument) {
  const at = `line ${index + 1}`;
  const problems: string[] = [];
  if (blank(line.description)) problems.push(`${at} has no description`);
  if (!DECIMAL.test(line.quantity) || decimal(line.quantity).digits === 0n) {
    problems.push(`${at}: the quantity is not a non-zero decimal`);
  }
  if (line.sharePercent != null) {
    const share = SHARE.test(line.sharePercent) ? decimal(line.sharePercent) : null;
    if (!share || share.digits <= 0n || share.digits > 100n * 10n ** BigInt(share.scale)) {
      problems.push(`${at}: the share is not a percentage above 0 and at most 100 with two decimals`);
    }
  }
  if (!Number.isSafeInteger(line.unitPriceOere) || line.unitPriceOere < 0) {
    problems.push(`${at}: the unit price is not a whole, non-negative number of øre`);
  }
  if (!Number.isSafeInteger(line.netOere)) problems.push(`${at}: the net amount is not a whole number of øre`);
  if (line.period) {
    const { start, end } = line.period;
    if (!isIsoDate(start) || !isIsoDate(end) || start > end)
      problems.push(`${at}: the period is not two dates in order`);
    else if (start < doc.deliveryPeriod.start || end > doc.deliveryPeriod.end) {
      problems.push(`${at}: the period is outside the delivery period`);
    }
  }
  if (problems.length === 0) {
    // quantity × share × unit price, exact, against the net amount: at most 1 øre apart.
    const billed = decimal(billedQuantity(line));
    const exact = billed.digits * BigInt(line.unitPriceOere);
    const net = BigInt(line.netOere) * 10n ** BigInt(billed.scale);
    const gap = exact > net ? exact - net : net - exact;
    if (gap > 10n ** BigInt(billed.scale)) {
      problems.push(`${at}: the net amount is more than 1 øre from quantity × share × unit price`);
    }
  }
  return problems;
}

/** What makes a document unfit to issue; empty when it is fit. */
export function documentProblems(doc: InvoiceDocument): string[] {
  const problems: string[] = [];
  if (blank(doc.number)) problems.push("the document has no number");
  for (const [name, date] of [
    ["issue date", doc.issueDate],
    ["due date", doc.dueDate],
    ["delivery period's start", doc.deliveryPeriod.start],
    ["delivery period's end", doc.deliveryPeriod.end],
  ] as const) {
    if (!isIsoDate(date)) problems.push(`the ${name} is not an ISO date`);
  }
  if (problems.length === 0) {
    if (doc.deliveryPeriod.start > doc.deliveryPeriod.end) problems.push("the delivery period ends before it starts");
    if (doc.kind === "invoice" && doc.dueDate < doc.issueDate) problems.push("the due date is before the issue date");
  }
  if (blank(doc.seller.legalName)) problems.push("the seller has no legal name");
  if (!CVR.test(doc.seller.cvr)) problems.push("the seller's CVR is not 8 digits");
  if (blank(doc.seller.email)) problems.push("the seller has no e-mail address");
  if (blank(doc.seller.bank.regNo) || blank(doc.seller.bank.accountNo)) {
    problems.push("the seller's bank needs a registration and an account number");
  }
  problems.push(...addressProblems("the seller", doc.seller.address));
  if (blank(doc.buyer.name)) problems.push("the buyer has no name");
  if (blank(doc.buyer.reference)) problems.push("the buyer has no reference");
  if (doc.buyer.kind === "company" && doc.buyer.cvr != null && !CVR.test(doc.buyer.cvr)) {
    problems.push("the buyer's CVR is not 8 digits");
  }
  problems.push(...addressProblems("the buyer", doc.buyer.address));
  if (doc.kind === "credit-note") {
    const credited = doc.creditedInvoice;
    if (!credited || blank(credited.number) || !isIsoDate(credited.issueDate)) {
      problems.push("a credit note names the invoice it credits, with its number and date");
    }
  } else if (doc.creditedInvoice) problems.push("only a credit note credits an invoice");
  if (doc.lines.length === 0) problems.push("the document has no lines");
  doc.lines.forEach((line, i) => problems.push(...lineProblems(line, i, doc)));
  if (problems.length === 0 && documentTotals(doc).totalOere < 0) {
    problems.push("the total is negative: that is a credit note's job");
  }
  return problems;
}

export class InvalidDocumentError extends Error {
  constructor(readonly problems: string[]) {
    super(`The document cannot be made: ${problems.join("; ")}`);
    this.name = "InvalidDocumentError";
  }
}

/** Throws InvalidDocumentError naming every problem; both documents are made only from a fit one. */
export function assertDocument(doc: InvoiceDocument) {
  const problems = documentProblems(doc);
  if (problems.length > 0) throw new InvalidDocumentError(problems);
}

/** The buyer's CVR when it is a company with one: its electronic address. */
export function buyerCvr(buyer: Buyer) {
  return buyer.kind === "company" && buyer.cvr ? buyer.cvr : null;
}

/** The file name of a document, without extension: "faktura-2026-0007", "credit-note-2026-0008". */
export function documentFileName(doc: Pick<InvoiceDocument, "kind" | "number" | "language">) {
  const word = {
    invoice: { en: "invoice", da: "faktura" },
    "credit-note": { en: "credit-note", da: "kreditnota" },
  }[doc.kind][doc.language];
  return `${word}-${doc.number.replace(/[^\w.-]+/g, "-")}`;
}
