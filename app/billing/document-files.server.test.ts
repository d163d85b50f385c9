import { describe, expect, it } from "vitest";
import { pdfFile, ublFile } from "./document-files.server";
import type { InvoiceDocument } from "./invoice-document";
import { SAMPLE_DOCUMENTS } from "./sample-documents";

describe("document files", () => {
  it("name a PDF and an e-invoice by the document in its language, typed for a download or a mail", async () => {
    const invoice = SAMPLE_DOCUMENTS["company-invoice-da"] as InvoiceDocument;
    const pdf = await pdfFile(invoice);
    expect(pdf).toMatchObject({ filename: "faktura-2026-0003.pdf", contentType: "application/pdf" });
    expect(pdf.content.subarray(0, 5).toString("latin1")).toBe("%PDF-");
    const ubl = ublFile(SAMPLE_DOCUMENTS["private-credit-note-en"] as InvoiceDocument);
    expect(ubl).toMatchObject({ filename: "credit-note-2026-0006.xml", contentType: "application/xml" });
    expect(ubl.content.toString("utf8")).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<CreditNote /);
  });
});
