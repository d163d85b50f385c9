import fs from "node:fs";
import { getDocument } from "pdfjs-dist/legacy/build/pdf.mjs";
import type { TextItem } from "pdfjs-dist/types/src/display/api";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { InvalidDocumentError, type DocumentLine, type InvoiceDocument } from "./invoice-document";
import { invoicePdf } from "./invoice-pdf.server";
import { SAMPLE_DOCUMENTS } from "./sample-documents";

/**
 * The PDF's text as a reader copies it: per page, each line's pieces in order, a space where they
 * stand apart (table cells), none where one word changes font (Ł|ukasz), spaces collapsed.
 */
async function pdfText(bytes: Uint8Array) {
  const pdf = await getDocument({ data: new Uint8Array(bytes), isEvalSupported: false }).promise;
  const pages: string[] = [];
  for (let n = 1; n <= pdf.numPages; n++) {
    const items = (await (await pdf.getPage(n)).getTextContent()).items as TextItem[];
    const lines = new Map<number, TextItem[]>();
    for (const item of items) {
      const y = Math.round(item.transform[5]!);
      lines.set(y, [...(lines.get(y) ?? []), item]);
    }
    const join = (pieces: TextItem[]) =>
      pieces
        .sort((a, b) => a.transform[4]! - b.transform[4]!)
        .map((item, i) => {
          const before = pieces[i - 1];
          const apart = before && item.transform[4]! > before.transform[4]! + before.width + 1;
          return (apart ? " " : "") + item.str;
        })
        .join("");
    pages.push(
      [...lines.entries()]
        .sort(([a], [b]) => b - a)
        .map(([, line]) => join(line).replace(/\s+/g, " ").trim())
        .join("\n"),
    );
  }
  const info = (await pdf.getMetadata()).info as Record<string, unknown>;
  await pdf.destroy();
  return { pages, text: pages.join("\n"), info };
}

const companyInvoice = SAMPLE_DOCUMENTS["company-invoice-da"] as InvoiceDocument;
const englishInvoice = SAMPLE_DOCUMENTS["private-invoice-outlays-en"] as InvoiceDocument;
const creditNote = SAMPLE_DOCUMENTS["company-credit-note-da"] as InvoiceDocument;

describe("invoicePdf", () => {
  it("holds every field of a full Danish invoice, as text a reader can select, in Danish", async () => {
    const { text, info } = await pdfText(await invoicePdf(companyInvoice));
    const expected = [
      // The seller: name, address, CVR; the buyer: name, address, CVR.
      "Stald Nordlys ApS",
      "Strandvejen 250",
      "2930 Klampenborg",
      "CVR-nr. 12345678",
      "Åbenrå Væddeløb & Søn ApS",
      "Østergade 12",
      "6200 Aabenraa",
      "CVR-nr. 87654321",
      // The number, date of issue, delivery period, due date, the buyer's reference.
      "Faktura",
      "Fakturanr. 2026-0003",
      "Fakturadato 1. februar 2026",
      "Leveringsperiode 01.01.2026 – 31.01.2026",
      "Forfaldsdato 15. februar 2026",
      "Kundereference E-0002",
      // What was supplied, for which horse and period: quantity, share, unit price, VAT rate, net amount.
      "Træningspenge, i træning 31 dage 33,33 % 450,00 25 % 4.649,54",
      "Nordlys · 01.01.2026 – 31.01.2026",
      "Sølvpil · 16.01.2026 – 31.01.2026",
      "Beslag, 1/3 af 1.250,00 kr. 1 stk. 33,34 % 416,67 25 % 138,92",
      // Outlays apart, without VAT.
      "Udlæg (uden moms)",
      "Startindskud, Aalborg 25. januar 1 stk. 25 % 450,00 – 112,50",
      // Net amount per rate, the VAT, the outlays, the total in DKK.
      "Nettobeløb med 25 % moms 13.069,25",
      "Moms 25 % 3.267,31",
      "Udlæg uden moms 112,50",
      "I alt DKK 16.449,06",
      // How to pay.
      "Beløbet DKK 16.449,06 betales senest 15. februar",
      "Reg.nr. 1234, kontonr. 0012345678",
      "IBAN DK5000400440116243, BIC NDEADKKK",
      "Angiv venligst referencen 2026-0003 ved betalingen.",
      "Side 1 af 1",
    ];
    for (const line of expected) expect(text).toContain(line);
    expect(text.indexOf("Udlæg (uden moms)")).toBeGreaterThan(text.indexOf("Kløverdronning · 20.01.2026"));
    expect(info.Title).toBe("Faktura 2026-0003");
    expect(info.Author).toBe("Stald Nordlys ApS");
  });

  it("is in English for an English document, amounts still written the Danish way, names beyond Latin-1 intact", async () => {
    const { text } = await pdfText(await invoicePdf(englishInvoice));
    for (const line of [
      "Invoice",
      "Invoice no. 2026-0002",
      "Date of issue 1 February 2026",
      "Due date 15 February 2026",
      "Bill to",
      "Łukasz Dvořák",
      "Ærøgade 7, 2. th.",
      "Training fee, in training 31 days 100 % 450,00 25 % 13.950,00",
      "Outlays (no VAT)",
      "Entry fee, Klampenborg 18 January 1 pc. 100 % 600,00 – 600,00",
      "Net amount at 25 % VAT 13.950,00",
      "VAT 25 % 3.487,50",
      "Outlays, no VAT 900,00",
      "Total DKK 18.337,50",
      "Please pay DKK 18.337,50 no later than 15 February",
      "Please state the reference 2026-0002",
      "Reg. no. 1234, account no. 0012345678",
      "Thank you for a good season.",
      "Page 1 of 1",
    ]) {
      expect(text).toContain(line);
    }
    expect(text).not.toMatch(/Faktura|Forfaldsdato/);
  });

  it("says what a credit note credits and asks for no payment", async () => {
    const { text } = await pdfText(await invoicePdf(creditNote));
    expect(text).toContain("Kreditnota");
    expect(text).toContain("Kreditnotanr. 2026-0005");
    expect(text).toContain("Krediterer faktura 2026-0003 (01.02.2026)");
    expect(text).toContain("Denne kreditnota krediterer faktura nr. 2026-0003 af 1. februar 2026.");
    expect(text).toContain("Krediteret i alt DKK 286,15");
    expect(text).not.toContain("Forfaldsdato");
    expect(text).not.toContain("betales senest");
  });

  it("embeds its fonts, and draws the stable's logo from any image, leaving out one that is no image", async () => {
    const png = await sharp({ create: { width: 400, height: 200, channels: 3, background: "#1f4d3a" } })
      .png()
      .toBuffer();
    const svg = fs.readFileSync("public/logo.svg");
    const raw = (bytes: Uint8Array) => Buffer.from(bytes).toString("latin1");
    for (const logo of [png, svg]) {
      const pdf = raw(await invoicePdf({ ...companyInvoice, seller: { ...companyInvoice.seller, logo } }));
      expect(pdf).toMatch(/\/Subtype \/Image/);
    }
    const without = raw(await invoicePdf(companyInvoice));
    expect(without).not.toMatch(/\/Subtype \/Image/);
    expect(without).toMatch(/\/FontFile2/);
    expect(without).not.toMatch(/\/BaseFont \/Helvetica/);
    const broken = await invoicePdf({
      ...companyInvoice,
      seller: { ...companyInvoice.seller, logo: Buffer.from("no") },
    });
    expect(raw(broken)).not.toMatch(/\/Subtype \/Image/);
    expect((await pdfText(broken)).text).toContain("Fakturanr. 2026-0003");
  });

  it("is the same bytes each time it is made from the same document", async () => {
    const [first, second] = [await invoicePdf(companyInvoice), await invoicePdf(companyInvoice)];
    expect(Buffer.from(first).equals(Buffer.from(second))).toBe(true);
  });

  it("runs onto more pages, each with the table's header and its page number, when the lines do not fit", async () => {
    const lines: DocumentLine[] = Array.from({ length: 60 }, (_, i) => ({
      description: `Træningspenge, hest nr. ${i + 1}`,
      horseName: `Hest ${i + 1}`,
      period: { start: "2026-01-01", end: "2026-01-31" },
      quantity: "31",
      unit: "day",
      unitPriceOere: 45000,
      netOere: 1395000,
      vat: "standard",
    }));
    const { pages, text } = await pdfText(await invoicePdf({ ...companyInvoice, lines }));
    expect(pages.length).toBeGreaterThan(1);
    pages.forEach((page, i) => {
      expect(page).toContain(`Side ${i + 1} af ${pages.length}`);
      if (i < pages.length - 1 || page.includes("Træningspenge")) {
        expect(page).toContain("Beskrivelse Antal Andel Enhedspris Moms Beløb DKK");
      }
    });
    for (let i = 1; i <= 60; i++) expect(text).toContain(`Træningspenge, hest nr. ${i} 31 dage`);
    expect(text).toContain("I alt DKK 1.046.250,00");
  });

  it("keeps control characters typed into a name off the page", async () => {
    const buyer = { ...companyInvoice.buyer, name: "Holm\u0007 & Søn\u2028ApS" };
    const { text } = await pdfText(await invoicePdf({ ...companyInvoice, buyer }));
    expect(text).toContain("Holm & Søn ApS");
  });

  it("refuses a document unfit to issue", async () => {
    await expect(invoicePdf({ ...companyInvoice, number: "" })).rejects.toThrow(InvalidDocumentError);
  });
});
