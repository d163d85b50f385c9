import { translator } from "~/i18n/dictionary";
import { registerMailKind, wakeMailDelivery } from "~/jobs/mail-delivery.server";
import { daily, monthly } from "~/jobs/schedule";
import { job, registerJob, type JobContext } from "~/jobs/scheduler.server";
import { mailSender, stableMail } from "~/mail/stable-mail.server";
import { addDays, previousMonth } from "~/models/billing-terms";
import { getStableBillingDetails } from "~/models/billing-details.server";
import { enqueueMail } from "~/models/mail-queue.server";
import { listOverdue, standings, type OverdueInvoice } from "~/models/payment.server";
import { db } from "~/platform/db.server";
import { log } from "~/platform/log.server";
import { mailOrigin, oneLine } from "~/platform/mail-parts.server";
import type { Mail } from "~/platform/mail.server";
import { danishToday } from "~/racing/race-day";
import { escapeHtml } from "~/utils/html";
import { greetingName } from "~/utils/person-name";
import { formatLongDate, formatOere } from "./document-texts";
import { runMonthlyDrafts } from "./monthly-drafts.server";

/**
 * Billing's scheduled jobs: the monthly run on the 1st at 06:00 Danish time (drafts for the month
 * just ended, decision 0282), and each morning the reminders of unpaid invoices the stable's chosen
 * number of days past their due date (decision 0290).
 */

/** The monthly run: on the 1st, the drafts of the month just ended; once per month across instances. */
export const monthlyDraftsJob = job({
  name: "billing-monthly-drafts",
  due: monthly(1, "06:00"),
  run: async ({ period, now }) => {
    const month = previousMonth(danishToday(period.start));
    const run = await runMonthlyDrafts({ month, now });
    const { created, refreshed } = run.drafts;
    return `${month}: ${created} drafts created, ${refreshed} refreshed, ${run.problems.length} problems`;
  },
});

/** An owner gets at most one reminder mail in this many days, whatever falls due in between. */
export const OWNER_REMINDER_GAP_DAYS = 14;
/** The invoices one reminder mail names at most; the rest wait for the owner's next one. */
export const REMINDER_INVOICES_PER_MAIL = 5;
/** Delivery attempts for a reminder (about four hours with the default backoff). */
const REMINDER_ATTEMPTS = 10;

/** The overdue invoices whose reminder is due on `today`: the chosen days past their due date, none sent yet. */
async function remindersDue(today: string) {
  const { reminderDays } = await getStableBillingDetails();
  if (reminderDays === null) return [];
  const overdue = (await listOverdue(today, { limit: 2000 })).filter((o) => addDays(o.dueDate, reminderDays) <= today);
  if (overdue.length === 0) return [];
  const sent = new Set<string>();
  for (let i = 0; i < overdue.length; i += 500) {
    const rows = await db()
      .selectFrom("invoice_reminders")
      .select("invoice_id")
      .where(
        "invoice_id",
        "in",
        overdue.slice(i, i + 500).map((o) => o.id),
      )
      .execute();
    for (const r of rows) sent.add(r.invoice_id);
  }
  return overdue.filter((o) => !sent.has(o.id));
}

/** The owners reminded since `since` (an instant): none of them gets another mail yet. */
async function ownersRemindedSince(since: string) {
  const rows = await db()
    .selectFrom("invoice_reminders as r")
    .innerJoin("invoices as i", "i.id", "r.invoice_id")
    .select("i.owner_id")
    .where("r.queued_at", ">=", since)
    .groupBy("i.owner_id")
    .execute();
  return new Set(rows.map((r) => r.owner_id));
}

/**
 * Queues the day's reminders: per owner one mail naming their invoices due for one (at most
 * REMINDER_INVOICES_PER_MAIL), to the address the invoice went to, unless that owner had one in the
 * last OWNER_REMINDER_GAP_DAYS days. Each invoice's reminder is recorded with its mail (once,
 * ever: its row's key) and the day's run completes in the same transaction.
 */
export async function queueOverdueReminders(complete: JobContext["complete"] | null, now: Date) {
  const today = danishToday(now);
  const due = await remindersDue(today);
  const recent = await ownersRemindedSince(
    new Date(now.getTime() - OWNER_REMINDER_GAP_DAYS * 86_400_000).toISOString(),
  );
  const byOwner = new Map<string, OverdueInvoice[]>();
  for (const o of due) {
    if (recent.has(o.ownerId)) continue;
    const list = byOwner.get(o.ownerId) ?? [];
    if (list.length < REMINDER_INVOICES_PER_MAIL) list.push(o);
    byOwner.set(o.ownerId, list);
  }
  const mails = await db()
    .transaction()
    .execute(async (trx) => {
      for (const invoices of byOwner.values()) {
        const mail = await enqueueMail(
          { kind: "invoice-reminder", toAddress: invoices[0]!.email, attemptLimit: REMINDER_ATTEMPTS },
          { executor: trx, now },
        );
        await trx
          .insertInto("invoice_reminders")
          .values(invoices.map((o) => ({ invoice_id: o.id, mail_id: mail.id, queued_at: now.toISOString() })))
          .execute();
      }
      if (complete) await complete(trx);
      return byOwner.size;
    });
  if (mails) {
    log.info("billing: overdue reminders queued", { owners: mails, invoices: [...byOwner.values()].flat().length });
    wakeMailDelivery();
  }
  return mails;
}

/** Each morning at 09:00 Danish time, the reminders due that day; once per day across instances. */
export const overdueReminderJob = job({
  name: "billing-overdue-reminders",
  due: daily("09:00"),
  run: async ({ now, complete }) => `${await queueOverdueReminders(complete, now)} owners reminded`,
});

/**
 * The reminder as it is sent, in the language of the invoices it names, in the stable's name: those
 * still unpaid then, each with what is left to pay; all paid meanwhile, no mail.
 */
export async function composeReminder(mailId: string, now = new Date()): Promise<Mail | null> {
  const rows = await db()
    .selectFrom("invoice_reminders as r")
    .innerJoin("invoices as i", "i.id", "r.invoice_id")
    .select(["i.id", "i.number", "i.issue_date", "i.due_date", "i.language", "i.buyer", "i.seller"])
    .where("r.mail_id", "=", mailId)
    .orderBy("i.seq")
    .execute();
  if (rows.length === 0) return null;
  const standing = await standings(
    rows.map((r) => r.id),
    danishToday(now),
  );
  const open = rows.filter((r) => (standing.get(r.id)?.outstandingOere ?? 0) > 0);
  if (open.length === 0) return null;
  const first = open[0]!;
  const lang = first.language ?? "da";
  const t = translator(lang);
  const buyer = JSON.parse(first.buyer!) as { name: string; email: string };
  const seller = JSON.parse(first.seller!) as {
    legalName: string;
    email: string;
    bank: { regNo: string; accountNo: string };
  };
  const origin = mailOrigin(null);
  const sender = await mailSender(origin, lang);
  const name = greetingName(buyer.name);
  const lines = [
    name ? t("owners.mail.greeting", { name }) : t("owners.mail.greetingNoName"),
    ...open.map((r) =>
      t("billing.mail.reminder", {
        number: r.number!,
        date: formatLongDate(r.issue_date!, lang),
        due: formatLongDate(r.due_date!, lang),
        amount: formatOere(standing.get(r.id)!.outstandingOere),
      }),
    ),
    ...open.map((r) =>
      t("billing.mail.pay", { regNo: seller.bank.regNo, accountNo: seller.bank.accountNo, reference: r.number! }),
    ),
    t("billing.mail.reminderPaid"),
    t("billing.mail.questions", { email: seller.email }),
  ];
  return stableMail(sender, {
    to: buyer.email,
    lang,
    subject: oneLine(
      t("billing.mail.reminderSubject", {
        numbers: open.map((r) => r.number).join(", "),
        stable: seller.legalName || sender.name,
      }),
    ),
    html: lines.map((line) => `<p>${escapeHtml(line)}</p>\n`).join(""),
  });
}

/** Hands the scheduler billing's jobs and the mail queue the reminder's composer (at start-up, server/jobs.ts). */
export function registerBillingSchedule() {
  registerMailKind("invoice-reminder", (claim) => composeReminder(claim.id));
  registerJob(monthlyDraftsJob);
  registerJob(overdueReminderJob);
}
