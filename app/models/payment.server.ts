import type { Kysely } from "kysely";
import type { Database } from "@db/schema";
import { currentActor } from "~/platform/actor.server";
import { db, lockFor } from "~/platform/db.server";
import { formatDkk } from "~/racing/format";
import { recordActivity } from "./activity.server";
import { isIsoDay } from "./billing-terms";

/**
 * Payments received against issued invoices (part payments too), and where each invoice stands:
 * due, overdue, part-paid, paid, or credited. Payments live apart from the invoice, which never
 * changes (decision 0281).
 */

type Q = Kysely<Database>;

export type InvoiceStatus = "due" | "overdue" | "part-paid" | "paid" | "credited";

export type Standing = {
  status: InvoiceStatus;
  totalOere: number;
  paidOere: number;
  /** What credit notes for it credited, VAT included. */
  creditedOere: number;
  /** What is still to pay (never below zero). */
  outstandingOere: number;
  overdue: boolean;
};

/**
 * Where an invoice stands on `today`: paid once nothing is left to pay and something was paid,
 * credited once its credit notes leave nothing (or credit every line), otherwise due, overdue past its
 * due date, or part-paid.
 */
export function standingOf(
  invoice: { totalOere: number; dueDate: string; lines: number; creditedLines: number },
  paidOere: number,
  creditedOere: number,
  today: string,
): Standing {
  const left = invoice.totalOere - creditedOere - paidOere;
  const outstandingOere = Math.max(0, left);
  const allCredited = invoice.lines > 0 && invoice.creditedLines === invoice.lines;
  const overdue = outstandingOere > 0 && !allCredited && today > invoice.dueDate;
  const status: InvoiceStatus =
    outstandingOere === 0 || allCredited
      ? paidOere > 0 && paidOere >= invoice.totalOere - creditedOere
        ? "paid"
        : "credited"
      : overdue
        ? "overdue"
        : paidOere > 0
          ? "part-paid"
          : "due";
  return { status, totalOere: invoice.totalOere, paidOere, creditedOere, outstandingOere, overdue };
}

/** The standings of the issued invoices given, by id (credit notes and drafts have none). */
export async function standings(invoiceIds: readonly string[], today: string, q: Q = db()) {
  const out = new Map<string, Standing>();
  if (invoiceIds.length === 0) return out;
  const ids = [...new Set(invoiceIds)];
  const [invoices, paid, credits, lines, creditedLines] = await Promise.all([
    q
      .selectFrom("invoices")
      .select(["id", "total_oere", "due_date"])
      .where("id", "in", ids)
      .where("kind", "=", "invoice")
      .where("state", "=", "issued")
      .execute(),
    q
      .selectFrom("payments")
      .select((eb) => ["invoice_id", eb.fn.sum<number>("amount_oere").as("paid")])
      .where("invoice_id", "in", ids)
      .groupBy("invoice_id")
      .execute(),
    q
      .selectFrom("invoices")
      .select((eb) => ["credited_invoice_id", eb.fn.sum<number>("total_oere").as("credited")])
      .where("credited_invoice_id", "in", ids)
      .where("state", "=", "issued")
      .groupBy("credited_invoice_id")
      .execute(),
    q
      .selectFrom("invoice_lines")
      .select((eb) => ["invoice_id", eb.fn.countAll<number>().as("n")])
      .where("invoice_id", "in", ids)
      .groupBy("invoice_id")
      .execute(),
    q
      .selectFrom("invoice_lines as c")
      .innerJoin("invoice_lines as l", "l.id", "c.credits_line_id")
      .select((eb) => ["l.invoice_id", eb.fn.countAll<number>().as("n")])
      .where("l.invoice_id", "in", ids)
      .groupBy("l.invoice_id")
      .execute(),
  ]);
  const by = <T extends Record<string, unknown>>(rows: T[], key: keyof T, value: keyof T) =>
    new Map(rows.map((r) => [r[key] as string, Number(r[value] ?? 0)]));
  const paidBy = by(paid, "invoice_id", "paid");
  const creditedBy = by(credits, "credited_invoice_id", "credited");
  const linesBy = by(lines, "invoice_id", "n");
  const creditedLinesBy = by(creditedLines, "invoice_id", "n");
  for (const invoice of invoices) {
    out.set(
      invoice.id,
      standingOf(
        {
          totalOere: Number(invoice.total_oere),
          dueDate: invoice.due_date!,
          lines: linesBy.get(invoice.id) ?? 0,
          creditedLines: creditedLinesBy.get(invoice.id) ?? 0,
        },
        paidBy.get(invoice.id) ?? 0,
        creditedBy.get(invoice.id) ?? 0,
        today,
      ),
    );
  }
  return out;
}

export class InvalidPaymentError extends Error {
  constructor(readonly reason: "date" | "amount" | "not-issued" | "too-much") {
    super(`The payment cannot be recorded (${reason})`);
    this.name = "InvalidPaymentError";
  }
}

export type Payment = { id: string; invoiceId: string; paidOn: string; amountOere: number; note: string | null };

/**
 * Records a payment (all of what is left or a part of it) against an issued invoice, logged; more
 * than is left to pay is refused. Null: no such invoice.
 */
export async function recordPayment(
  invoiceId: string,
  { paidOn, amountOere, note = null }: { paidOn: string; amountOere: number; note?: string | null },
  now = new Date(),
): Promise<{ payment: Payment; standing: Standing } | null> {
  if (!isIsoDay(paidOn)) throw new InvalidPaymentError("date");
  if (!Number.isSafeInteger(amountOere) || amountOere <= 0) throw new InvalidPaymentError("amount");
  return db()
    .transaction()
    .execute(async (trx) => {
      await lockFor(trx, `payments:${invoiceId}`);
      const invoice = await trx
        .selectFrom("invoices as i")
        .innerJoin("owner_accounts as o", "o.user_id", "i.owner_id")
        .select(["i.kind", "i.state", "i.number", "o.name"])
        .where("i.id", "=", invoiceId)
        .executeTakeFirst();
      if (!invoice) return null;
      if (invoice.kind !== "invoice" || invoice.state !== "issued") throw new InvalidPaymentError("not-issued");
      const before = (await standings([invoiceId], paidOn, trx)).get(invoiceId)!;
      if (amountOere > before.outstandingOere) throw new InvalidPaymentError("too-much");
      const payment: Payment = {
        id: crypto.randomUUID(),
        invoiceId,
        paidOn,
        amountOere,
        note: note?.trim().slice(0, 500) || null,
      };
      await trx
        .insertInto("payments")
        .values({
          id: payment.id,
          invoice_id: invoiceId,
          paid_on: paidOn,
          amount_oere: amountOere,
          note: payment.note,
          created_at: now.toISOString(),
          created_by: currentActor()?.email ?? null,
        })
        .execute();
      const standing = (await standings([invoiceId], paidOn, trx)).get(invoiceId)!;
      await recordActivity(
        {
          kind: "payment",
          entity: "invoice",
          entityId: invoiceId,
          summary:
            `Payment recorded for invoice ${invoice.number}: ${invoice.name}, ${formatDkk(amountOere)} on ${paidOn}` +
            (standing.outstandingOere ? `, ${formatDkk(standing.outstandingOere)} left` : ", paid"),
        },
        { trx },
      );
      return { payment, standing };
    });
}

export async function paymentsOf(invoiceId: string, q: Q = db()): Promise<Payment[]> {
  const rows = await q
    .selectFrom("payments")
    .select(["id", "invoice_id", "paid_on", "amount_oere", "note"])
    .where("invoice_id", "=", invoiceId)
    .orderBy("paid_on")
    .orderBy("created_at")
    .execute();
  return rows.map((r) => ({
    id: r.id,
    invoiceId: r.invoice_id,
    paidOn: r.paid_on,
    amountOere: Number(r.amount_oere),
    note: r.note,
  }));
}

export type OverdueInvoice = {
  id: string;
  number: string;
  ownerId: string;
  ownerName: string;
  /** The address the invoice went to. */
  email: string;
  language: "en" | "da";
  issueDate: string;
  dueDate: string;
  totalOere: number;
  outstandingOere: number;
};

/**
 * The issued invoices past their due date on `today` with something left to pay, the longest
 * overdue first (at most `limit`): the Today panel's list, the Billing tab's and the reminders'.
 */
export async function listOverdue(today: string, { limit = 500 }: { limit?: number } = {}, q: Q = db()) {
  const rows = await q
    .selectFrom("invoices as i")
    .innerJoin("owner_accounts as o", "o.user_id", "i.owner_id")
    .select(["i.id", "i.number", "i.owner_id", "o.name", "i.buyer", "i.language", "i.issue_date", "i.due_date"])
    .where("i.kind", "=", "invoice")
    .where("i.state", "=", "issued")
    .where("i.due_date", "<", today)
    .where((eb) =>
      eb(
        "i.total_oere",
        ">",
        eb(
          eb.fn.coalesce(
            eb
              .selectFrom("payments as p")
              .select((p) => p.fn.sum<number>("p.amount_oere").as("s"))
              .whereRef("p.invoice_id", "=", "i.id"),
            eb.lit(0),
          ),
          "+",
          eb.fn.coalesce(
            eb
              .selectFrom("invoices as c")
              .select((c) => c.fn.sum<number>("c.total_oere").as("s"))
              .whereRef("c.credited_invoice_id", "=", "i.id")
              .where("c.state", "=", "issued"),
            eb.lit(0),
          ),
        ),
      ),
    )
    .orderBy("i.due_date")
    .orderBy("i.seq")
    .limit(limit)
    .execute();
  const standing = await standings(
    rows.map((r) => r.id),
    today,
    q,
  );
  return rows.flatMap((r): OverdueInvoice[] => {
    const s = standing.get(r.id);
    if (!s?.overdue) return [];
    const buyer = JSON.parse(r.buyer!) as { email: string };
    return [
      {
        id: r.id,
        number: r.number!,
        ownerId: r.owner_id,
        ownerName: r.name,
        email: buyer.email,
        language: r.language ?? "da",
        issueDate: r.issue_date!,
        dueDate: r.due_date!,
        totalOere: s.totalOere,
        outstandingOere: s.outstandingOere,
      },
    ];
  });
}
