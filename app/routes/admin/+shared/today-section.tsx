import type { ReactNode } from "react";
import { Link, useSearchParams } from "react-router";
import { Card } from "~/components/ui/card";
import { useAdminT } from "~/i18n/admin/use-admin-t";
import { useLang } from "~/i18n/use-lang";
import type { Runner } from "~/models/runner.server";
import { formatDanishDate, formatDanishTime, formatDkk, orFallback } from "~/racing/format";
import { cn } from "~/utils/cn";
import type { AdminActionData } from "./admin-action.server";
import { EditPanel } from "./tab-parts";
import { OpenMessage } from "./open-message";
import { ResultForm, ResultLink, resultTitle } from "./result-form";
import type { SetupStep, Today } from "./today.server";

/** The day written out in the dashboard's language: 'Saturday 14 June 2026' / 'lørdag den 14. juni 2026'. */
function longDate(date: string, lang: string) {
  return new Intl.DateTimeFormat(lang === "da" ? "da-DK" : "en-GB", {
    weekday: "long",
    day: "numeric",
    month: "long",
    year: "numeric",
    timeZone: "UTC",
  }).format(new Date(`${date}T12:00:00Z`));
}

/**
 * Today at the Stable, at the top of the Home tab: notices, the results to record (each with its
 * Record Result form a click away), the next runners and the new messages. On a new site (no horse,
 * no message yet) the first-run checklist takes the place of the three lists; once the site is in
 * use an unfinished checklist follows them.
 */
export function TodayAtTheStable({
  today,
  date,
  failed,
  resultAnswer,
}: {
  today: Today;
  date: string;
  failed: string | undefined;
  resultAnswer: AdminActionData | undefined;
}) {
  const t = useAdminT();
  const lang = useLang();
  const [params] = useSearchParams();
  const setupDone = today.setup.every((s) => s.done);
  const recordable = [...today.resultsToRecord, ...today.nextRunners.filter((r) => r.raceDate <= date)];
  const recording = recordable.find((r) => r.id === params.get("result"));
  const resultForm = (runner: Runner) =>
    recording?.id === runner.id ? (
      <EditPanel key={runner.id} openKey={runner.id} title={resultTitle(runner, t)} titleId="record-result">
        <ResultForm runner={runner} result={resultAnswer} titleId="record-result" cancelTo="/admin" />
      </EditPanel>
    ) : null;

  return (
    <section aria-labelledby="today-heading" className="space-y-6">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="today-heading" className="text-2xl font-bold text-brand-900">
          {t("today.title")}
        </h2>
        <p className="text-sm text-stone-600">{longDate(date, lang)}</p>
      </div>
      {failed ? (
        <p role="alert" className="rounded-md border border-red-300 bg-red-50 p-3 text-sm text-red-900">
          {failed}
        </p>
      ) : null}
      {today.notices.length > 0 ? (
        <section aria-labelledby="notices-heading" className="rounded-xl border border-amber-300 bg-amber-50 p-4">
          <h3 id="notices-heading" className="font-sans text-base font-semibold text-amber-950">
            {t("today.notices")}
          </h3>
          <ul className="mt-2 space-y-1 text-sm text-amber-950">
            {today.notices.map((notice) => (
              <li key={notice.id} className="break-words">
                {notice.text}
                {notice.link ? (
                  <>
                    {" "}
                    <Link to={notice.link.href} className="font-semibold underline underline-offset-4">
                      {notice.link.label}
                    </Link>
                  </>
                ) : null}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {today.inUse ? (
        <>
          <Card title={t("today.resultsToRecord")} titleId="results-to-record">
            <RunnerList runners={today.resultsToRecord} empty={t("today.resultsEmpty")} recordable after={resultForm} />
          </Card>
          <div className="grid gap-8 md:grid-cols-2">
            <Card title={t("today.nextRunners")} titleId="next-runners">
              <p className="-mt-2 mb-3 text-sm text-stone-600">{t("today.nextRunnersWhen")}</p>
              <RunnerList
                runners={today.nextRunners}
                empty={t("today.nextRunnersEmpty")}
                recordableUntil={date}
                after={resultForm}
              />
              <TabLink to="/admin/runners">{t("today.allRunners")}</TabLink>
            </Card>
            <NewMessages unread={today.unread} />
          </div>
          {today.overdue.count > 0 ? <OverdueInvoices overdue={today.overdue} /> : null}
          {setupDone ? null : <SetupChecklist steps={today.setup} />}
        </>
      ) : (
        <SetupChecklist steps={today.setup} />
      )}
    </section>
  );
}

function TabLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <p className="mt-4">
      <Link to={to} className="text-sm font-medium text-brand-700 underline underline-offset-4">
        {children}
      </Link>
    </p>
  );
}

/** Runners as Today lists them; those whose race day has come offer Record Result, its form opening below. */
function RunnerList({
  runners,
  empty,
  recordable = false,
  recordableUntil,
  after,
}: {
  runners: Runner[];
  empty: string;
  recordable?: boolean;
  /** Runners up to this day offer Record Result. */
  recordableUntil?: string;
  after: (runner: Runner) => ReactNode;
}) {
  const t = useAdminT();
  if (runners.length === 0) return <p className="text-stone-600">{empty}</p>;
  return (
    <ul className="divide-y divide-stone-200">
      {runners.map((runner) => {
        const canRecord =
          runner.status !== "withdrawn" &&
          (recordable || (recordableUntil !== undefined && runner.raceDate <= recordableUntil));
        return (
          <li key={runner.id} className="py-3">
            <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
              <div className="min-w-0 flex-1 text-sm">
                <p className="font-semibold text-stone-900">{runner.horseName}</p>
                <p className="text-stone-800">{runner.raceName}</p>
                <p className="text-stone-700">
                  {formatDanishDate(runner.raceDate)}
                  {runner.postTime ? ` ${runner.postTime}` : ""} · {orFallback(runner.track, t("race.unknownTrack"))}
                </p>
                {runner.result ? null : (
                  <p className="text-stone-700">{t(`runners.status.${runner.status}` as const)}</p>
                )}
              </div>
              {canRecord ? <ResultLink runner={runner} /> : null}
            </div>
            {after(runner)}
          </li>
        );
      })}
    </ul>
  );
}

function NewMessages({ unread }: { unread: Today["unread"] }) {
  const t = useAdminT();
  return (
    <Card title={t("today.newMessages")} titleId="new-messages">
      {unread.count === 0 ? (
        <p className="text-stone-600">{t("today.messagesEmpty")}</p>
      ) : (
        <>
          <p className="mb-3 font-medium text-stone-900">
            {t(unread.count === 1 ? "today.unreadOne" : "today.unreadMany", { count: unread.count })}
          </p>
          <ul className="divide-y divide-stone-200">
            {unread.latest.map((m) => (
              <li key={m.id} className="flex flex-col gap-2 py-3 sm:flex-row sm:items-start">
                <div className="min-w-0 flex-1 text-sm">
                  <p className="font-semibold text-stone-900">{m.name}</p>
                  <p className="text-stone-600">
                    <time dateTime={m.createdAt}>{formatDanishTime(m.createdAt, "minute")}</time>
                  </p>
                  <p className="break-words text-stone-800">{m.preview}</p>
                </div>
                <OpenMessage id={m.id} name={m.name} />
              </li>
            ))}
          </ul>
        </>
      )}
      <TabLink to="/admin/messages">{t("today.allMessages")}</TabLink>
    </Card>
  );
}

/** The overdue invoices, the longest overdue first, each leading to it on the Billing tab. */
function OverdueInvoices({ overdue }: { overdue: Today["overdue"] }) {
  const t = useAdminT();
  return (
    <Card title={t("today.overdue")} titleId="overdue-invoices">
      <p className="mb-3 font-medium text-stone-900">
        {t(overdue.count === 1 ? "today.overdueOne" : "today.overdueMany", { count: overdue.count })}
      </p>
      <ul className="divide-y divide-stone-200 text-sm">
        {overdue.latest.map((o) => (
          <li key={o.id} className="py-2">
            <Link to={`/admin/billing?doc=${o.id}#document`} className="text-brand-700 underline underline-offset-4">
              {t("billing.overdueLine", {
                number: o.number,
                owner: o.ownerName,
                due: formatDanishDate(o.dueDate),
                amount: formatDkk(o.outstandingOere),
              })}
            </Link>
          </li>
        ))}
      </ul>
      <TabLink to="/admin/billing">{t("today.allInvoices")}</TabLink>
    </Card>
  );
}

/** The first-run checklist: each step ticked once it is done, each leading to where it is done. */
function SetupChecklist({ steps }: { steps: SetupStep[] }) {
  const t = useAdminT();
  const done = steps.filter((s) => s.done).length;
  return (
    <Card title={t("setup.title")} titleId="getting-started">
      <p className="-mt-2 mb-1 text-stone-700">{t("setup.intro")}</p>
      <p className="mb-4 text-sm font-medium text-stone-600">{t("setup.progress", { done, total: steps.length })}</p>
      <ol className="space-y-3">
        {steps.map((s) => (
          <li key={s.step} className="flex items-start gap-3">
            <span
              aria-hidden="true"
              className={cn(
                "mt-0.5 flex h-6 w-6 shrink-0 items-center justify-center rounded-full border text-sm font-bold",
                s.done ? "border-emerald-600 bg-emerald-600 text-white" : "border-stone-400 bg-white text-stone-400",
              )}
            >
              {s.done ? "✓" : ""}
            </span>
            <div className="text-sm">
              <Link to={s.href} className="font-semibold text-brand-700 underline underline-offset-4">
                {t(`setup.${s.step}`)}
              </Link>
              <span className="ml-2 rounded-full bg-stone-100 px-2 py-0.5 text-xs font-medium text-stone-700">
                {s.done ? t("setup.done") : t("setup.toDo")}
              </span>
              <p className="text-stone-600">{t(`setup.${s.step}Hint`)}</p>
            </div>
          </li>
        ))}
      </ol>
    </Card>
  );
}
