import { registerMailKind, wakeMailDelivery } from "~/jobs/mail-delivery.server";
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

/** The reminder goes at 07:00 Danish time, on a day with a deadline still ahead. */
export const REMINDER_HOUR = 7;
const CHECK_EVERY_MS = 60_000;
const ATTEMPT_LIMIT = 10;

/** The Danish day of an instant, and the instant that day ends. */
function danishDay(at: Date) {
  const day = danishLocal(at.toISOString()).slice(0, 10);
  const next = new Date(`${day}T00:00:00Z`);
  next.setUTCDate(next.getUTCDate() + 1);
  const end = danishLocalToIso(`${next.toISOString().slice(0, 10)}T00:00`)!;
  return { day, end };
}

/** The deadlines from `now` to the end of its Danish day that still need an action. */
async function deadlinesLeftToday(now: Date): Promise<Deadline[]> {
  const { end } = danishDay(now);
  return (await listDeadlines(now.toISOString(), end)).filter((d) => d.at < end);
}

/**
 * From 07:00 Danish time on a day with a deadline still ahead, queues the reminder for every
 * administrator, once: the day is claimed in the database in the same transaction, so another
 * instance checking at the same moment queues nothing. Answers how many mails it queued.
 */
export async function queueDeadlineReminder(now = new Date()): Promise<number> {
  const local = danishLocal(now.toISOString());
  if (Number(local.slice(11, 13)) < REMINDER_HOUR) return 0;
  const { day } = danishDay(now);
  const sent = await db().selectFrom("deadline_reminders").select("day").where("day", "=", day).executeTakeFirst();
  if (sent) return 0;
  if ((await deadlinesLeftToday(now)).length === 0) return 0;
  const admins = await listAdmins();
  const queued = await db()
    .transaction()
    .execute(async (trx) => {
      const claimed = await trx
        .insertInto("deadline_reminders")
        .values({ day, sent_at: now.toISOString() })
        .onConflict((oc) => oc.column("day").doNothing())
        .returning("day")
        .executeTakeFirst();
      if (!claimed) return 0;
      for (const admin of admins) {
        await enqueueMail(
          { kind: "deadline-reminder", toAddress: admin.email, attemptLimit: ATTEMPT_LIMIT },
          { executor: trx, now },
        );
      }
      return admins.length;
    });
  if (queued) {
    log.info("deadline reminder queued", { day, administrators: queued });
    wakeMailDelivery();
  }
  return queued;
}

/**
 * The reminder as it is sent: the day's deadlines still ahead then, in the administrator's
 * language; none left, no mail.
 */
export async function composeDeadlineReminder(to: string, queuedAt: Date, now = new Date()): Promise<Mail | null> {
  const from = now > queuedAt ? now : queuedAt;
  const deadlines = (await deadlinesLeftToday(from)).filter(
    (d) => danishDay(new Date(d.at)).day === danishDay(queuedAt).day,
  );
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

/** Hands the mail queue the way to compose the reminder (at start-up, server/jobs.ts). */
export function registerDeadlineReminderMail() {
  registerMailKind("deadline-reminder", async (claim) => {
    if (!claim.toAddress) throw new Error("The deadline reminder has no address");
    return composeDeadlineReminder(claim.toAddress, new Date(claim.createdAt));
  });
}

let timer: NodeJS.Timeout | undefined;
let running: Promise<unknown> = Promise.resolve();

/** Checks every minute (and at start) whether the day's reminder is due. */
export function startDeadlineReminders({ everyMs = CHECK_EVERY_MS } = {}) {
  if (timer) return;
  const check = () => {
    running = queueDeadlineReminder().catch((error: unknown) =>
      log.warn("queueing the deadline reminder failed; will try again", { error }),
    );
  };
  check();
  timer = setInterval(check, everyMs);
  timer.unref();
}

export async function stopDeadlineReminders() {
  clearInterval(timer);
  timer = undefined;
  await running;
}
