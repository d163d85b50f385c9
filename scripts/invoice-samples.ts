/**
 * `npm run invoice:samples [-- DIR]`: writes the sample invoices and credit notes
 * (app/billing/sample-documents.ts) as PDF and UBL into DIR (default data/invoice-samples), to be
 * looked at and run through the official EN 16931 and Peppol BIS Billing 3.0 rules.
 */
import fs from "node:fs";
import path from "node:path";
import { documentFileName } from "~/billing/invoice-document";
import { invoicePdf } from "~/billing/invoice-pdf.server";
import { invoiceUbl } from "~/billing/invoice-ubl.server";
import { SAMPLE_DOCUMENTS } from "~/billing/sample-documents";

const dir = path.resolve(process.argv[2] ?? "data/invoice-samples");
fs.mkdirSync(dir, { recursive: true });
const logo = fs.readFileSync(path.resolve("public/logo.svg"));
for (const [name, sample] of Object.entries(SAMPLE_DOCUMENTS)) {
  const doc = { ...sample, seller: { ...sample.seller, logo } };
  const file = path.join(dir, `${name}-${documentFileName(doc)}`);
  fs.writeFileSync(`${file}.pdf`, await invoicePdf(doc));
  fs.writeFileSync(`${file}.xml`, invoiceUbl(doc));
  console.log(`${file}.pdf, .xml`);
}
