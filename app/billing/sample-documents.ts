import type { Buyer, DocumentLine, InvoiceDocument, Seller } from "./invoice-document";

/**
 * A set of documents covering every variant the stable issues: private and company owners,
 * invoices and credit notes, with and without outlays, several horses, shares such as 33,33 %, a
 * sale mid-month, both languages. The tests run on them, and `npm run invoice:samples` writes them
 * out to be looked at and checked against the official e-invoice rules.
 */

export const SAMPLE_SELLER: Seller = {
  legalName: "Stald Nordlys ApS",
  address: { street: "Strandvejen 250", postalCode: "2930", city: "Klampenborg", countryCode: "DK" },
  cvr: "12345678",
  email: "faktura@staldnordlys.dk",
  phone: "+45 39 63 00 00",
  bank: { regNo: "1234", accountNo: "0012345678", iban: "DK5000400440116243", bic: "NDEADKKK" },
};

const privateOwner: Buyer = {
  kind: "person",
  name: "Karen Holm",
  address: { street: "Ærøgade 7, 2. th.", postalCode: "8000", city: "Aarhus C", countryCode: "DK" },
  email: "karen.holm@example.com",
  reference: "E-0001",
};

const companyOwner: Buyer = {
  kind: "company",
  name: "Åbenrå Væddeløb & Søn ApS",
  address: { street: "Østergade 12", postalCode: "6200", city: "Aabenraa", countryCode: "DK" },
  email: "bogholderi@aabenraa-vaeddeloeb.dk",
  cvr: "87654321",
  reference: "E-0002",
};

const january = { start: "2026-01-01", end: "2026-01-31" };

const fee = (horseName: string, days: number, period: { start: string; end: string }, share?: string) =>
  ({ horseName, period, quantity: String(days), unit: "day", vat: "standard", sharePercent: share ?? null }) as const;

/** A line with its net amount: quantity × share × unit price, rounded half up as a split would land. */
function line(values: Omit<DocumentLine, "netOere">, netOere?: number): DocumentLine {
  const [whole, fraction = ""] = values.quantity.split(".");
  const quantity = BigInt(`${whole}${fraction}`);
  const share = values.sharePercent ? values.sharePercent.split(".") : ["100"];
  const shareDigits = BigInt(`${share[0]}${(share[1] ?? "").padEnd(2, "0")}`);
  const scale = 10n ** BigInt(fraction.length) * 10000n;
  const exact = quantity * shareDigits * BigInt(values.unitPriceOere);
  return { ...values, netOere: netOere ?? Number((exact * 2n + scale) / (2n * scale)) };
}

const privateLines: DocumentLine[] = [
  line({ description: "Træningspenge, i træning", ...fee("Nordlys", 31, january), unitPriceOere: 45000 }),
  line({
    description: "Træningspenge, i træning",
    ...fee("Sølvpil", 15, { start: "2026-01-01", end: "2026-01-15" }, "60"),
    unitPriceOere: 45000,
  }),
  line({
    description: "Træningspenge, på græs",
    ...fee("Sølvpil", 16, { start: "2026-01-16", end: "2026-01-31" }, "60"),
    unitPriceOere: 15000,
  }),
  line({
    description: "Dyrlæge, halthedsundersøgelse",
    horseName: "Nordlys",
    period: { start: "2026-01-12", end: "2026-01-12" },
    quantity: "1",
    unit: "piece",
    unitPriceOere: 125000,
    vat: "standard",
  }),
];

const outlayLines: DocumentLine[] = [
  line({
    description: "Entry fee, Klampenborg 18 January",
    horseName: "Nordlys",
    period: { start: "2026-01-18", end: "2026-01-18" },
    quantity: "1",
    unit: "piece",
    unitPriceOere: 60000,
    vat: "outlay",
  }),
  line({
    description: "Declaration fee, Klampenborg 18 January",
    horseName: "Nordlys",
    period: { start: "2026-01-18", end: "2026-01-18" },
    quantity: "1",
    unit: "piece",
    unitPriceOere: 30000,
    vat: "outlay",
  }),
];

/** Three horses shared three ways (33,33 %), a sale on the 16th (50 % to 25 %), a farrier visit spread over three horses. */
const companyLines: DocumentLine[] = [
  line({ description: "Træningspenge, i træning", ...fee("Nordlys", 31, january, "33.33"), unitPriceOere: 45000 }),
  line({
    description: "Træningspenge, i træning",
    ...fee("Sølvpil", 15, { start: "2026-01-01", end: "2026-01-15" }, "50"),
    unitPriceOere: 45000,
  }),
  line({
    description: "Træningspenge, i træning",
    ...fee("Sølvpil", 16, { start: "2026-01-16", end: "2026-01-31" }, "25"),
    unitPriceOere: 45000,
  }),
  line({
    description: "Træningspenge, førtræning",
    ...fee("Kløverdronning", 31, january, "33.34"),
    unitPriceOere: 30050,
  }),
  line({
    description: "Beslag, 1/3 af 1.250,00 kr.",
    horseName: "Kløverdronning",
    period: { start: "2026-01-20", end: "2026-01-20" },
    quantity: "1",
    unit: "piece",
    unitPriceOere: 41667,
    sharePercent: "33.34",
    vat: "standard",
  }),
  line({
    description: "Startindskud, Aalborg 25. januar",
    horseName: "Sølvpil",
    period: { start: "2026-01-25", end: "2026-01-25" },
    quantity: "1",
    unit: "piece",
    unitPriceOere: 45000,
    sharePercent: "25",
    vat: "outlay",
  }),
];

export const SAMPLE_DOCUMENTS = {
  "private-invoice-da": {
    kind: "invoice",
    number: "2026-0001",
    issueDate: "2026-02-01",
    dueDate: "2026-02-15",
    deliveryPeriod: january,
    language: "da",
    seller: SAMPLE_SELLER,
    buyer: privateOwner,
    lines: privateLines,
    paymentReference: "2026-0001",
  },
  "private-invoice-outlays-en": {
    kind: "invoice",
    number: "2026-0002",
    issueDate: "2026-02-01",
    dueDate: "2026-02-15",
    deliveryPeriod: january,
    language: "en",
    seller: SAMPLE_SELLER,
    buyer: { ...privateOwner, name: "Łukasz Dvořák", reference: "E-0003" },
    lines: [
      line({ description: "Training fee, in training", ...fee("Nordlys", 31, january), unitPriceOere: 45000 }),
      ...outlayLines,
    ],
    note: "Thank you for a good season.",
  },
  "company-invoice-da": {
    kind: "invoice",
    number: "2026-0003",
    issueDate: "2026-02-01",
    dueDate: "2026-02-15",
    deliveryPeriod: january,
    language: "da",
    seller: SAMPLE_SELLER,
    buyer: companyOwner,
    lines: companyLines,
  },
  "company-invoice-no-outlays-en": {
    kind: "invoice",
    number: "2026-0004",
    issueDate: "2026-02-01",
    dueDate: "2026-02-15",
    deliveryPeriod: january,
    language: "en",
    seller: SAMPLE_SELLER,
    buyer: { ...companyOwner, name: "Nordic <Racing> & Co. I/S", cvr: "11223344", reference: "E-0004" },
    lines: [
      line({
        description: "Training fee, pre-training",
        ...fee("Kløverdronning", 31, january, "33.33"),
        unitPriceOere: 30050,
      }),
      line({
        description: "Training fee, in training",
        ...fee("Nordlys", 10, { start: "2026-01-22", end: "2026-01-31" }, "66.67"),
        unitPriceOere: 45000,
      }),
    ],
  },
  "company-credit-note-da": {
    kind: "credit-note",
    number: "2026-0005",
    issueDate: "2026-02-10",
    dueDate: "2026-02-10",
    deliveryPeriod: january,
    language: "da",
    seller: SAMPLE_SELLER,
    buyer: companyOwner,
    lines: [companyLines[4]!, companyLines[5]!],
    creditedInvoice: { number: "2026-0003", issueDate: "2026-02-01" },
    note: "Beslaget blev faktureret to gange.",
  },
  "private-credit-note-en": {
    kind: "credit-note",
    number: "2026-0006",
    issueDate: "2026-02-12",
    dueDate: "2026-02-12",
    deliveryPeriod: january,
    language: "en",
    seller: SAMPLE_SELLER,
    buyer: privateOwner,
    lines: privateLines.map((l) => ({ ...l, description: `Credit: ${l.description}` })),
    creditedInvoice: { number: "2026-0001", issueDate: "2026-02-01" },
  },
} satisfies Record<string, InvoiceDocument>;

export type SampleName = keyof typeof SAMPLE_DOCUMENTS;
