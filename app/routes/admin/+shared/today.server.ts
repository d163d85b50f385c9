import { backupFailureNotice } from "~/backup/schedule.server";
import { getDhSettings } from "~/dh/dh-settings.server";
import type { AdminTranslate } from "~/i18n/admin/dictionary";
import {
  countContactMessagesByState,
  countUnreadContactMessages,
  listUnreadContactMessages,
} from "~/models/contact-message.server";
import { getContactInfo, isContactInfoEmpty } from "~/models/contact-info.server";
import { listHomeImages } from "~/models/home-image.server";
import { listHorses } from "~/models/horse.server";
import { listAwaitingResults, listRunnersUntil, type Runner } from "~/models/runner.server";
import { listDeadlines } from "~/models/runner-deadline.server";
import { listOverdue, type OverdueInvoice } from "~/models/payment.server";
import { getSiteSettings } from "~/models/site-settings.server";
import { listTeamMembers } from "~/models/team-member.server";
import { formatDanishTime } from "~/racing/format";
import { preview } from "~/utils/preview";
import { showInvisible } from "~/utils/visible-text";

/** How far ahead Next Runners looks: today and the six days after it. */
export const NEXT_RUNNER_DAYS = 7;
const LATEST_MESSAGES = 3;
const PREVIEW_LENGTH = 140;

/**
 * Something the administrator should know about today, in their language: a failed backup now;
 * entry and declaration deadlines are one more source of the same shape.
 */
export type Notice = { id: string; tone: "warning" | "info"; text: string; link?: { href: string; label: string } };

/** A source of notices: what it knows, for the administrator reading in `t`'s language, on the Danish `today`. */
export type NoticeSource = (t: AdminTranslate, today: string) => Promise<Notice[]>;

const backupNotices: NoticeSource = async (t) => {
  const failure = await backupFailureNotice();
  if (!failure) return [];
  const text = t("today.backupFailed", { time: formatDanishTime(failure.failedAt, "minute"), error: failure.error });
  return [{ id: `backup-${failure.failedAt}`, tone: "warning", text }];
};

/** How far ahead the deadlines of entries are listed. */
export const DEADLINE_HOURS = 48;

/** The declaration and withdrawal deadlines of the next 48 hours, soonest first, each with what it needs. */
const deadlineNotices: NoticeSource = async (t) => {
  const now = new Date();
  const until = new Date(now.getTime() + DEADLINE_HOURS * 3_600_000);
  const deadlines = await listDeadlines(now.toISOString(), until.toISOString());
  return deadlines.map((d) => {
    const values = { time: formatDanishTime(d.at, "minute"), horse: d.horseName, race: d.raceName };
    const declare = d.kind === "declare";
    return {
      id: `deadline-${d.kind}-${d.runnerId}`,
      tone: "warning",
      text: t(declare ? "runners.deadlineDeclare" : "runners.deadlineWithdraw", values),
      link: {
        href: `/admin/runners?${d.kind}=${d.runnerId}`,
        label: t(declare ? "runners.declare" : "runners.withdraw"),
      },
    } satisfies Notice;
  });
};

/** The import from Dansk Hestevæddeløb stopped (DH away, or an answer it did not understand). */
const dhNotices: NoticeSource = async (t) => {
  const settings = await getDhSettings();
  if (!settings.enabled || !settings.problemKind || !settings.problemAt) return [];
  const problem = t(`dh.problem.${settings.problemKind}`, { detail: settings.problemDetail ?? "" });
  const text = t("dh.problem", { time: formatDanishTime(settings.problemAt, "minute"), problem });
  return [
    {
      id: `dh-${settings.problemAt}`,
      tone: "warning",
      text,
      link: { href: "/admin/site#dh-settings", label: t("dh.settings") },
    },
  ];
};

/** Every source of notices, in the order they are listed. */
const NOTICE_SOURCES: NoticeSource[] = [backupNotices, deadlineNotices, dhNotices];

export type SetupStep = { step: "stable" | "horse" | "team" | "contact"; done: boolean; href: string };

/**
 * The first-run checklist. The stable's step is done when the site has a name and all four gallery
 * photos; it leads to the Site tab, where the name, logo and photos are set.
 */
async function setupSteps(): Promise<SetupStep[]> {
  const [site, images, horses, team, contact] = await Promise.all([
    getSiteSettings(),
    listHomeImages(),
    listHorses(),
    listTeamMembers(),
    getContactInfo(),
  ]);
  return [
    {
      step: "stable",
      done: site.stableName.trim() !== "" && images.length > 0 && images.every((i) => i.image !== null),
      href: "/admin/site",
    },
    { step: "horse", done: horses.length > 0, href: "/admin/horses" },
    { step: "team", done: team.length > 0, href: "/admin/team" },
    { step: "contact", done: !isContactInfoEmpty(contact), href: "/admin/contact-info" },
  ];
}

export type MessagePreview = { id: string; name: string; createdAt: string; preview: string };

const previewOf = (text: string) => preview(text, PREVIEW_LENGTH);

/** The last day of a span of `days` days that starts on `date` (both YYYY-MM-DD). */
export function lastDayOf(date: string, days: number) {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days - 1);
  return d.toISOString().slice(0, 10);
}

export type Today = {
  /** The site has a horse or has had a message: Today's lists mean something (until then, the checklist alone). */
  inUse: boolean;
  resultsToRecord: Runner[];
  nextRunners: Runner[];
  unread: { count: number; latest: MessagePreview[] };
  notices: Notice[];
  setup: SetupStep[];
  /** The invoices past their due date with something left to pay, the longest overdue first. */
  overdue: { count: number; latest: OverdueInvoice[] };
};

/** How many overdue invoices Today lists (the Billing tab lists them all). */
const OVERDUE_LISTED = 5;
const OVERDUE_COUNTED = 500;

/** What Today at the Stable shows on the Danish day `today`. */
export async function readToday(t: AdminTranslate, today: string): Promise<Today> {
  const [resultsToRecord, nextRunners, unreadCount, latest, byState, notices, setup, overdue] = await Promise.all([
    listAwaitingResults(today),
    listRunnersUntil(today, lastDayOf(today, NEXT_RUNNER_DAYS)),
    countUnreadContactMessages(),
    listUnreadContactMessages(LATEST_MESSAGES),
    countContactMessagesByState(),
    Promise.all(NOTICE_SOURCES.map((source) => source(t, today))).then((lists) => lists.flat()),
    setupSteps(),
    listOverdue(today, { limit: OVERDUE_COUNTED }),
  ]);
  const hasMessages = Object.values(byState).some((n) => n > 0);
  return {
    inUse: hasMessages || setup.some((s) => s.step === "horse" && s.done),
    resultsToRecord,
    nextRunners,
    // Visitors' text: invisible characters are shown by their code, as in the Messages tab.
    unread: {
      count: unreadCount,
      latest: latest.map((m) => ({
        id: m.id,
        name: showInvisible(m.name),
        createdAt: m.createdAt,
        preview: previewOf(showInvisible(m.message)),
      })),
    },
    notices,
    setup,
    overdue: { count: overdue.length, latest: overdue.slice(0, OVERDUE_LISTED) },
  };
}

export const EMPTY_TODAY: Today = {
  inUse: true,
  resultsToRecord: [],
  nextRunners: [],
  unread: { count: 0, latest: [] },
  notices: [],
  setup: [],
  overdue: { count: 0, latest: [] },
};
