import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import PDFDocument from "pdfkit";
import sharp from "sharp";
import { inRanges, pdfFontFile, type PdfFontWeight } from "~/fonts/subset";
import {
  countryName,
  formatDecimal,
  formatLongDate,
  formatOere,
  formatPeriod,
  formatShare,
  formatShortDate,
  textsOf,
} from "./document-texts";
import {
  assertDocument,
  buyerCvr,
  documentFileName,
  documentTotals,
  STANDARD_VAT_PERCENT,
  type DocumentLine,
  type InvoiceDocument,
} from "./invoice-document";

/**
 * The invoice or credit note as an A4 PDF (pdfkit, decision 0275): every field a Danish invoice
 * needs, selectable text in embedded Inter, the stable's logo. The same document always gives the
 * same bytes (its dates come from the document, not the clock).
 */

const PAGE = { width: 595.28, height: 841.89 };
const LEFT = 50;
const RIGHT = PAGE.width - 50;
const TOP = 50;
/** Content stops here; the footer sits below. */
const BOTTOM = PAGE.height - 80;
const INK = "#1a1a1a";
const MUTED = "#5b5b5b";
const RULE = "#cfcfcf";

type FontPart = "latin" | "latin-ext";

/** The project's root, found from this module wherever it runs from (sources or the build). */
function projectFile(file: string) {
  for (let dir = path.dirname(fileURLToPath(import.meta.url)); ; dir = path.dirname(dir)) {
    const candidate = path.join(dir, file);
    if (fs.existsSync(candidate)) return candidate;
    if (path.dirname(dir) === dir) throw new Error(`${file} is missing`);
  }
}

let fontFiles: Map<string, Buffer> | undefined;

function fonts() {
  fontFiles ??= new Map(
    (["regular", "bold"] as const).flatMap((weight) =>
      (["latin", "latin-ext"] as const).map((part) => [
        fontName(weight, part),
        fs.readFileSync(projectFile(pdfFontFile(weight, part))),
      ]),
    ),
  );
  return fontFiles;
}

const fontName = (weight: PdfFontWeight, part: FontPart) => `${weight}-${part}`;

/** Control characters and line separators typed into a name never reach the page. */
function clean(text: string) {
  return text.replace(/[\u2028\u2029]/g, " ").replace(/[^\P{Cc}\n]/gu, "");
}

/** The text split where it changes between the Latin-1 font and the Latin Extended one. */
function runs(text: string): { part: FontPart; text: string }[] {
  const found: { part: FontPart; text: string }[] = [];
  for (const char of clean(text)) {
    const part: FontPart = char === "\n" || inRanges(char.codePointAt(0)!) ? "latin" : "latin-ext";
    const last = found[found.length - 1];
    if (last?.part === part) last.text += char;
    else found.push({ part, text: char });
  }
  return found;
}

type Style = { size: number; weight?: PdfFontWeight; color?: string; width: number; align?: "left" | "right" };

/** Logos are drawn from a PNG at most this many pixels across (or a third of it high). */
const LOGO_PIXELS = 600;

/** The seller's logo as a PNG pdfkit can draw, or null when there is none or it is no image. */
async function pdfLogo(logo: Uint8Array | null | undefined) {
  if (!logo || logo.length === 0) return null;
  try {
    return await sharp(logo, { limitInputPixels: 50_000_000 })
      .resize({ width: LOGO_PIXELS, height: LOGO_PIXELS / 3, fit: "inside", withoutEnlargement: true })
      .png()
      .toBuffer();
  } catch {
    return null;
  }
}

class Page {
  y = TOP;
  constructor(readonly pdf: PDFKit.PDFDocument) {}

  /** Writes text at (x, y) and answers its height. */
  text(text: string, x: number, y: number, style: Style) {
    const { pdf } = this;
    const parts = runs(text);
    if (parts.length === 0) return 0;
    const height = this.height(text, style);
    const color = style.color ?? INK;
    const options = { width: style.width, align: style.align ?? "left", lineGap: 1.5 };
    parts.forEach((part, i) => {
      pdf
        .font(fontName(style.weight ?? "regular", part.part))
        .fontSize(style.size)
        .fillColor(color);
      const continued = i < parts.length - 1;
      if (i === 0) pdf.text(part.text, x, y, { ...options, continued });
      else pdf.text(part.text, { ...options, continued });
    });
    return height;
  }

  height(text: string, style: Style) {
    if (text === "") return 0;
    return this.pdf
      .font(fontName(style.weight ?? "regular", "latin"))
      .fontSize(style.size)
      .heightOfString(clean(text), { width: style.width, lineGap: 1.5 });
  }

  rule(y: number, color = RULE, from = LEFT, to = RIGHT) {
    this.pdf.moveTo(from, y).lineTo(to, y).lineWidth(0.6).strokeColor(color).stroke();
  }

  /** Starts a new page when `height` does not fit; `again` redraws what heads the page (a table's header). */
  room(height: number, again?: () => void) {
    if (this.y + height <= BOTTOM) return;
    this.pdf.addPage();
    this.y = TOP;
    again?.();
  }
}

/** Columns of the line tables: description, quantity, share, unit price, VAT, amount. */
const COLUMNS = {
  description: { x: LEFT, width: 200 },
  quantity: { x: 252, width: 62 },
  share: { x: 316, width: 50 },
  unitPrice: { x: 368, width: 68 },
  vat: { x: 438, width: 35 },
  amount: { x: 475, width: RIGHT - 475 },
} as const;

function lineDetail(line: DocumentLine, doc: InvoiceDocument) {
  const period = line.period ? formatPeriod(line.period, doc.language, formatShortDate) : null;
  return [line.horseName, period].filter(Boolean).join(" · ");
}

function drawTable(page: Page, doc: InvoiceDocument, title: string, lines: DocumentLine[], intro?: string) {
  const t = textsOf(doc);
  const header = () => {
    const y = page.y;
    const small = { size: 8, weight: "bold" as const, color: MUTED };
    page.text(t.description, COLUMNS.description.x, y, { ...small, width: COLUMNS.description.width });
    for (const key of ["quantity", "share", "unitPrice", "vat", "amount"] as const) {
      page.text(t[key], COLUMNS[key].x, y, { ...small, width: COLUMNS[key].width, align: "right" });
    }
    page.y += 13;
    page.rule(page.y - 2, MUTED);
    page.y += 3;
  };
  page.room(60);
  page.y += page.text(title, LEFT, page.y, { size: 11.5, weight: "bold", width: RIGHT - LEFT }) + 3;
  if (intro) page.y += page.text(intro, LEFT, page.y, { size: 8.5, color: MUTED, width: RIGHT - LEFT }) + 4;
  header();
  for (const line of lines) {
    const detail = lineDetail(line, doc);
    const descriptionStyle = { size: 9.5, width: COLUMNS.description.width };
    const detailStyle = { size: 8, color: MUTED, width: COLUMNS.description.width };
    const height = page.height(line.description, descriptionStyle) + page.height(detail, detailStyle) + 8;
    page.room(height, header);
    const y = page.y + 3;
    const described = page.text(line.description, COLUMNS.description.x, y, descriptionStyle);
    page.text(detail, COLUMNS.description.x, y + described, detailStyle);
    const cells = {
      quantity: `${formatDecimal(line.quantity)} ${t.unit(line.unit, line.quantity)}`,
      share: formatShare(line.sharePercent),
      unitPrice: formatOere(line.unitPriceOere),
      vat: line.vat === "standard" ? `${STANDARD_VAT_PERCENT} %` : "–",
      amount: formatOere(line.netOere),
    };
    for (const [key, value] of Object.entries(cells) as [keyof typeof cells, string][]) {
      page.text(value, COLUMNS[key].x, y, { size: 9.5, width: COLUMNS[key].width, align: "right" });
    }
    page.y += height;
    page.rule(page.y - 1);
  }
  page.y += 14;
}

function drawHeader(page: Page, doc: InvoiceDocument, logo: Buffer | null) {
  const t = textsOf(doc);
  const { seller } = doc;
  let logoBottom = TOP;
  if (logo) {
    page.pdf.image(logo, LEFT, TOP, { fit: [170, 64] });
    logoBottom = TOP + 64;
  }
  const x = 320;
  const width = RIGHT - x;
  let y = TOP;
  y += page.text(seller.legalName, x, y, { size: 11, weight: "bold", width, align: "right" }) + 2;
  const details = [
    seller.address.street,
    `${seller.address.postalCode} ${seller.address.city}`,
    countryName(seller.address.countryCode, doc.language),
    `${t.cvr} ${seller.cvr}`,
    seller.email,
    seller.phone ?? "",
  ];
  for (const detail of details.filter((d) => d.trim() !== "")) {
    y += page.text(detail, x, y, { size: 9, color: MUTED, width, align: "right" });
  }
  page.y = Math.max(logoBottom, y) + 22;
}

function drawParties(page: Page, doc: InvoiceDocument) {
  const t = textsOf(doc);
  const top = page.y;
  page.y += page.text(doc.kind === "invoice" ? t.invoice : t.creditNote, LEFT, page.y, {
    size: 22,
    weight: "bold",
    width: 260,
  });
  page.y += 12;
  const { buyer } = doc;
  let y = page.y;
  y += page.text(t.billTo[doc.kind], LEFT, y, { size: 8, weight: "bold", color: MUTED, width: 250 }) + 2;
  y += page.text(buyer.name, LEFT, y, { size: 10.5, weight: "bold", width: 250 });
  const cvr = buyerCvr(buyer);
  const lines = [
    buyer.address.street,
    `${buyer.address.postalCode} ${buyer.address.city}`,
    countryName(buyer.address.countryCode, doc.language),
    cvr ? `${t.cvr} ${cvr}` : "",
    buyer.email,
  ];
  for (const line of lines.filter((l) => l.trim() !== "")) y += page.text(line, LEFT, y, { size: 9.5, width: 250 });

  const facts: [string, string][] = [
    [t.number[doc.kind], doc.number],
    [t.issueDate[doc.kind], formatLongDate(doc.issueDate, doc.language)],
    [t.deliveryPeriod, formatPeriod(doc.deliveryPeriod, doc.language, formatShortDate)],
  ];
  if (doc.kind === "invoice") facts.push([t.dueDate, formatLongDate(doc.dueDate, doc.language)]);
  if (doc.creditedInvoice) {
    const credited = doc.creditedInvoice;
    facts.push([t.creditedInvoice, `${credited.number} (${formatShortDate(credited.issueDate, doc.language)})`]);
  }
  facts.push([t.customerReference, buyer.reference]);
  let factsY = top + 6;
  for (const [label, value] of facts) {
    page.text(label, 320, factsY, { size: 9, color: MUTED, width: 100 });
    factsY += Math.max(
      page.text(value, 420, factsY, { size: 9, weight: "bold", width: RIGHT - 420, align: "right" }),
      page.height(label, { size: 9, width: 100 }),
    );
    factsY += 3;
  }
  page.y = Math.max(y, factsY) + 22;
  if (doc.creditedInvoice) {
    const { number, issueDate } = doc.creditedInvoice;
    page.y +=
      page.text(t.credits(number, formatLongDate(issueDate, doc.language)), LEFT, page.y, {
        size: 10,
        width: RIGHT - LEFT,
      }) + 14;
  }
}

/** The totals per VAT rate (right) beside the payment details (left), then the note. */
function drawSummary(page: Page, doc: InvoiceDocument) {
  const t = textsOf(doc);
  const totals = documentTotals(doc);
  const rows: [string, number][] = [];
  for (const b of totals.breakdown) {
    if (b.vat === "standard") {
      rows.push([t.netAtRate(b.ratePercent), b.taxableOere], [t.vatAtRate(b.ratePercent), b.vatOere]);
    } else rows.push([t.outlaysTotal, b.taxableOere]);
  }
  const left = { size: 9, width: 235 };
  let payment: { text: string; bold?: boolean }[];
  if (doc.kind === "credit-note") payment = [{ text: t.creditSettled }];
  else {
    const { bank } = doc.seller;
    payment = [
      { text: t.payment, bold: true },
      { text: t.payBy(formatOere(totals.totalOere), formatLongDate(doc.dueDate, doc.language)) },
      { text: t.bankAccount(bank.regNo, bank.accountNo) },
      { text: [bank.iban ? `IBAN ${bank.iban}` : "", bank.bic ? `BIC ${bank.bic}` : ""].filter(Boolean).join(", ") },
      { text: t.paymentReference(doc.paymentReference || doc.number) },
    ].filter((line) => line.text !== "");
  }
  const paymentHeight = payment.reduce((sum, line) => sum + page.height(line.text, left) + 2, 0);
  page.room(Math.max(rows.length * 15 + 30, paymentHeight));
  const top = page.y;
  let y = top;
  for (const line of payment) {
    y += page.text(line.text, LEFT, y, { ...left, weight: line.bold ? "bold" : "regular" }) + 2;
  }
  const x = 310;
  const amount = { x: COLUMNS.amount.x - 30, width: COLUMNS.amount.width + 30, align: "right" as const };
  for (const [label, oere] of rows) {
    page.text(label, x, page.y, { size: 9.5, width: 160 });
    page.text(formatOere(oere), amount.x, page.y, { size: 9.5, ...amount });
    page.y += 15;
  }
  page.rule(page.y, INK, x);
  page.y += 5;
  const total = { size: 11, weight: "bold" as const };
  page.text(t.total[doc.kind], x, page.y, { ...total, width: 160 });
  page.text(formatOere(totals.totalOere), amount.x, page.y, { ...total, ...amount });
  page.y = Math.max(y, page.y + 16) + 20;
  if (doc.note?.trim()) {
    const body = { size: 9.5, width: RIGHT - LEFT };
    page.room(page.height(doc.note, body));
    page.y += page.text(doc.note, LEFT, page.y, body) + 12;
  }
}

function drawFooters(page: Page, doc: InvoiceDocument) {
  const t = textsOf(doc);
  const { pdf } = page;
  const range = pdf.bufferedPageRange();
  const footer = `${doc.seller.legalName} · ${t.cvr} ${doc.seller.cvr} · ${doc.seller.email}`;
  for (let i = 0; i < range.count; i++) {
    pdf.switchToPage(range.start + i);
    const y = PAGE.height - 50;
    page.rule(y - 6);
    page.text(footer, LEFT, y, { size: 8, color: MUTED, width: 380 });
    page.text(t.page(i + 1, range.count), RIGHT - 100, y, { size: 8, color: MUTED, width: 100, align: "right" });
  }
}

/** The document as a PDF (A4). Throws InvalidDocumentError for a document unfit to issue. */
export async function invoicePdf(doc: InvoiceDocument): Promise<Buffer> {
  assertDocument(doc);
  const t = textsOf(doc);
  const logo = await pdfLogo(doc.seller.logo);
  const issued = new Date(`${doc.issueDate}T00:00:00Z`);
  const title = `${doc.kind === "invoice" ? t.invoice : t.creditNote} ${doc.number}`;
  const pdf = new PDFDocument({
    size: "A4",
    margins: { top: TOP, bottom: 20, left: LEFT, right: PAGE.width - RIGHT },
    bufferPages: true,
    lang: doc.language === "da" ? "da-DK" : "en-GB",
    displayTitle: true,
    info: {
      Title: clean(title),
      Author: clean(doc.seller.legalName),
      Subject: documentFileName(doc),
      CreationDate: issued,
      ModDate: issued,
    },
  });
  for (const [name, data] of fonts()) pdf.registerFont(name, data);
  const chunks: Uint8Array[] = [];
  const finished = new Promise<void>((resolve, reject) => {
    pdf.on("data", (chunk: Uint8Array) => chunks.push(chunk));
    pdf.on("end", resolve);
    pdf.on("error", reject);
  });
  const page = new Page(pdf);
  drawHeader(page, doc, logo);
  drawParties(page, doc);
  const standard = doc.lines.filter((line) => line.vat === "standard");
  const outlays = doc.lines.filter((line) => line.vat === "outlay");
  if (standard.length > 0) drawTable(page, doc, t.services, standard);
  if (outlays.length > 0) drawTable(page, doc, t.outlays, outlays, t.outlaysExplained);
  drawSummary(page, doc);
  drawFooters(page, doc);
  pdf.end();
  await finished;
  return Buffer.concat(chunks);
}
