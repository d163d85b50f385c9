import fs from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { mediaStorage } from "~/media/media-storage.server";
import { keyFromMediaUrl } from "~/media/storage.server";
import { sharePercentText } from "~/models/billing-terms";
import type { OwnerBillingDetails, StableBillingDetails } from "~/models/billing-details.server";
import type { Invoice, InvoiceLine } from "~/models/invoice.server";
import { getSiteSettings } from "~/models/site-settings.server";
import { log } from "~/platform/log.server";
import type { Buyer, DocumentLine, InvoiceDocument, Seller } from "./invoice-document";

/**
 * A stored invoice as its documents' InvoiceDocument (decision 0279). An issued one is built from
 * what it keeps: its lines and the seller and buyer as they were when it was issued, so its PDF and
 * e-invoice are the same whenever they are made. Only the logo is the Site tab's current one.
 */

/** The seller as an issued document keeps it (no logo: that is drawn from the Site tab). */
export type SellerSnapshot = Omit<Seller, "logo">;

export function sellerOf(details: StableBillingDetails): SellerSnapshot {
  return {
    legalName: details.legalName,
    address: details.address,
    cvr: details.cvr,
    email: details.invoiceEmail,
    phone: details.phone,
    bank: details.bank,
  };
}

export function buyerOf(owner: OwnerBillingDetails): Buyer {
  return {
    kind: owner.kind,
    name: owner.name,
    address: owner.address,
    email: owner.email,
    cvr: owner.kind === "company" ? owner.cvr : null,
    reference: owner.customerNo === null ? "" : String(owner.customerNo),
  };
}

export function documentLineOf(line: InvoiceLine): DocumentLine {
  return {
    description: line.description,
    horseName: line.horseName,
    period: line.period,
    quantity: line.quantity,
    unit: line.unit,
    unitPriceOere: line.unitPriceOere,
    sharePercent: line.shareHundredths === null ? null : sharePercentText(line.shareHundredths),
    netOere: line.netOere,
    vat: line.vat,
  };
}

/** The delivery period: the invoice's own, widened to every line's (a late cost from an earlier month). */
export function deliveryPeriodOf(period: { start: string; end: string }, lines: readonly InvoiceLine[]) {
  let { start, end } = period;
  for (const line of lines) {
    if (line.period && line.period.start < start) start = line.period.start;
    if (line.period && line.period.end > end) end = line.period.end;
  }
  return { start, end };
}

/** An issued invoice or credit note's document (the credited invoice given for a credit note). */
export function issuedDocument(
  invoice: Invoice,
  credited: Pick<Invoice, "number" | "issueDate"> | null,
  logo: Uint8Array | null = null,
): InvoiceDocument {
  if (invoice.state !== "issued") throw new Error("Only an issued invoice has its documents");
  const seller = JSON.parse(invoice.seller!) as SellerSnapshot;
  const buyer = JSON.parse(invoice.buyer!) as Buyer;
  return {
    kind: invoice.kind,
    number: invoice.number!,
    issueDate: invoice.issueDate!,
    dueDate: invoice.dueDate!,
    deliveryPeriod: invoice.period,
    language: invoice.language!,
    seller: { ...seller, logo },
    buyer,
    lines: invoice.lines.map(documentLineOf),
    creditedInvoice: credited ? { number: credited.number!, issueDate: credited.issueDate! } : null,
    note: invoice.note,
  };
}

/** The project's root, found from this module wherever it runs from (sources or the build). */
async function publicFile(name: string) {
  for (let dir = path.dirname(fileURLToPath(import.meta.url)); ; dir = path.dirname(dir)) {
    for (const candidate of [path.join(dir, "public", name), path.join(dir, "build", "client", name)]) {
      const bytes = await fs.readFile(candidate).catch(() => null);
      if (bytes) return bytes;
    }
    if (path.dirname(dir) === dir) return null;
  }
}

/** The Site tab's logo as bytes for the PDF; null (the PDF goes without) when it cannot be read. */
export async function stableLogo(): Promise<Uint8Array | null> {
  try {
    const { logoUrl } = await getSiteSettings();
    const key = keyFromMediaUrl(logoUrl);
    if (!key) return logoUrl.startsWith("/") && !logoUrl.includes("..") ? await publicFile(logoUrl.slice(1)) : null;
    const file = await mediaStorage().get(key);
    if (!file) return null;
    const chunks: Buffer[] = [];
    for await (const chunk of file.stream) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  } catch (error) {
    log.warn("invoice logo not read; the PDF goes without it", { error });
    return null;
  }
}
