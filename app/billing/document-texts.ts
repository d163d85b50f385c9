import type { DocumentLang, DocumentLine, InvoiceDocument } from "./invoice-document";

/**
 * The words of the invoice documents in both languages. Numbers and amounts are written the Danish
 * way in both (1.234,50), as everywhere on the site; dates in the document's language.
 */

/** 123450 -> "1.234,50"; whole øre, no floating point. */
export function formatOere(oere: number) {
  const abs = Math.abs(oere);
  const kroner = Math.trunc(abs / 100);
  const rest = String(abs % 100).padStart(2, "0");
  return `${oere < 0 ? "-" : ""}${groupThousands(String(kroner))},${rest}`;
}

/** Decimal text with a point as Danish text: "1234.5" -> "1.234,5". */
export function formatDecimal(text: string) {
  const negative = text.startsWith("-");
  const [whole = "0", fraction] = (negative ? text.slice(1) : text).split(".");
  return `${negative ? "-" : ""}${groupThousands(whole)}${fraction ? `,${fraction}` : ""}`;
}

function groupThousands(digits: string) {
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, ".");
}

const longDate = {
  en: new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" }),
  da: new Intl.DateTimeFormat("da-DK", { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" }),
};
const shortDate = {
  en: new Intl.DateTimeFormat("en-GB", { day: "2-digit", month: "2-digit", year: "numeric", timeZone: "UTC" }),
  da: new Intl.DateTimeFormat("da-DK", { day: "2-digit", month: "2-digit", year: "numeric", timeZone: "UTC" }),
};

/** "2026-01-31" -> "31 January 2026" / "31. januar 2026". */
export function formatLongDate(iso: string, lang: DocumentLang) {
  return longDate[lang].format(new Date(`${iso}T00:00:00Z`));
}

/** "2026-01-31" -> "31/01/2026" / "31.01.2026". */
export function formatShortDate(iso: string, lang: DocumentLang) {
  return shortDate[lang].format(new Date(`${iso}T00:00:00Z`));
}

export function formatPeriod(period: { start: string; end: string }, lang: DocumentLang, format = formatLongDate) {
  return period.start === period.end
    ? format(period.start, lang)
    : `${format(period.start, lang)} – ${format(period.end, lang)}`;
}

const en = {
  invoice: "Invoice",
  creditNote: "Credit note",
  number: { invoice: "Invoice no.", "credit-note": "Credit note no." },
  issueDate: { invoice: "Date of issue", "credit-note": "Date of issue" },
  deliveryPeriod: "Delivery period",
  dueDate: "Due date",
  customerReference: "Customer reference",
  cvr: "CVR no.",
  billTo: { invoice: "Bill to", "credit-note": "Customer" },
  credits: (number: string, date: string) => `This credit note credits invoice no. ${number} of ${date}.`,
  creditedInvoice: "Credits invoice",
  services: "Services",
  outlays: "Outlays (no VAT)",
  outlaysExplained: "Outlays were paid in your name and for your account; they are passed on at cost and carry no VAT.",
  description: "Description",
  quantity: "Quantity",
  share: "Share",
  unitPrice: "Unit price",
  vat: "VAT",
  amount: "Amount DKK",
  unit: (unit: DocumentLine["unit"], quantity: string): string =>
    unit === "day" ? (quantity === "1" ? "day" : "days") : "pc.",
  netAtRate: (rate: number) => `Net amount at ${rate} % VAT`,
  vatAtRate: (rate: number) => `VAT ${rate} %`,
  outlaysTotal: "Outlays, no VAT",
  total: { invoice: "Total DKK", "credit-note": "Total credited DKK" },
  payment: "Payment",
  payBy: (amount: string, date: string) => `Please pay DKK ${amount} no later than ${date} to`,
  bankAccount: (regNo: string, accountNo: string) => `Reg. no. ${regNo}, account no. ${accountNo}`,
  paymentReference: (reference: string) => `Please state the reference ${reference} with your payment.`,
  creditSettled: "The credited amount is set off against your account or paid back to you.",
  paymentTerms: (date: string) => `Payment due ${date}.`,
  page: (page: number, pages: number) => `Page ${page} of ${pages}`,
  horse: "Horse",
  outlayReason: "Outlay paid in the customer's name and for the customer's account (Danish VAT Act § 27(3)(3))",
  countries: { DK: "Denmark" } as Record<string, string>,
};

type DocumentTexts = typeof en;

const da: DocumentTexts = {
  invoice: "Faktura",
  creditNote: "Kreditnota",
  number: { invoice: "Fakturanr.", "credit-note": "Kreditnotanr." },
  issueDate: { invoice: "Fakturadato", "credit-note": "Dato" },
  deliveryPeriod: "Leveringsperiode",
  dueDate: "Forfaldsdato",
  customerReference: "Kundereference",
  cvr: "CVR-nr.",
  billTo: { invoice: "Faktureres til", "credit-note": "Kunde" },
  credits: (number, date) => `Denne kreditnota krediterer faktura nr. ${number} af ${date}.`,
  creditedInvoice: "Krediterer faktura",
  services: "Ydelser",
  outlays: "Udlæg (uden moms)",
  outlaysExplained: "Udlæg er betalt i dit navn og for din regning; de viderefaktureres til kostpris og er uden moms.",
  description: "Beskrivelse",
  quantity: "Antal",
  share: "Andel",
  unitPrice: "Enhedspris",
  vat: "Moms",
  amount: "Beløb DKK",
  unit: (unit, quantity) => (unit === "day" ? (quantity === "1" ? "dag" : "dage") : "stk."),
  netAtRate: (rate) => `Nettobeløb med ${rate} % moms`,
  vatAtRate: (rate) => `Moms ${rate} %`,
  outlaysTotal: "Udlæg uden moms",
  total: { invoice: "I alt DKK", "credit-note": "Krediteret i alt DKK" },
  payment: "Betaling",
  payBy: (amount, date) => `Beløbet DKK ${amount} betales senest ${date} til`,
  bankAccount: (regNo, accountNo) => `Reg.nr. ${regNo}, kontonr. ${accountNo}`,
  paymentReference: (reference) => `Angiv venligst referencen ${reference} ved betalingen.`,
  creditSettled: "Det krediterede beløb modregnes i dit mellemværende eller betales tilbage til dig.",
  paymentTerms: (date) => `Betales senest ${date}.`,
  page: (page, pages) => `Side ${page} af ${pages}`,
  horse: "Hest",
  outlayReason: "Udlæg afholdt i kundens navn og for kundens regning (momsloven § 27, stk. 3, nr. 3)",
  countries: { DK: "Danmark" },
};

export const DOCUMENT_TEXTS: Record<DocumentLang, DocumentTexts> = { en, da };

export function textsOf(doc: Pick<InvoiceDocument, "language">) {
  return DOCUMENT_TEXTS[doc.language];
}

/** A country's name in the document's language, or its code. */
export function countryName(code: string, lang: DocumentLang) {
  return DOCUMENT_TEXTS[lang].countries[code] ?? code;
}

/** "33.33" -> "33,33 %". */
export function formatShare(sharePercent: string | null | undefined) {
  return `${formatDecimal(sharePercent ?? "100")} %`;
}
