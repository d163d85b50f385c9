import { registerMailKind, wakeMailDelivery } from "~/jobs/mail-delivery.server";
import { daily } from "~/jobs/schedule";
import { job, registerJob, type JobContext } from "~/jobs/scheduler.server";
import { adminTranslator } from "~/i18n/admin/dictionary";
import { enqueueMail } from "~/models/mail-queue.server";
import { listDeadlines, type Deadline } from "~/models/runner-deadline.server";
import { getAdminLanguage } from "~/models/admin-language.server";
import { listAdmins } from "~/models/user-role.server";
import { db } from "~/platform/db.server";
import { log } from "~/platform/log.server";
import type { Mail } from "~/platform/mail.server";
import { danishLocal, danishLocalToIso } from "~/racing/declaration";
import { formatDanishTime } from "~/racing/format";
import { escapeHtml as escape } from "~/utils/html";
import { mailSender, stableMail } from "~/mail/stable-mail.server";
import { mailOrigin } from "~/platform/mail-parts.server";

const ATTEMPT_LIMIT = 10;

/** The Danish day of an instant, and the instant that day ends. */
function danishDay(at: Date) {
  const day = danishLocal(at.toISOString()).slice(0, 10);
  const next = new Date(`${day}T00:00:00Z`);
  next.setUTCDate(next.getUTCDate() + 1);
  const end = danishLocalToIso(`${next.toISOString().slice(0, 10)}T00:00`)!;
  return { day, end };
}

/** The deadlines from `now` to the end of `day`'s Danish day that still need an action. */
async function deadlinesLeft(day: Date, now: Date): Promise<Deadline[]> {
  const { end } = danishDay(day);
  if (now.toISOString() >= end) return [];
  return (await listDeadlines(now.toISOString(), end)).filter((d) => d.at < end);
}

/**
 * Queues the reminder for every administrator, and in the same transaction records the day's run
 * as done, so that it goes once whichever instance runs it and whatever happens to the process.
 */
async function queueDeadlineReminder(complete: JobContext["complete"], now: Date): Promise<number> {
  const admins = await listAdmins();
  const queued = await db()
    .transaction()
    .execute(async (trx) => {
      for (const admin of admins) {
        await enqueueMail(
          { kind: "deadline-reminder", toAddress: admin.email, attemptLimit: ATTEMPT_LIMIT },
          { executor: trx, now },
        );
      }
      await complete(trx);
      return admins.length;
    });
  if (queued) {
    log.info("deadline reminder queued", { day: danishDay(now).day, administrators: queued });
    wakeMailDelivery();
  }
  return queued;
}

/**
 * From 07:00 Danish time on a day with a deadline still ahead that day, the reminder for every
 * administrator, once. A day without one is looked at again every minute until its end (a
 * deadline typed in later that day still gets its reminder); the day's run is its claim.
 */
export const deadlineReminderJob = job({
  name: "deadline-reminder",
  due: daily("07:00"),
  retryMinutes: 1,
  ready: async ({ period, now }) => (await deadlinesLeft(period.start, now)).length > 0,
  run: async ({ now, complete }) => `${await queueDeadlineReminder(complete, now)} administrators`,
});

/**
 * The reminder as it is sent: the day's deadlines still ahead then, in the administrator's
 * language; none left, no mail.
 */
export async function composeDeadlineReminder(to: string, queuedAt: Date, now = new Date()): Promise<Mail | null> {
  const from = now > queuedAt ? now : queuedAt;
  const deadlines = await deadlinesLeft(queuedAt, from);
  if (deadlines.length === 0) return null;
  const user = await db().selectFrom("users").select("id").where("email", "=", to).executeTakeFirst();
  const lang = user ? await getAdminLanguage(user.id) : "en";
  const t = adminTranslator(lang);
  const origin = mailOrigin(null);
  const lines = deadlines.map((d) =>
    t(d.kind === "declare" ? "runners.deadlineDeclare" : "runners.deadlineWithdraw", {
      time: formatDanishTime(d.at, "minute"),
      horse: d.horseName,
      race: d.raceName,
    }),
  );
  const link = `${origin}/admin/runners`;
  return stableMail(await mailSender(origin, lang), {
    to,
    lang,
    subject: t("runners.reminderSubject"),
    html: `<p>${escape(t("runners.reminderIntro"))}</p>\n<ul>${lines.map((l) => `<li>${escape(l)}</li>`).join("")}</ul>\n<p><a href="${escape(link)}">${escape(link)}</a></p>`,
  });
}

/** Hands the mail queue the way to compose the reminder, and the scheduler its job (at start-up, server/jobs.ts). */
export function registerDeadlineReminder() {
  registerMailKind("deadline-reminder", async (claim) => {
    if (!claim.toAddress) throw new Error("The deadline reminder has no address");
    return composeDeadlineReminder(claim.toAddress, new Date(claim.createdAt));
  });
  registerJob(deadlineReminderJob);
}
