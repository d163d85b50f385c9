import { translator } from "~/i18n/dictionary";
import { registerMailKind, type MailComposer } from "~/jobs/mail-delivery.server";
import { mailSender, stableMail } from "~/mail/stable-mail.server";
import { getInvoice, selectInvoices, type Invoice } from "~/models/invoice.server";
import { mailOrigin, oneLine } from "~/platform/mail-parts.server";
import type { Mail } from "~/platform/mail.server";
import { escapeHtml } from "~/utils/html";
import { greetingName } from "~/utils/person-name";
import { formatLongDate, formatOere, formatPeriod } from "./document-texts";
import { pdfFile } from "./document-files.server";
import { issuedDocument, stableLogo } from "./invoice-record.server";
import { documentTotals, type InvoiceDocument } from "./invoice-document";

/**
 * The mail an issued invoice or credit note goes to its owner in, once: queued in the issuing
 * transaction (its id kept on the invoice), composed at each delivery attempt with the PDF made then
 * from the stored document (decision 0279). A composer that cannot make the PDF throws: the attempt
 * fails and is retried, the mail is never lost.
 */

/** The issued document a queued mail stands for, with the invoice it credits. */
export async function documentOfMail(mailId: string): Promise<{ invoice: Invoice; doc: InvoiceDocument } | null> {
  const row = await selectInvoices().where("i.mail_id", "=", mailId).where("i.state", "=", "issued").executeTakeFirst();
  if (!row) return null;
  const invoice = (await getInvoice(row.id))!;
  const credited = invoice.creditedInvoiceId ? await getInvoice(invoice.creditedInvoiceId) : null;
  return { invoice, doc: issuedDocument(invoice, credited, await stableLogo()) };
}

function paragraphs(lines: readonly string[]) {
  return lines.map((line) => `<p>${escapeHtml(line)}</p>\n`).join("");
}

export async function composeDocumentMail(mailId: string, origin: string): Promise<Mail> {
  const found = await documentOfMail(mailId);
  // The mail is queued with its invoice, in one transaction: without it, this is a fault worth retrying.
  if (!found) throw new Error("The invoice of this mail is not there");
  const { doc } = found;
  const lang = doc.language;
  const t = translator(lang);
  const sender = await mailSender(origin, lang);
  const total = formatOere(documentTotals(doc).totalOere);
  const name = greetingName(doc.buyer.name);
  const values = { number: doc.number, stable: doc.seller.legalName || sender.name };
  const lines =
    doc.kind === "invoice"
      ? [
          t("billing.mail.invoice", {
            number: doc.number,
            date: formatLongDate(doc.issueDate, lang),
            period: formatPeriod(doc.deliveryPeriod, lang),
            amount: total,
            due: formatLongDate(doc.dueDate, lang),
          }),
          t("billing.mail.pay", {
            regNo: doc.seller.bank.regNo,
            accountNo: doc.seller.bank.accountNo,
            reference: doc.paymentReference ?? doc.number,
          }),
        ]
      : [
          t("billing.mail.creditNote", {
            number: doc.number,
            date: formatLongDate(doc.issueDate, lang),
            credited: doc.creditedInvoice?.number ?? "",
            amount: total,
          }),
        ];
  return {
    ...stableMail(sender, {
      to: doc.buyer.email,
      lang,
      subject: oneLine(
        doc.kind === "invoice" ? t("billing.mail.invoiceSubject", values) : t("billing.mail.creditNoteSubject", values),
      ),
      html: paragraphs([
        name ? t("owners.mail.greeting", { name }) : t("owners.mail.greetingNoName"),
        ...lines,
        t("billing.mail.questions", { email: doc.seller.email }),
      ]),
    }),
    attachments: [await pdfFile(doc)],
  };
}

const compose: MailComposer = (claim) => composeDocumentMail(claim.id, mailOrigin(claim.linkOrigin));

/** Hands the background jobs what billing's mail needs (at start-up, server/jobs.ts). */
export function registerBillingJobs() {
  registerMailKind("invoice", compose);
}
