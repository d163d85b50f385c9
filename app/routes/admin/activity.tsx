import { Form, Link } from "react-router";
import type { Route } from "./+types/activity";
import { buttonClass } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import type { AdminTranslate } from "~/i18n/admin/dictionary";
import { useAdminT } from "~/i18n/admin/use-admin-t";
import { TabPage } from "./+shared/tab-parts";
import { RecordList } from "./+shared/record-list";
import { listActivity, type Activity } from "~/models/activity.server";
import { ACTIVITY_KINDS, isActivityKind, type ActivityKind } from "~/models/activity-kinds";
import { openTab, readForTab } from "./+shared/tab-reads.server";
import { adminMeta } from "./+shared/admin-meta";
import { entryIn } from "./+shared/activity-language";
import { formatDanishTime } from "~/racing/format";
import { showInvisible } from "~/utils/visible-text";

export async function loader({ request }: Route.LoaderArgs) {
  const { t, user } = await openTab(request);
  const params = new URL(request.url).searchParams;
  const page = Math.max(1, Math.min(10_000, Math.trunc(Number(params.get("page"))) || 1));
  const rawKind = params.get("kind");
  const kind = isActivityKind(rawKind) ? rawKind : undefined;
  const read = await readForTab(t, "activity", () => listActivity({ page, kind }), {
    entries: [] as Activity[],
    hasMore: false,
  });
  const entries = read.value.entries.map((entry) => visibleEntry(entryIn(entry, t, user.adminLang)));
  return { ...read.value, entries, page, kind: kind ?? "", fetchError: read.error };
}

/** Addresses typed at sign-in are anonymous visitors' text: invisible characters are shown by code. */
function visibleEntry(entry: Activity): Activity {
  const show = (text: string | null) => (text === null ? null : showInvisible(text));
  return {
    ...entry,
    actorEmail: show(entry.actorEmail),
    summary: showInvisible(entry.summary),
    network: show(entry.network),
    changes: entry.changes.map((c) => ({ field: showInvisible(c.field), old: show(c.old), new: show(c.new) })),
  };
}

function who(entry: Activity, t: AdminTranslate) {
  if (entry.via === "command") return t("activity.adminCommand");
  return entry.actorEmail ?? t("activity.unknown");
}

/** A kind of entry, named in the administrator's language. */
const kindName = (kind: ActivityKind, t: AdminTranslate) => t(`activity.kind.${kind}`);

export default function ActivityTab({ loaderData }: Route.ComponentProps) {
  const { entries, hasMore, page, kind, fetchError } = loaderData;
  const t = useAdminT();
  const pageLink = (to: number) => `?${new URLSearchParams({ ...(kind ? { kind } : {}), page: String(to) })}`;
  return (
    <TabPage toasts={[fetchError]}>
      <Card title={t("activity.title")} titleId="activity">
        <Form method="get" className="mb-6 flex flex-wrap items-end gap-3">
          <label className="text-sm font-medium text-stone-800">
            {t("activity.kindFilter")}
            <select
              name="kind"
              defaultValue={kind}
              className="mt-1 block rounded-md border border-stone-300 bg-white px-3 py-2 text-sm"
            >
              <option value="">{t("activity.allKinds")}</option>
              {(Object.keys(ACTIVITY_KINDS) as ActivityKind[]).map((value) => (
                <option key={value} value={value}>
                  {kindName(value, t)}
                </option>
              ))}
            </select>
          </label>
          <button type="submit" className={buttonClass.secondary}>
            {t("activity.filter")}
          </button>
        </Form>
        <RecordList
          fetchError={fetchError}
          empty={kind ? t("activity.emptyOfKind") : t("activity.empty")}
          records={entries}
          ordered
          label={t("activity.log")}
        >
          {(entry) => (
            <li key={entry.id} className="py-3 text-sm">
              <p className="text-stone-600">
                <time dateTime={entry.at}>{formatDanishTime(entry.at)}</time> · {who(entry, t)} ·{" "}
                <span className="font-medium text-stone-800">
                  {kindName(entry.kind, t)}
                  {entry.repeat > 1 ? ` ×${entry.repeat}` : ""}
                </span>
                {entry.network ? ` · ${t("activity.from", { network: entry.network })}` : ""}
              </p>
              <p className="font-medium text-stone-900">{entry.summary}</p>
              {entry.changes.length ? (
                <ul className="mt-1 space-y-0.5 text-stone-700">
                  {entry.changes.map((c) => (
                    <li key={c.field}>
                      {c.field}: {c.old ?? t("activity.emptyValue")} → {c.new ?? t("activity.emptyValue")}
                    </li>
                  ))}
                </ul>
              ) : null}
            </li>
          )}
        </RecordList>
        {page > 1 || hasMore ? (
          <nav aria-label={t("activity.pages")} className="mt-6 flex justify-between">
            {page > 1 ? <Link to={pageLink(page - 1)}>{t("activity.newer")}</Link> : <span />}
            {hasMore ? <Link to={pageLink(page + 1)}>{t("activity.older")}</Link> : null}
          </nav>
        ) : null}
      </Card>
    </TabPage>
  );
}

export const meta: Route.MetaFunction = ({ matches }) => adminMeta(matches, "tabs.activity");
