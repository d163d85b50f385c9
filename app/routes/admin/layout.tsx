import { Link, NavLink, Outlet, useLocation, useNavigation } from "react-router";
import type { Route } from "./+types/layout";
import { BackupNotice } from "~/backup/backup-notice";
import { backupFailureNotice } from "~/backup/schedule.server";
import type { AdminKey, AdminTranslate } from "~/i18n/admin/dictionary";
import { useAdminT } from "~/i18n/admin/use-admin-t";
import { countUnreadContactMessages } from "~/models/contact-message.server";
import { countAwaitingResults } from "~/models/runner.server";
import { readOr } from "~/platform/public-read.server";
import { danishToday } from "~/racing/race-day";
import { buttonClass } from "~/components/ui/button";
import { cn } from "~/utils/cn";
import { adminMeta } from "./+shared/admin-meta";
import { openTab } from "./+shared/tab-reads.server";

export async function loader({ request }: Route.LoaderArgs) {
  const { user } = await openTab(request);
  const today = danishToday();
  const [backupFailure, [runners, messages]] = await Promise.all([
    backupFailureNotice(),
    readOr("the tabs' counts", () => Promise.all([countAwaitingResults(today), countUnreadContactMessages()]), [0, 0]),
  ]);
  return { email: user.email, backupFailure, counts: { runners, messages } };
}

type Counts = Awaited<ReturnType<typeof loader>>["counts"];

type Tab = {
  to: string;
  label: AdminKey;
  loading: readonly AdminKey[];
  /** The tab has pages under its address (/admin/billing/costs): it stays marked on them. */
  subPages?: boolean;
  /** What waits on the tab, counted: the tab's name with the count, for screen readers. */
  count?: (counts: Counts, label: string, t: AdminTranslate) => { count: number; name: string };
};

/** The tabs, in order; a new tab adds its line (and its texts, ~/i18n/admin). */
const TABS: readonly Tab[] = [
  { to: "/admin", label: "tabs.home", loading: ["loading.news", "loading.images"] },
  { to: "/admin/horses", label: "tabs.horses", loading: ["loading.horses"] },
  { to: "/admin/winners", label: "tabs.winners", loading: ["loading.winners"] },
  {
    to: "/admin/runners",
    label: "tabs.runners",
    loading: ["loading.runners"],
    count: ({ runners }, tab, t) => ({
      count: runners,
      name: t(runners === 1 ? "tabs.resultsToRecordOne" : "tabs.resultsToRecordMany", { tab, count: runners }),
    }),
  },
  { to: "/admin/owners", label: "tabs.owners", loading: ["loading.owners"] },
  { to: "/admin/team", label: "tabs.team", loading: ["loading.team"] },
  { to: "/admin/news", label: "tabs.news", loading: ["loading.posts"] },
  { to: "/admin/contact-info", label: "tabs.contactInfo", loading: ["loading.contactInfo"] },
  { to: "/admin/site", label: "tabs.site", loading: ["loading.site"] },
  { to: "/admin/billing", label: "tabs.billing", loading: ["loading.billing"], subPages: true },
  {
    to: "/admin/messages",
    label: "tabs.messages",
    loading: ["loading.messages"],
    count: ({ messages }, tab, t) => ({ count: messages, name: t("tabs.unread", { tab, count: messages }) }),
  },
  { to: "/admin/trash", label: "tabs.trash", loading: ["loading.trash"] },
  { to: "/admin/activity", label: "tabs.activity", loading: ["loading.activity"] },
];

/** The pages of the dashboard that are not tabs: their loading texts. */
const OTHER_PAGES: readonly Tab[] = [
  { to: "/admin/account", label: "tabs.account", loading: ["loading.account"] },
  { to: "/admin/billing/horses", label: "tabs.feesShares", loading: ["loading.feesShares"] },
  { to: "/admin/billing/costs", label: "tabs.costs", loading: ["loading.costs"] },
];

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  const { email, backupFailure, counts } = loaderData;
  const t = useAdminT();
  const navigation = useNavigation();
  const location = useLocation();
  // Tab contents are read on the server; while another tab's data is on its way, say so.
  const next =
    navigation.state === "loading" && navigation.location.pathname !== location.pathname
      ? [...TABS, ...OTHER_PAGES].find((tab) => tab.to === navigation.location.pathname.replace(/\/$/, ""))
      : undefined;
  // The Home tab's Today at the Stable lists the failure among its notices.
  const onHome = location.pathname.replace(/\/$/, "") === "/admin";

  return (
    <div className="mx-auto max-w-6xl px-4 py-8 sm:py-12">
      <header className="mb-6 flex flex-wrap items-start justify-between gap-4">
        <div className="min-w-0">
          <h1 className="text-3xl font-bold text-brand-900 sm:text-4xl">{t("dashboard.title")}</h1>
          <p className="mt-2 text-stone-700">{t("dashboard.subtitle")}</p>
          <p className="mt-1 break-words text-sm text-stone-600">
            {t("dashboard.welcome")} <span className="font-medium text-stone-900">{email}</span>
          </p>
        </div>
        <Link
          to="/admin/account"
          className={cn(buttonClass.small, location.pathname === "/admin/account" && "bg-stone-100")}
          aria-current={location.pathname === "/admin/account" ? "page" : undefined}
        >
          {t("dashboard.account")}
        </Link>
      </header>
      {onHome ? null : <BackupNotice failure={backupFailure} />}
      <nav aria-label={t("dashboard.sections")} className="mb-8">
        <ul className="flex flex-wrap gap-1 rounded-lg bg-stone-100 p-1">
          {TABS.map((tab) => {
            const label = t(tab.label);
            const waiting = tab.count?.(counts, label, t);
            return (
              <li key={tab.to}>
                <NavLink
                  to={tab.to}
                  end={!tab.subPages}
                  prefetch="intent"
                  aria-label={waiting && waiting.count > 0 ? waiting.name : undefined}
                  className={({ isActive }) =>
                    cn(
                      "flex items-center gap-2 rounded-md px-3 py-2 text-sm font-medium transition-colors sm:px-4",
                      isActive
                        ? "bg-white text-brand-900 shadow-sm"
                        : "text-stone-700 hover:bg-white/60 hover:text-stone-900",
                    )
                  }
                >
                  {label}
                  {waiting && waiting.count > 0 ? (
                    <span
                      aria-hidden="true"
                      className="min-w-5 rounded-full bg-brand-700 px-1.5 text-center text-xs font-semibold leading-5 text-white"
                    >
                      {waiting.count}
                    </span>
                  ) : null}
                </NavLink>
              </li>
            );
          })}
        </ul>
      </nav>
      {next ? (
        <div role="status" className="space-y-2 py-8 text-center text-stone-600">
          {next.loading.map((key) => (
            <p key={key}>{t(key)}</p>
          ))}
        </div>
      ) : (
        <Outlet />
      )}
    </div>
  );
}

export const meta: Route.MetaFunction = ({ matches }) => adminMeta(matches);
