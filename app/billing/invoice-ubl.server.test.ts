import { DOMParser, type Element } from "@xmldom/xmldom";
import { describe, expect, it } from "vitest";
import { documentTotals, type InvoiceDocument } from "./invoice-document";
import { CUSTOMIZATION_ID, invoiceUbl, PROFILE_ID, ublAmount } from "./invoice-ubl.server";
import { SAMPLE_DOCUMENTS } from "./sample-documents";

/**
 * The EN 16931 and Peppol BIS Billing 3.0 rules the e-invoice relies on, checked on every sample
 * without the official validator (which the documents also pass: see decision 0276).
 */

function parse(xml: string) {
  const errors: string[] = [];
  const doc = new DOMParser({ onError: (level, message) => errors.push(`${level}: ${message}`) }).parseFromString(
    xml,
    "text/xml",
  );
  expect(errors).toEqual([]);
  return doc.documentElement!;
}

const children = (node: Element, name: string) =>
  Array.from(node.childNodes).filter((c): c is Element => c.nodeType === 1 && (c as Element).tagName === name);

/** The elements at a path of child names, e.g. "cac:TaxTotal/cac:TaxSubtotal". */
function all(node: Element, path: string): Element[] {
  return path.split("/").reduce<Element[]>((nodes, name) => nodes.flatMap((n) => children(n, name)), [node]);
}

function one(node: Element, path: string) {
  const found = all(node, path);
  expect(found, path).toHaveLength(1);
  return found[0]!;
}

const text = (node: Element, path: string) => one(node, path).textContent ?? "";
const maybe = (node: Element, path: string) => all(node, path)[0]?.textContent ?? null;

/** A UBL amount in whole øre; more than two decimals fails (BR-DEC-*). */
function oere(value: string) {
  expect(value).toMatch(/^-?\d+\.\d{2}$/);
  return Number(value.replace(".", ""));
}

const amount = (node: Element, path: string) => oere(text(node, path));

/** A decimal times a decimal, in øre × 10^scale, exact. */
function product(quantity: string, price: string) {
  const digits = (value: string) => BigInt(value.replace(".", ""));
  const scale = (value: string) => value.split(".")[1]?.length ?? 0;
  return { value: digits(quantity) * digits(price), scale: scale(quantity) + scale(price) - 2 };
}

const samples = Object.entries(SAMPLE_DOCUMENTS) as [string, InvoiceDocument][];
const INVOICE_ORDER = [
  "cbc:CustomizationID",
  "cbc:ProfileID",
  "cbc:ID",
  "cbc:IssueDate",
  "cbc:DueDate",
  "cbc:InvoiceTypeCode",
  "cbc:CreditNoteTypeCode",
  "cbc:Note",
  "cbc:DocumentCurrencyCode",
  "cbc:BuyerReference",
  "cac:InvoicePeriod",
  "cac:BillingReference",
  "cac:AccountingSupplierParty",
  "cac:AccountingCustomerParty",
  "cac:PaymentMeans",
  "cac:PaymentTerms",
  "cac:TaxTotal",
  "cac:LegalMonetaryTotal",
  "cac:InvoiceLine",
  "cac:CreditNoteLine",
];

describe.each(samples)("the e-invoice of %s", (_, doc) => {
  const xml = invoiceUbl(doc);
  const root = parse(xml);
  const credit = doc.kind === "credit-note";
  const lineName = credit ? "cac:CreditNoteLine" : "cac:InvoiceLine";
  const lines = all(root, lineName);

  it("is a UBL 2.1 Invoice or CreditNote of Peppol BIS Billing 3.0 in DKK, its elements in the schema's order", () => {
    expect(root.tagName).toBe(credit ? "CreditNote" : "Invoice");
    expect(root.getAttribute("xmlns")).toBe(
      `urn:oasis:names:specification:ubl:schema:xsd:${credit ? "CreditNote" : "Invoice"}-2`,
    );
    expect(text(root, "cbc:CustomizationID")).toBe(CUSTOMIZATION_ID);
    expect(text(root, "cbc:ProfileID")).toBe(PROFILE_ID);
    expect(text(root, credit ? "cbc:CreditNoteTypeCode" : "cbc:InvoiceTypeCode")).toBe(credit ? "381" : "380");
    expect(text(root, "cbc:DocumentCurrencyCode")).toBe("DKK");
    expect(text(root, "cbc:ID")).toBe(doc.number);
    expect(text(root, "cbc:IssueDate")).toBe(doc.issueDate);
    expect(text(root, "cbc:BuyerReference")).toBe(doc.buyer.reference);
    const order = Array.from(root.childNodes)
      .filter((c) => c.nodeType === 1)
      .map((c) => INVOICE_ORDER.indexOf((c as Element).tagName));
    expect(order).not.toContain(-1);
    expect(order).toEqual([...order].sort((a, b) => a - b));
    for (const node of Array.from(root.getElementsByTagName("*"))) {
      if (node.getAttribute("currencyID") !== null) expect(node.getAttribute("currencyID")).toBe("DKK");
    }
  });

  it("has no empty element (PEPPOL-EN16931-R008) and at most one note (R002)", () => {
    for (const node of Array.from(root.getElementsByTagName("*"))) {
      expect((node.textContent ?? "").trim(), node.tagName).not.toBe("");
    }
    expect(all(root, "cbc:Note").length).toBeLessThanOrEqual(1);
  });

  it("names the seller by its CVR: endpoint and legal id with scheme 0184 (R020, DK-R-002, DK-R-013), VAT id DK + CVR", () => {
    const party = one(root, "cac:AccountingSupplierParty/cac:Party");
    expect(one(party, "cbc:EndpointID").getAttribute("schemeID")).toBe("0184");
    expect(text(party, "cbc:EndpointID")).toBe(doc.seller.cvr);
    expect(one(party, "cac:PartyLegalEntity/cbc:CompanyID").getAttribute("schemeID")).toBe("0184");
    expect(text(party, "cac:PartyLegalEntity/cbc:CompanyID")).toMatch(/^\d{8}$/);
    expect(text(party, "cac:PartyLegalEntity/cbc:RegistrationName")).toBe(doc.seller.legalName);
    expect(text(party, "cac:PartyTaxScheme/cbc:CompanyID")).toBe(`DK${doc.seller.cvr}`);
    expect(text(party, "cac:PartyTaxScheme/cac:TaxScheme/cbc:ID")).toBe("VAT");
    expect(text(party, "cac:PostalAddress/cac:Country/cbc:IdentificationCode")).toBe("DK");
  });

  it("gives a company buyer its CVR as endpoint and legal id, a private one neither (BR-07, BR-10, BR-11)", () => {
    const party = one(root, "cac:AccountingCustomerParty/cac:Party");
    expect(text(party, "cac:PartyLegalEntity/cbc:RegistrationName")).toBe(doc.buyer.name);
    expect(text(party, "cac:PostalAddress/cbc:CityName")).toBe(doc.buyer.address.city);
    expect(text(party, "cac:PostalAddress/cac:Country/cbc:IdentificationCode")).toBe(doc.buyer.address.countryCode);
    if (doc.buyer.kind === "company") {
      expect(one(party, "cbc:EndpointID").getAttribute("schemeID")).toBe("0184");
      expect(text(party, "cbc:EndpointID")).toBe(doc.buyer.cvr);
      expect(text(party, "cac:PartyLegalEntity/cbc:CompanyID")).toBe(doc.buyer.cvr);
    } else {
      expect(all(party, "cbc:EndpointID")).toEqual([]);
      expect(all(party, "cac:PartyLegalEntity/cbc:CompanyID")).toEqual([]);
    }
  });

  it("adds up as EN 16931 says (BR-CO-10, -13, -14, -15, -16) and as documentTotals computes", () => {
    const totals = one(root, "cac:LegalMonetaryTotal");
    const lineSum = lines.reduce((sum, line) => sum + amount(line, "cbc:LineExtensionAmount"), 0);
    const vat = amount(root, "cac:TaxTotal/cbc:TaxAmount");
    const subtotals = all(root, "cac:TaxTotal/cac:TaxSubtotal");
    expect(amount(totals, "cbc:LineExtensionAmount")).toBe(lineSum);
    expect(amount(totals, "cbc:TaxExclusiveAmount")).toBe(lineSum);
    expect(vat).toBe(subtotals.reduce((sum, s) => sum + amount(s, "cbc:TaxAmount"), 0));
    expect(amount(totals, "cbc:TaxInclusiveAmount")).toBe(lineSum + vat);
    expect(amount(totals, "cbc:PayableAmount")).toBe(lineSum + vat);
    expect(amount(totals, "cbc:PayableAmount")).toBe(documentTotals(doc).totalOere);
    expect(amount(totals, "cbc:PayableAmount")).toBeGreaterThanOrEqual(0); // DK-R-004 for credit notes
  });

  it("has one VAT breakdown per category: S at 25 % rounded once, outlays E at 0 % with art. 79(c) as reason", () => {
    expect(all(root, "cac:TaxTotal")).toHaveLength(1);
    for (const subtotal of all(root, "cac:TaxTotal/cac:TaxSubtotal")) {
      const category = text(subtotal, "cac:TaxCategory/cbc:ID");
      const percent = text(subtotal, "cac:TaxCategory/cbc:Percent");
      const ofCategory = lines.filter((l) => text(l, "cac:Item/cac:ClassifiedTaxCategory/cbc:ID") === category);
      const taxable = amount(subtotal, "cbc:TaxableAmount");
      // BR-S-08 / BR-E-08: the taxable amount is the sum of the category's lines.
      expect(taxable).toBe(ofCategory.reduce((sum, l) => sum + amount(l, "cbc:LineExtensionAmount"), 0));
      expect(text(subtotal, "cac:TaxCategory/cac:TaxScheme/cbc:ID")).toBe("VAT");
      if (category === "S") {
        expect(percent).toBe("25");
        // BR-CO-17: taxable × 25 %, rounded half up to two decimals, exactly.
        expect(amount(subtotal, "cbc:TaxAmount")).toBe(Math.floor((taxable * 25 + 50) / 100));
        expect(maybe(subtotal, "cac:TaxCategory/cbc:TaxExemptionReasonCode")).toBeNull();
      } else {
        expect(category).toBe("E");
        expect(percent).toBe("0");
        expect(amount(subtotal, "cbc:TaxAmount")).toBe(0); // BR-E-09
        expect(text(subtotal, "cac:TaxCategory/cbc:TaxExemptionReasonCode")).toBe("VATEX-EU-79-C"); // BR-E-10
        expect(text(subtotal, "cac:TaxCategory/cbc:TaxExemptionReason")).toMatch(/27/);
      }
    }
    const categories = all(root, "cac:TaxTotal/cac:TaxSubtotal/cac:TaxCategory/cbc:ID").map((c) => c.textContent);
    expect(categories).toEqual([...new Set(categories)]);
    expect(categories).not.toContain("O"); // BR-O-11: "not subject to VAT" may not stand beside S
  });

  it("prices every line so that quantity × price is its amount within 0,02 kr. (PEPPOL-EN16931-R120)", () => {
    expect(lines).toHaveLength(doc.lines.length);
    lines.forEach((line, i) => {
      const source = doc.lines[i]!;
      const quantity = one(line, credit ? "cbc:CreditedQuantity" : "cbc:InvoicedQuantity");
      expect(quantity.getAttribute("unitCode")).toBe(source.unit === "day" ? "DAY" : "C62");
      const price = text(line, "cac:Price/cbc:PriceAmount");
      expect(oere(price)).toBeGreaterThanOrEqual(0); // BR-27
      const exact = product(quantity.textContent ?? "", price);
      const net = BigInt(amount(line, "cbc:LineExtensionAmount")) * 10n ** BigInt(exact.scale);
      const gap = exact.value > net ? exact.value - net : net - exact.value;
      expect(gap <= 2n * 10n ** BigInt(exact.scale), `line ${i + 1}`).toBe(true);
      expect(text(line, "cbc:ID")).toBe(String(i + 1));
      expect(text(line, "cac:Item/cbc:Name")).toBe(source.description);
      expect(text(line, "cac:Item/cac:ClassifiedTaxCategory/cbc:ID")).toBe(source.vat === "standard" ? "S" : "E");
    });
  });

  it("keeps line periods inside the invoice period (PEPPOL-EN16931-R110, R111)", () => {
    const start = text(root, "cac:InvoicePeriod/cbc:StartDate");
    const end = text(root, "cac:InvoicePeriod/cbc:EndDate");
    expect([start, end]).toEqual([doc.deliveryPeriod.start, doc.deliveryPeriod.end]);
    for (const line of lines) {
      const lineStart = maybe(line, "cac:InvoicePeriod/cbc:StartDate");
      const lineEnd = maybe(line, "cac:InvoicePeriod/cbc:EndDate");
      if (lineStart) expect(lineStart >= start && lineStart <= end).toBe(true);
      if (lineEnd) expect(lineEnd >= start && lineEnd <= end).toBe(true);
    }
  });

  it("says how and when to pay: due date, a Danish bank transfer (DK-R-005, DK-R-006), or what a credit note credits", () => {
    expect(all(root, "cac:PaymentTerms/cbc:Note")).toHaveLength(1); // BR-CO-25 with a positive amount due
    if (credit) {
      expect(all(root, "cbc:DueDate")).toEqual([]);
      expect(text(root, "cac:BillingReference/cac:InvoiceDocumentReference/cbc:ID")).toBe(doc.creditedInvoice!.number);
      expect(text(root, "cac:BillingReference/cac:InvoiceDocumentReference/cbc:IssueDate")).toBe(
        doc.creditedInvoice!.issueDate,
      );
      expect(all(root, "cac:PaymentMeans")).toEqual([]);
    } else {
      expect(text(root, "cbc:DueDate")).toBe(doc.dueDate);
      const means = one(root, "cac:PaymentMeans");
      expect(text(means, "cbc:PaymentMeansCode")).toBe("42");
      expect(text(means, "cbc:PaymentID")).toBe(doc.paymentReference || doc.number);
      expect(text(means, "cac:PayeeFinancialAccount/cbc:ID")).toBe(doc.seller.bank.accountNo);
      expect(text(means, "cac:PayeeFinancialAccount/cac:FinancialInstitutionBranch/cbc:ID")).toBe(
        doc.seller.bank.regNo,
      );
      expect(all(root, "cac:BillingReference")).toEqual([]);
    }
  });
});

describe("invoiceUbl", () => {
  const doc = SAMPLE_DOCUMENTS["company-invoice-no-outlays-en"] as InvoiceDocument;

  it("escapes what was typed and drops characters XML forbids", () => {
    const typed = 'Nordic <Racing> & "Co" I/S\u0001\u0008\uFFFE';
    const xml = invoiceUbl({ ...doc, buyer: { ...doc.buyer, name: typed }, note: "a\u0000b & c" });
    expect(xml).toContain("Nordic &#60;Racing&#62; &#38; &#34;Co&#34; I/S</cbc:Name>");
    const root = parse(xml);
    expect(text(root, "cac:AccountingCustomerParty/cac:Party/cac:PartyName/cbc:Name")).toBe(
      'Nordic <Racing> & "Co" I/S',
    );
    expect(text(root, "cbc:Note")).toBe("ab & c");
  });

  it("leaves out what the document does not have rather than writing an empty element", () => {
    const root = parse(invoiceUbl({ ...doc, note: " ", seller: { ...doc.seller, phone: null } }));
    expect(all(root, "cbc:Note")).toEqual([]);
    expect(all(root, "cac:AccountingSupplierParty/cac:Party/cac:Contact/cbc:Telephone")).toEqual([]);
  });

  it("bills a share as quantity × share at the full unit price, and says so on the line", () => {
    const root = parse(invoiceUbl(doc));
    const [first] = all(root, "cac:InvoiceLine");
    expect(text(first!, "cbc:InvoicedQuantity")).toBe("10.3323"); // 31 days × 33,33 %
    expect(text(first!, "cac:Price/cbc:PriceAmount")).toBe("300.50");
    expect(text(first!, "cac:Item/cbc:Description")).toBe("31 days × 33,33 %");
    expect(text(first!, "cac:Item/cac:AdditionalItemProperty/cbc:Value")).toBe("Kløverdronning");
  });

  it("refuses a document unfit to issue", () => {
    expect(() => invoiceUbl({ ...doc, lines: [] })).toThrow(/no lines/);
  });

  it("writes amounts with two decimals from whole øre", () => {
    expect([ublAmount(0), ublAmount(5), ublAmount(123450), ublAmount(-1999), ublAmount(100_000_000_000)]).toEqual([
      "0.00",
      "0.05",
      "1234.50",
      "-19.99",
      "1000000000.00",
    ]);
  });
});
