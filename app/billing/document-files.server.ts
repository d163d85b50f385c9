import type { MailAttachment } from "~/platform/mail.server";
import { documentFileName, type InvoiceDocument } from "./invoice-document";
import { invoicePdf } from "./invoice-pdf.server";
import { invoiceUbl } from "./invoice-ubl.server";

/**
 * A document as a file, named and typed the same way for a download and for a mail's attachment:
 * `faktura-2026-0003.pdf` (application/pdf), `faktura-2026-0003.xml` (application/xml).
 */
export type DocumentFile = MailAttachment;

export async function pdfFile(doc: InvoiceDocument): Promise<DocumentFile> {
  return { filename: `${documentFileName(doc)}.pdf`, contentType: "application/pdf", content: await invoicePdf(doc) };
}

export function ublFile(doc: InvoiceDocument): DocumentFile {
  return {
    filename: `${documentFileName(doc)}.xml`,
    contentType: "application/xml",
    content: Buffer.from(invoiceUbl(doc), "utf8"),
  };
}
