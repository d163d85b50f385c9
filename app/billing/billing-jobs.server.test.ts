import { afterEach, describe, expect, it } from "vitest";
import { billedOwner, horseInTraining, setUpStable, STABLE_DETAILS } from "@tests/billing";
import { saveStableBillingDetails } from "~/models/billing-details.server";
import { testEngine, useFreshDatabase } from "@tests/db";
import { fakeClock } from "@tests/fake-clock";
import { startJobScheduler, type Scheduler } from "~/jobs/scheduler.server";
import { addDraftLine, createDraft, deleteDraft, listInvoices } from "~/models/invoice.server";
import { getJobRun } from "~/models/job-run.server";
import { listQueuedMail } from "~/models/mail-queue.server";
import { recordPayment } from "~/models/payment.server";
import { db } from "~/platform/db.server";
import { composeReminder, monthlyDraftsJob, overdueReminderJob } from "./billing-jobs.server";
import { issueInvoices } from "./issue.server";
import { runMonthlyDrafts } from "./monthly-drafts.server";

useFreshDatabase();

let scheduler: Scheduler | undefined;
afterEach(async () => {
  await scheduler?.stop();
  scheduler = undefined;
});

/** A job on the scheduler from `start`, on a clock the test moves (firing its timers). */
async function jobFrom(job: typeof monthlyDraftsJob, start: string) {
  const clock = fakeClock(start);
  const s = startJobScheduler({ jobs: [job], clock });
  scheduler = s;
  await s.settled();
  return (to: string) => clock.moveTo(to, () => s.settled());
}

async function twoOwners() {
  await setUpStable();
  const anna = await billedOwner("Anna Holm");
  const bo = await billedOwner("Bo Berg", { language: "en", company: true });
  await horseInTraining("Nordlys", [
    { ownerId: anna.id, hundredths: 6000 },
    { ownerId: bo.id, hundredths: 4000 },
  ]);
  return { anna, bo };
}

describe(`billing's scheduled jobs (${testEngine})`, () => {
  it("drafts the month just ended on the 1st at 06:00 Danish time, once", async () => {
    const { anna, bo } = await twoOwners();
    const months = async () => (await listInvoices({ state: "draft" })).map((d) => [d.ownerId, d.runMonth]);
    // A new job runs its current period at its first start: January's run (December's drafts).
    const moveTo = await jobFrom(monthlyDraftsJob, "2026-02-01T04:59:00Z"); // 05:59 in Copenhagen
    expect(await months()).toEqual([
      [anna.id, "2025-12"],
      [bo.id, "2025-12"],
    ]);
    await moveTo("2026-02-01T04:59:59Z");
    expect(await months()).toHaveLength(2);
    await moveTo("2026-02-01T05:00:00Z"); // 06:00
    const drafts = await listInvoices({ state: "draft", runMonth: "2026-01" });
    expect(drafts.map((d) => d.ownerId)).toEqual([anna.id, bo.id]);
    expect(await getJobRun("billing-monthly-drafts", "2026-02")).toMatchObject({ status: "done", attempts: 1 });

    // Deleted by the administrator, a draft is not made again by the same month's run.
    await deleteDraft(drafts[0]!.id);
    await moveTo("2026-02-20T12:00:00Z");
    expect(await listInvoices({ state: "draft", runMonth: "2026-01" })).toHaveLength(1);
    expect(await getJobRun("billing-monthly-drafts", "2026-02")).toMatchObject({ status: "done", attempts: 1 });
    // The next month's run drafts February.
    await moveTo("2026-03-01T05:00:00Z");
    expect(await listInvoices({ state: "draft", runMonth: "2026-02" })).toHaveLength(2);
    expect(await listInvoices({ state: "draft", runMonth: "2026-01" })).toHaveLength(1);
  });

  it("reminds an owner of unpaid invoices the chosen days past due, once per invoice, at most one mail per owner in 14 days", async () => {
    const { anna, bo } = await twoOwners();
    // Issued 1 February: due 15 February (14 days), reminded from 22 February (7 days after).
    await runMonthlyDrafts({ month: "2026-01" });
    const january = await listInvoices({ state: "draft" });
    await issueInvoices(
      january.map((d) => d.id),
      { now: new Date("2026-02-01T10:00:00Z") },
    );
    const annaFirst = january.find((d) => d.ownerId === anna.id)!;
    // Anna's second invoice, a few days later: reminded from 26 February, but she had one on the 22nd.
    const extra = await createDraft(anna.id, { start: "2026-01-01", end: "2026-01-31" });
    await addDraftLine(extra!.id, {
      description: "Dyrlæge",
      quantity: "1",
      unit: "piece",
      unitPriceOere: 125000,
      vat: "standard",
    });
    await issueInvoices([extra!.id], { now: new Date("2026-02-05T10:00:00Z") });

    const reminders = () => listQueuedMail({ kind: "invoice-reminder" });
    const moveTo = await jobFrom(overdueReminderJob, "2026-02-21T07:00:00Z");
    await moveTo("2026-02-21T12:00:00Z");
    expect(await reminders()).toHaveLength(0);
    expect(await getJobRun("billing-overdue-reminders", "2026-02-21")).toMatchObject({ status: "done" });

    await moveTo("2026-02-22T08:00:00Z"); // 09:00 in Copenhagen
    const first = await reminders();
    // One mail per owner, to the address the invoices went to.
    expect(first.map((m) => m.toAddress).sort()).toEqual([anna.email, bo.email].sort());

    // Bo pays before his mail is sent: his reminder is not sent at all.
    const boInvoice = january.find((d) => d.ownerId === bo.id)!;
    const boMail = (await db()
      .selectFrom("invoice_reminders")
      .select("mail_id")
      .where("invoice_id", "=", boInvoice.id)
      .executeTakeFirst())!.mail_id;
    const english = await composeReminder(boMail, new Date("2026-02-22T08:00:05Z"));
    expect(english!.subject).toBe("Reminder: unpaid invoice 2 from Stald Nordlys ApS");
    expect(english!.text).toContain("invoice no. 2");
    await recordPayment(boInvoice.id, { paidOn: "2026-02-22", amountOere: 697500 });
    expect(await composeReminder(boMail, new Date("2026-02-22T08:00:10Z"))).toBeNull();

    const annaMail = (await db()
      .selectFrom("invoice_reminders")
      .select("mail_id")
      .where("invoice_id", "=", annaFirst.id)
      .executeTakeFirst())!.mail_id;
    const danish = await composeReminder(annaMail, new Date("2026-02-22T08:00:05Z"));
    expect(danish!.subject).toBe("Påmindelse: ubetalt faktura 1 fra Stald Nordlys ApS");
    expect(danish!.text).toContain("10.462,50 kr. udestår");

    // Once per invoice, and Anna's second invoice waits for 14 days after her first reminder.
    await moveTo("2026-03-08T12:00:00Z");
    expect(await reminders()).toHaveLength(2);
    await moveTo("2026-03-09T08:00:00Z");
    const later = await reminders();
    expect(later).toHaveLength(3);
    const reminded = await db().selectFrom("invoice_reminders").select(["invoice_id", "mail_id"]).execute();
    expect(reminded.map((r) => r.invoice_id).sort()).toEqual([annaFirst.id, boInvoice.id, extra!.id].sort());
    await moveTo("2026-04-01T12:00:00Z");
    expect(await reminders()).toHaveLength(3);
  });

  it("sends no reminder when the stable chose none", async () => {
    await twoOwners();
    await runMonthlyDrafts({ month: "2026-01" });
    const drafts = await listInvoices({ state: "draft" });
    await issueInvoices(
      drafts.map((d) => d.id),
      { now: new Date("2026-02-01T10:00:00Z") },
    );
    await saveStableBillingDetails({ ...STABLE_DETAILS, reminderDays: null });
    const moveTo = await jobFrom(overdueReminderJob, "2026-02-22T07:00:00Z");
    await moveTo("2026-02-22T12:00:00Z");
    expect(await listQueuedMail({ kind: "invoice-reminder" })).toHaveLength(0);
  });
});
