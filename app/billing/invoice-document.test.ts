import { describe, expect, it } from "vitest";
import {
  assertDocument,
  billedQuantity,
  documentFileName,
  documentProblems,
  documentTotals,
  InvalidDocumentError,
  type DocumentLine,
  type InvoiceDocument,
} from "./invoice-document";
import { SAMPLE_DOCUMENTS } from "./sample-documents";

const base = SAMPLE_DOCUMENTS["private-invoice-da"] as InvoiceDocument;

const piece = (netOere: number, vat: DocumentLine["vat"] = "standard"): DocumentLine => ({
  description: "Item",
  quantity: netOere < 0 ? "-1" : "1",
  unit: "piece",
  unitPriceOere: Math.abs(netOere),
  netOere,
  vat,
});

const withLines = (lines: DocumentLine[], more: Partial<InvoiceDocument> = {}): InvoiceDocument => ({
  ...base,
  lines,
  ...more,
});

describe("documentTotals", () => {
  it("gives a 1.250,00 kr. vet bill 312,50 kr. VAT and an outlay none, each rate its own breakdown", () => {
    expect(documentTotals(withLines([piece(125000), piece(45000, "outlay")]))).toEqual({
      breakdown: [
        { vat: "standard", ratePercent: 25, taxableOere: 125000, vatOere: 31250 },
        { vat: "outlay", ratePercent: 0, taxableOere: 45000, vatOere: 0 },
      ],
      netOere: 170000,
      vatOere: 31250,
      totalOere: 201250,
    });
  });

  it("rounds VAT once per rate on the sum of the lines (BR-CO-17), not line by line", () => {
    // Three lines of 0,02 kr.: 0,5 øre VAT each would round to 3 øre; 6 øre × 25 % = 1,5 øre rounds to 2.
    const totals = documentTotals(withLines([piece(2), piece(2), piece(2)]));
    expect(totals.breakdown).toEqual([{ vat: "standard", ratePercent: 25, taxableOere: 6, vatOere: 2 }]);
    expect(totals.totalOere).toBe(8);
  });

  it("rounds half away from zero, on either side", () => {
    expect(documentTotals(withLines([piece(2)])).vatOere).toBe(1);
    expect(documentTotals(withLines([piece(6)])).vatOere).toBe(2);
    expect(documentTotals(withLines([piece(5)])).vatOere).toBe(1);
    expect(documentTotals(withLines([piece(3)])).vatOere).toBe(1);
    expect(documentTotals(withLines([piece(1)])).vatOere).toBe(0);
    expect(documentTotals(withLines([piece(10), piece(-12)])).vatOere).toBe(-1);
    expect(documentTotals(withLines([piece(10), piece(-13)])).vatOere).toBe(-1);
  });

  it("has no breakdown for a rate without lines, and stays exact far beyond a float's cents", () => {
    const totals = documentTotals(withLines([piece(99_999_999_999, "outlay"), piece(99_999_999_999, "outlay")]));
    expect(totals.breakdown.map((b) => b.vat)).toEqual(["outlay"]);
    expect(totals.totalOere).toBe(199_999_999_998);
    expect(documentTotals(withLines([piece(99_999_999_999)])).vatOere).toBe(25_000_000_000);
  });

  it("adds up the samples' lines exactly", () => {
    for (const doc of Object.values(SAMPLE_DOCUMENTS) as InvoiceDocument[]) {
      const totals = documentTotals(doc);
      expect(totals.netOere).toBe(doc.lines.reduce((sum, l) => sum + l.netOere, 0));
      expect(totals.totalOere).toBe(totals.netOere + totals.vatOere);
    }
  });
});

describe("billedQuantity", () => {
  it("is the quantity times the share, exactly", () => {
    expect(billedQuantity({ quantity: "15", sharePercent: "33.33" })).toBe("4.9995");
    expect(billedQuantity({ quantity: "31", sharePercent: "100" })).toBe("31");
    expect(billedQuantity({ quantity: "4.5", sharePercent: null })).toBe("4.5");
    expect(billedQuantity({ quantity: "1", sharePercent: "0.01" })).toBe("0.0001");
    expect(billedQuantity({ quantity: "-2", sharePercent: "50" })).toBe("-1");
    expect(billedQuantity({ quantity: "0.5", sharePercent: "40" })).toBe("0.2");
  });
});

describe("documentProblems", () => {
  it("finds none in the sample documents", () => {
    for (const doc of Object.values(SAMPLE_DOCUMENTS) as InvoiceDocument[]) expect(documentProblems(doc)).toEqual([]);
  });

  it("allows a net amount within 1 øre of quantity × share × unit price, and refuses one further off", () => {
    // 15 days × 33,33 % × 450,00 kr. = 2.249,775 kr.
    const line = (netOere: number): DocumentLine => ({
      description: "Training fee",
      quantity: "15",
      unit: "day",
      unitPriceOere: 45000,
      sharePercent: "33.33",
      netOere,
      vat: "standard",
    });
    expect(documentProblems(withLines([line(224977)]))).toEqual([]);
    expect(documentProblems(withLines([line(224978)]))).toEqual([]);
    expect(documentProblems(withLines([line(224979)]))).toEqual([
      "line 1: the net amount is more than 1 øre from quantity × share × unit price",
    ]);
    expect(documentProblems(withLines([{ ...piece(1000), netOere: 999 }]))).toEqual([]);
    expect(documentProblems(withLines([{ ...piece(1000), netOere: 1001 }]))).toEqual([]);
    expect(documentProblems(withLines([{ ...piece(1000), netOere: 1002 }]))).toHaveLength(1);
  });

  it("names what is wrong with a line", () => {
    const good = piece(1000);
    const cases: [Partial<DocumentLine>, string][] = [
      [{ description: " " }, "line 1 has no description"],
      [{ quantity: "1,5" }, "line 1: the quantity is not a non-zero decimal"],
      [{ quantity: "0" }, "line 1: the quantity is not a non-zero decimal"],
      [{ sharePercent: "0" }, "line 1: the share is not a percentage above 0 and at most 100 with two decimals"],
      [{ sharePercent: "100.01" }, "line 1: the share is not a percentage above 0 and at most 100 with two decimals"],
      [{ sharePercent: "33.333" }, "line 1: the share is not a percentage above 0 and at most 100 with two decimals"],
      [{ unitPriceOere: -1000 }, "line 1: the unit price is not a whole, non-negative number of øre"],
      [{ unitPriceOere: 10.5 }, "line 1: the unit price is not a whole, non-negative number of øre"],
      [{ netOere: 999.5 }, "line 1: the net amount is not a whole number of øre"],
      [{ period: { start: "2026-01-31", end: "2026-01-01" } }, "line 1: the period is not two dates in order"],
      [{ period: { start: "2025-12-31", end: "2026-01-02" } }, "line 1: the period is outside the delivery period"],
    ];
    for (const [change, problem] of cases) {
      expect(documentProblems(withLines([{ ...good, ...change }]))).toEqual([problem]);
    }
  });

  it("names what is wrong with the document", () => {
    const cases: [Partial<InvoiceDocument>, string][] = [
      [{ number: "" }, "the document has no number"],
      [{ issueDate: "2026-02-30" }, "the issue date is not an ISO date"],
      [{ dueDate: "2026-01-31" }, "the due date is before the issue date"],
      [
        { deliveryPeriod: { start: "2026-02-01", end: "2026-01-01" }, lines: [piece(1000)] },
        "the delivery period ends before it starts",
      ],
      [{ seller: { ...base.seller, cvr: "1234567" } }, "the seller's CVR is not 8 digits"],
      [
        { seller: { ...base.seller, bank: { regNo: "", accountNo: "1" } } },
        "the seller's bank needs a registration and an account number",
      ],
      [{ buyer: { ...base.buyer, kind: "company", cvr: "DK123" } }, "the buyer's CVR is not 8 digits"],
      [
        { buyer: { ...base.buyer, address: { ...base.buyer.address, countryCode: "dk" } } },
        "the buyer's country code is not ISO 3166-1 alpha-2",
      ],
      [{ buyer: { ...base.buyer, reference: "" } }, "the buyer has no reference"],
      [{ creditedInvoice: { number: "2026-0001", issueDate: "2026-01-31" } }, "only a credit note credits an invoice"],
      [{ kind: "credit-note" }, "a credit note names the invoice it credits, with its number and date"],
      [{ lines: [] }, "the document has no lines"],
      [{ lines: [piece(1000), piece(-2000)] }, "the total is negative: that is a credit note's job"],
    ];
    for (const [change, problem] of cases) expect(documentProblems({ ...base, ...change })).toEqual([problem]);
  });

  it("is what assertDocument throws", () => {
    expect(() => assertDocument({ ...base, number: " " })).toThrow(InvalidDocumentError);
    expect(() => assertDocument(base)).not.toThrow();
  });
});

describe("documentFileName", () => {
  it("names the document in its language, the number kept to safe characters", () => {
    expect(documentFileName({ kind: "invoice", number: "2026-0007", language: "da" })).toBe("faktura-2026-0007");
    expect(documentFileName({ kind: "credit-note", number: "2026/8 ", language: "en" })).toBe("credit-note-2026-8-");
  });
});
