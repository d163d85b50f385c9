import type { Transaction } from "kysely";
import type { Database } from "@db/schema";
import { wakeMailDelivery } from "~/jobs/mail-delivery.server";
import { recordActivity } from "~/models/activity.server";
import { addDays } from "~/models/billing-terms";
import { getOwnerBillingDetails, getStableBillingDetails } from "~/models/billing-details.server";
import { getInvoice, insertLines, type Invoice, type NewLine } from "~/models/invoice.server";
import { enqueueMail } from "~/models/mail-queue.server";
import { currentActor } from "~/platform/actor.server";
import { db, lockFor } from "~/platform/db.server";
import { formatDkk } from "~/racing/format";
import { danishToday } from "~/racing/race-day";
import { buyerOf, deliveryPeriodOf, documentLineOf, sellerOf } from "./invoice-record.server";
import { documentProblems, documentTotals, type Buyer, type InvoiceDocument } from "./invoice-document";
import { BILLING_LOCK } from "./monthly-drafts.server";

/**
 * Issuing (decision 0282): a draft becomes an invoice with the next number of the one gapless series,
 * its issue date, delivery period and due date, the seller and buyer as they are now, and its mail to
 * the owner queued, all in one transaction per invoice. The number counter is one row moved on in
 * that transaction, so a number is used exactly when its invoice commits: no gap after a crash or a
 * refused invoice, never the same number twice, whatever runs at the same time. Credit notes take
 * their number from the same series.
 */

/** Delivery attempts for an invoice's mail (about four hours with the default backoff). */
export const INVOICE_MAIL_ATTEMPTS = 10;

export type IssueResult =
  | { id: string; outcome: "issued"; number: string }
  | { id: string; outcome: "already-issued"; number: string }
  | { id: string; outcome: "missing" }
  | { id: string; outcome: "refused"; problems: string[] };

/** The series' number as text (decision 0278 leaves the format to billing). */
export const numberText = (seq: number) => String(seq);

/** Takes the next number: the counter row's UPDATE locks it until this transaction ends. */
async function takeNumber(trx: Transaction<Database>) {
  const row = await trx
    .updateTable("number_series")
    .set((eb) => ({ next_seq: eb("next_seq", "+", 1) }))
    .where("id", "=", "documents")
    .returning("next_seq")
    .executeTakeFirstOrThrow();
  return Number(row.next_seq) - 1;
}

async function queueDocumentMail(trx: Transaction<Database>, to: string, now: Date) {
  const mail = await enqueueMail(
    { kind: "invoice", toAddress: to, linkOrigin: currentActor()?.origin, attemptLimit: INVOICE_MAIL_ATTEMPTS },
    { executor: trx, now },
  );
  return mail.id;
}

/** The facts a document is made of, as issued now (the number comes last). */
async function issuingDocument(
  trx: Transaction<Database>,
  invoice: Invoice,
  now: Date,
): Promise<{ doc: InvoiceDocument } | { problems: string[] }> {
  const [stable, owner] = await Promise.all([
    getStableBillingDetails(trx),
    getOwnerBillingDetails(invoice.ownerId, trx),
  ]);
  if (!owner) return { problems: ["the buyer is no longer an owner"] };
  const issueDate = danishToday(now);
  const doc: InvoiceDocument = {
    kind: "invoice",
    number: "pending",
    issueDate,
    dueDate: addDays(issueDate, stable.paymentTermsDays),
    deliveryPeriod: deliveryPeriodOf(invoice.period, invoice.lines),
    language: owner.language,
    seller: sellerOf(stable),
    buyer: buyerOf(owner),
    lines: invoice.lines.map(documentLineOf),
    note: invoice.note,
  };
  const problems = documentProblems(doc);
  return problems.length ? { problems } : { doc };
}

async function markIssued(
  trx: Transaction<Database>,
  id: string,
  doc: InvoiceDocument,
  seq: number,
  mailId: string,
  now: Date,
) {
  const totals = documentTotals(doc);
  const { logo: _logo, ...seller } = doc.seller;
  const updated = await trx
    .updateTable("invoices")
    .set({
      state: "issued",
      seq,
      number: doc.number,
      issue_date: doc.issueDate,
      due_date: doc.dueDate,
      period_start: doc.deliveryPeriod.start,
      period_end: doc.deliveryPeriod.end,
      language: doc.language,
      seller: JSON.stringify(seller),
      buyer: JSON.stringify(doc.buyer),
      net_oere: totals.netOere,
      vat_oere: totals.vatOere,
      total_oere: totals.totalOere,
      mail_id: mailId,
      issued_at: now.toISOString(),
      issued_by: currentActor()?.email ?? null,
      updated_at: now.toISOString(),
    })
    .where("id", "=", id)
    .where("state", "=", "draft")
    .executeTakeFirst();
  if (Number(updated.numUpdatedRows) !== 1) throw new Error("The draft changed while it was issued");
  return totals;
}

async function issueOne(id: string, now: Date): Promise<IssueResult> {
  return db()
    .transaction()
    .execute(async (trx): Promise<IssueResult> => {
      await lockFor(trx, BILLING_LOCK);
      const invoice = await getInvoice(id, trx);
      if (!invoice) return { id, outcome: "missing" };
      if (invoice.state === "issued") return { id, outcome: "already-issued", number: invoice.number! };
      if (invoice.kind !== "invoice") return { id, outcome: "refused", problems: ["not an invoice"] };
      const made = await issuingDocument(trx, invoice, now);
      if ("problems" in made) return { id, outcome: "refused", problems: made.problems };
      const seq = await takeNumber(trx);
      const doc = { ...made.doc, number: numberText(seq), paymentReference: numberText(seq) };
      const mailId = await queueDocumentMail(trx, doc.buyer.email, now);
      const totals = await markIssued(trx, id, doc, seq, mailId, now);
      await recordActivity(
        {
          kind: "issue",
          entity: "invoice",
          entityId: id,
          summary: `Invoice ${doc.number} issued: ${doc.buyer.name}, ${formatDkk(totals.totalOere)}`,
        },
        { trx },
      );
      return { id, outcome: "issued", number: doc.number };
    });
}

/**
 * Issues the drafts given, in that order, each in a transaction of its own: a draft that cannot be
 * issued (documentProblems) is refused with its problems and takes no number; the others go on.
 */
export async function issueInvoices(ids: readonly string[], { now = new Date() }: { now?: Date } = {}) {
  const results: IssueResult[] = [];
  for (const id of new Set(ids)) results.push(await issueOne(id, now));
  if (results.some((r) => r.outcome === "issued")) wakeMailDelivery();
  return results;
}

/** Only an issued invoice is credited (a draft is changed instead). */
export class NotCreditableError extends Error {
  constructor(readonly reason: "not-issued" | "already-credited" | "no-lines" | "unknown-line") {
    super(`The invoice cannot be credited (${reason})`);
    this.name = "NotCreditableError";
  }
}

export class RefusedDocumentError extends Error {
  constructor(readonly problems: string[]) {
    super(`The document cannot be issued: ${problems.join("; ")}`);
    this.name = "RefusedDocumentError";
  }
}

/**
 * A credit note for an issued invoice, issued at once: all its lines, or the ones chosen, each
 * exactly as it was billed (a line is credited once, ever). Null when there is no such invoice.
 */
export async function issueCreditNote(
  invoiceId: string,
  { lineIds, note = null, now = new Date() }: { lineIds?: readonly string[]; note?: string | null; now?: Date } = {},
): Promise<{ id: string; number: string } | null> {
  const result = await db()
    .transaction()
    .execute(async (trx) => {
      await lockFor(trx, BILLING_LOCK);
      const invoice = await getInvoice(invoiceId, trx);
      if (!invoice || invoice.kind !== "invoice") return null;
      if (invoice.state !== "issued") throw new NotCreditableError("not-issued");
      const chosen = lineIds ? new Set(lineIds) : null;
      if (chosen && [...chosen].some((id) => !invoice.lines.some((l) => l.id === id))) {
        throw new NotCreditableError("unknown-line");
      }
      const lines = invoice.lines.filter((l) => !chosen || chosen.has(l.id));
      if (lines.length === 0) throw new NotCreditableError("no-lines");
      const credited = await trx
        .selectFrom("invoice_lines")
        .select("credits_line_id")
        .where(
          "credits_line_id",
          "in",
          lines.map((l) => l.id),
        )
        .execute();
      if (credited.length) throw new NotCreditableError("already-credited");
      const stable = await getStableBillingDetails(trx);
      const issueDate = danishToday(now);
      const creditLines: NewLine[] = lines.map((l) => ({ ...l, source: "credit", creditsLineId: l.id }));
      const doc: InvoiceDocument = {
        kind: "credit-note",
        number: "pending",
        issueDate,
        dueDate: issueDate,
        deliveryPeriod: invoice.period,
        language: invoice.language!,
        seller: sellerOf(stable),
        buyer: JSON.parse(invoice.buyer!) as Buyer,
        lines: lines.map(documentLineOf),
        creditedInvoice: { number: invoice.number!, issueDate: invoice.issueDate! },
        note: note?.trim() || null,
      };
      const problems = documentProblems(doc);
      if (problems.length) throw new RefusedDocumentError(problems);
      const id = crypto.randomUUID();
      await trx
        .insertInto("invoices")
        .values({
          id,
          kind: "credit-note",
          state: "draft",
          owner_id: invoice.ownerId,
          period_start: invoice.period.start,
          period_end: invoice.period.end,
          credited_invoice_id: invoice.id,
          note: doc.note,
          created_at: now.toISOString(),
          updated_at: now.toISOString(),
        })
        .execute();
      await insertLines(trx, id, creditLines);
      const seq = await takeNumber(trx);
      const numbered = { ...doc, number: numberText(seq) };
      const mailId = await queueDocumentMail(trx, numbered.buyer.email, now);
      const totals = await markIssued(trx, id, numbered, seq, mailId, now);
      await recordActivity(
        {
          kind: "credit",
          entity: "invoice",
          entityId: invoice.id,
          summary:
            `Credit note ${numbered.number} issued for invoice ${invoice.number}: ${numbered.buyer.name}, ` +
            `${formatDkk(totals.totalOere)}${chosen ? ` (${lines.length} of ${invoice.lines.length} lines)` : ""}`,
        },
        { trx },
      );
      return { id, number: numbered.number };
    });
  if (result) wakeMailDelivery();
  return result;
}
