import { xmlText } from "~/utils/xml";
import { formatDecimal, formatLongDate, formatShare, textsOf } from "./document-texts";
import {
  assertDocument,
  billedQuantity,
  buyerCvr,
  documentTotals,
  type DocumentLine,
  type InvoiceDocument,
  type PostalAddress,
  type VatTreatment,
} from "./invoice-document";

/**
 * The document as a UBL 2.1 Invoice or CreditNote following Peppol BIS Billing 3.0 (EN 16931):
 * what NemHandel/Peppol carries to a company owner (its CVR as the endpoint, scheme 0184) and what
 * e-conomic or Dinero import. A private owner's has no endpoint, as EN 16931 allows.
 */

export const CUSTOMIZATION_ID = "urn:cen.eu:en16931:2017#compliant#urn:fdc:peppol.eu:2017:poacc:billing:3.0";
export const PROFILE_ID = "urn:fdc:peppol.eu:2017:poacc:billing:01:1.0";
/** ISO 6523 ICD of the Danish CVR number. */
export const CVR_SCHEME = "0184";
/** UNCL 4461: payment to a Danish bank account (registration and account number). */
const BANK_TRANSFER = "42";

const NAMESPACES = {
  invoice: "urn:oasis:names:specification:ubl:schema:xsd:Invoice-2",
  "credit-note": "urn:oasis:names:specification:ubl:schema:xsd:CreditNote-2",
  cac: "urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2",
  cbc: "urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2",
};

/** UNCL 5305 category and rate per treatment; outlays are exempt under the VAT directive's art. 79(c) (decision 0276). */
export const VAT_CATEGORY: Record<VatTreatment, { id: "S" | "E"; percent: string }> = {
  standard: { id: "S", percent: "25" },
  outlay: { id: "E", percent: "0" },
};
export const OUTLAY_EXEMPTION_CODE = "VATEX-EU-79-C";

const UNIT_CODE: Record<DocumentLine["unit"], string> = { day: "DAY", piece: "C62" };

type XmlNode = { name: string; attrs: Record<string, string>; content: string | XmlNode[] };

/**
 * An element, or null when it would be empty: Peppol forbids empty elements, so an optional value
 * that is missing or blank leaves its element out, and so do elements left with no children.
 */
function el(name: string, content: string | null | undefined | (XmlNode | null)[], attrs: Record<string, string> = {}) {
  if (content == null) return null;
  if (typeof content === "string") return content.trim() === "" ? null : { name, attrs, content: content.trim() };
  const children = content.filter((child): child is XmlNode => child !== null);
  return children.length > 0 ? { name, attrs, content: children } : null;
}

function serialize(node: XmlNode, indent = ""): string {
  const attrs = Object.entries(node.attrs)
    .map(([key, value]) => ` ${key}="${xmlText(value)}"`)
    .join("");
  if (typeof node.content === "string") return `${indent}<${node.name}${attrs}>${xmlText(node.content)}</${node.name}>`;
  const inner = node.content.map((child) => serialize(child, `${indent}  `)).join("\n");
  return `${indent}<${node.name}${attrs}>\n${inner}\n${indent}</${node.name}>`;
}

/** Whole øre as a UBL amount: 123450 -> "1234.50". */
export function ublAmount(oere: number) {
  const abs = Math.abs(oere);
  return `${oere < 0 ? "-" : ""}${Math.trunc(abs / 100)}.${String(abs % 100).padStart(2, "0")}`;
}

const money = (name: string, oere: number) => el(name, ublAmount(oere), { currencyID: "DKK" });

function address(value: PostalAddress) {
  return el("cac:PostalAddress", [
    el("cbc:StreetName", value.street),
    el("cbc:CityName", value.city),
    el("cbc:PostalZone", value.postalCode),
    el("cac:Country", [el("cbc:IdentificationCode", value.countryCode)]),
  ]);
}

const period = (value: { start: string; end: string }) =>
  el("cac:InvoicePeriod", [el("cbc:StartDate", value.start), el("cbc:EndDate", value.end)]);

const taxScheme = el("cac:TaxScheme", [el("cbc:ID", "VAT")]);

function seller(doc: InvoiceDocument) {
  const { seller } = doc;
  return el("cac:AccountingSupplierParty", [
    el("cac:Party", [
      el("cbc:EndpointID", seller.cvr, { schemeID: CVR_SCHEME }),
      el("cac:PartyName", [el("cbc:Name", seller.legalName)]),
      address(seller.address),
      el("cac:PartyTaxScheme", [el("cbc:CompanyID", `DK${seller.cvr}`), taxScheme]),
      el("cac:PartyLegalEntity", [
        el("cbc:RegistrationName", seller.legalName),
        el("cbc:CompanyID", seller.cvr, { schemeID: CVR_SCHEME }),
      ]),
      el("cac:Contact", [el("cbc:Telephone", seller.phone), el("cbc:ElectronicMail", seller.email)]),
    ]),
  ]);
}

function buyer(doc: InvoiceDocument) {
  const { buyer } = doc;
  const cvr = buyerCvr(buyer);
  return el("cac:AccountingCustomerParty", [
    el("cac:Party", [
      cvr ? el("cbc:EndpointID", cvr, { schemeID: CVR_SCHEME }) : null,
      el("cac:PartyName", [el("cbc:Name", buyer.name)]),
      address(buyer.address),
      el("cac:PartyLegalEntity", [
        el("cbc:RegistrationName", buyer.name),
        cvr ? el("cbc:CompanyID", cvr, { schemeID: CVR_SCHEME }) : null,
      ]),
      el("cac:Contact", [el("cbc:ElectronicMail", buyer.email)]),
    ]),
  ]);
}

function taxCategory(name: string, vat: VatTreatment, reason?: string) {
  const category = VAT_CATEGORY[vat];
  const exempt = vat === "outlay" && reason !== undefined;
  return el(name, [
    el("cbc:ID", category.id),
    el("cbc:Percent", category.percent),
    exempt ? el("cbc:TaxExemptionReasonCode", OUTLAY_EXEMPTION_CODE) : null,
    exempt ? el("cbc:TaxExemptionReason", reason) : null,
    taxScheme,
  ]);
}

function line(doc: InvoiceDocument, value: DocumentLine, index: number) {
  const t = textsOf(doc);
  const credit = doc.kind === "credit-note";
  const shared = value.sharePercent
    ? `${formatDecimal(value.quantity)} ${t.unit(value.unit, value.quantity)} × ${formatShare(value.sharePercent)}`
    : null;
  return el(credit ? "cac:CreditNoteLine" : "cac:InvoiceLine", [
    el("cbc:ID", String(index + 1)),
    el(credit ? "cbc:CreditedQuantity" : "cbc:InvoicedQuantity", billedQuantity(value), {
      unitCode: UNIT_CODE[value.unit],
    }),
    money("cbc:LineExtensionAmount", value.netOere),
    value.period ? period(value.period) : null,
    el("cac:Item", [
      el("cbc:Description", shared),
      el("cbc:Name", value.description),
      taxCategory("cac:ClassifiedTaxCategory", value.vat),
      value.horseName
        ? el("cac:AdditionalItemProperty", [el("cbc:Name", t.horse), el("cbc:Value", value.horseName)])
        : null,
    ]),
    el("cac:Price", [money("cbc:PriceAmount", value.unitPriceOere)]),
  ]);
}

/** The document as UBL 2.1 XML. Throws InvalidDocumentError for a document unfit to issue. */
export function invoiceUbl(doc: InvoiceDocument): string {
  assertDocument(doc);
  const t = textsOf(doc);
  const totals = documentTotals(doc);
  const credit = doc.kind === "credit-note";
  const credited = doc.creditedInvoice;
  const bank = doc.seller.bank;
  const root = el(
    credit ? "CreditNote" : "Invoice",
    [
      el("cbc:CustomizationID", CUSTOMIZATION_ID),
      el("cbc:ProfileID", PROFILE_ID),
      el("cbc:ID", doc.number),
      el("cbc:IssueDate", doc.issueDate),
      credit ? null : el("cbc:DueDate", doc.dueDate),
      credit ? el("cbc:CreditNoteTypeCode", "381") : el("cbc:InvoiceTypeCode", "380"),
      el("cbc:Note", doc.note),
      el("cbc:DocumentCurrencyCode", "DKK"),
      el("cbc:BuyerReference", doc.buyer.reference),
      period(doc.deliveryPeriod),
      credited
        ? el("cac:BillingReference", [
            el("cac:InvoiceDocumentReference", [
              el("cbc:ID", credited.number),
              el("cbc:IssueDate", credited.issueDate),
            ]),
          ])
        : null,
      seller(doc),
      buyer(doc),
      credit
        ? null
        : el("cac:PaymentMeans", [
            el("cbc:PaymentMeansCode", BANK_TRANSFER),
            el("cbc:PaymentID", doc.paymentReference || doc.number),
            el("cac:PayeeFinancialAccount", [
              el("cbc:ID", bank.accountNo),
              el("cac:FinancialInstitutionBranch", [el("cbc:ID", bank.regNo)]),
            ]),
          ]),
      el("cac:PaymentTerms", [
        el("cbc:Note", credit ? t.creditSettled : t.paymentTerms(formatLongDate(doc.dueDate, doc.language))),
      ]),
      el("cac:TaxTotal", [
        money("cbc:TaxAmount", totals.vatOere),
        ...totals.breakdown.map((b) =>
          el("cac:TaxSubtotal", [
            money("cbc:TaxableAmount", b.taxableOere),
            money("cbc:TaxAmount", b.vatOere),
            taxCategory("cac:TaxCategory", b.vat, t.outlayReason),
          ]),
        ),
      ]),
      el("cac:LegalMonetaryTotal", [
        money("cbc:LineExtensionAmount", totals.netOere),
        money("cbc:TaxExclusiveAmount", totals.netOere),
        money("cbc:TaxInclusiveAmount", totals.totalOere),
        money("cbc:PayableAmount", totals.totalOere),
      ]),
      ...doc.lines.map((value, i) => line(doc, value, i)),
    ],
    { xmlns: NAMESPACES[doc.kind], "xmlns:cac": NAMESPACES.cac, "xmlns:cbc": NAMESPACES.cbc },
  )!;
  return `<?xml version="1.0" encoding="UTF-8"?>\n${serialize(root)}\n`;
}
