import type { Route } from "./+types/subscribers-csv";
import { exportSubscribers } from "~/models/subscriber.server";
import { contentTypeOf } from "~/pages/registry";
import { runAs } from "~/platform/actor.server";
import { log } from "~/platform/log.server";
import { redirectWithToast } from "~/toast/toast.server";
import { csvLines } from "~/utils/csv";
import { openTab } from "./+shared/tab-reads.server";

/**
 * The newsletter's subscribers as a CSV download, for administrators only: never stored by any
 * cache, always a file. A failed read goes back to the News tab with 'Failed to export subscribers'.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const { user, t } = await openTab(request);
  let subscribers: Awaited<ReturnType<typeof exportSubscribers>>;
  try {
    subscribers = await runAs({ userId: user.id, email: user.email, via: "dashboard" }, exportSubscribers);
  } catch (error) {
    log.error("exporting the subscribers failed", { error });
    return redirectWithToast("/admin/news#subscribers", {
      type: "error",
      title: t("toast.error"),
      description: t("subscribers.exportFailed"),
    });
  }
  const csv = csvLines([
    ["Email", "Language", "State", "Subscribed", "Confirmed"],
    ...subscribers.map((s) => [s.email, s.language, s.state, s.createdAt, s.confirmedAt]),
  ]);
  const day = new Date().toISOString().slice(0, 10);
  // The byte order mark lets spreadsheet programs read the file as UTF-8.
  return new Response(`\uFEFF${csv}`, {
    headers: {
      "Content-Type": contentTypeOf("admin/subscribers-csv"),
      "Content-Disposition": `attachment; filename="newsletter-subscribers-${day}.csv"`,
      "Cache-Control": "private, no-store",
      "X-Robots-Tag": "noindex",
    },
  });
}
