import { Form, Link } from "react-router";
import type { Route } from "./+types/activity";
import { buttonClass } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { TabPage } from "./+shared/tab-parts";
import { RecordList } from "./+shared/record-list";
import { listActivity, type Activity } from "~/models/activity.server";
import { ACTIVITY_KINDS, isActivityKind } from "~/models/activity-kinds";
import { readForTab } from "./+shared/tab-reads.server";
import { requireAdmin } from "~/auth/auth.server";
import { formatDanishTime } from "~/racing/format";
import { showInvisible } from "~/utils/visible-text";

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const params = new URL(request.url).searchParams;
  const page = Math.max(1, Math.min(10_000, Math.trunc(Number(params.get("page"))) || 1));
  const rawKind = params.get("kind");
  const kind = isActivityKind(rawKind) ? rawKind : undefined;
  const read = await readForTab("activity", () => listActivity({ page, kind }), {
    entries: [] as Activity[],
    hasMore: false,
  });
  const entries = read.value.entries.map(visibleEntry);
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

function who(entry: Activity) {
  if (entry.via === "command") return "Admin command";
  return entry.actorEmail ?? "Unknown";
}

export default function ActivityTab({ loaderData }: Route.ComponentProps) {
  const { entries, hasMore, page, kind, fetchError } = loaderData;
  const pageLink = (to: number) => `?${new URLSearchParams({ ...(kind ? { kind } : {}), page: String(to) })}`;
  return (
    <TabPage toasts={[fetchError]}>
      <Card title="Activity" titleId="activity">
        <Form method="get" className="mb-6 flex flex-wrap items-end gap-3">
          <label className="text-sm font-medium text-stone-800">
            Kind
            <select
              name="kind"
              defaultValue={kind}
              className="mt-1 block rounded-md border border-stone-300 bg-white px-3 py-2 text-sm"
            >
              <option value="">All kinds</option>
              {Object.entries(ACTIVITY_KINDS).map(([value, label]) => (
                <option key={value} value={value}>
                  {label}
                </option>
              ))}
            </select>
          </label>
          <button type="submit" className={buttonClass.secondary}>
            Filter
          </button>
        </Form>
        <RecordList
          fetchError={fetchError}
          empty={`No activity recorded${kind ? " of this kind" : ""}.`}
          records={entries}
          ordered
          label="Activity log"
        >
          {(entry) => (
            <li key={entry.id} className="py-3 text-sm">
              <p className="text-stone-600">
                <time dateTime={entry.at}>{formatDanishTime(entry.at)}</time> · {who(entry)} ·{" "}
                <span className="font-medium text-stone-800">
                  {ACTIVITY_KINDS[entry.kind]}
                  {entry.repeat > 1 ? ` ×${entry.repeat}` : ""}
                </span>
                {entry.network ? ` · from ${entry.network}` : ""}
              </p>
              <p className="font-medium text-stone-900">{entry.summary}</p>
              {entry.changes.length ? (
                <ul className="mt-1 space-y-0.5 text-stone-700">
                  {entry.changes.map((c) => (
                    <li key={c.field}>
                      {c.field}: {c.old ?? "(empty)"} → {c.new ?? "(empty)"}
                    </li>
                  ))}
                </ul>
              ) : null}
            </li>
          )}
        </RecordList>
        {page > 1 || hasMore ? (
          <nav aria-label="Activity pages" className="mt-6 flex justify-between">
            {page > 1 ? <Link to={pageLink(page - 1)}>Newer activity</Link> : <span />}
            {hasMore ? <Link to={pageLink(page + 1)}>Older activity</Link> : null}
          </nav>
        ) : null}
      </Card>
    </TabPage>
  );
}

export function meta() {
  return [{ title: "Activity | Admin Dashboard" }, { name: "robots", content: "noindex" }];
}
