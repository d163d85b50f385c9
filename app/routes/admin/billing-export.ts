import type { Route } from "./+types/billing-export";
import { monthJustEnded } from "~/billing/billing-overview.server";
import { exportForAccountant } from "~/billing/invoice-export.server";
import { monthPeriod } from "~/models/billing-terms";
import { contentTypeOf } from "~/pages/registry";
import { runAs } from "~/platform/actor.server";
import { log } from "~/platform/log.server";
import { redirectWithToast } from "~/toast/toast.server";
import { exportSchema } from "./+shared/billing-tab-forms";
import { openTab } from "./+shared/tab-reads.server";

/**
 * The accountant's export (decision 0285) for administrators only: the issued invoices and credit
 * notes of a period as CSV, a row per document (`file=documents`) or per line (`file=lines`). No
 * period asked: the month just ended. A period that is no period goes back to the Billing tab with
 * its message; a failed read with 'Failed to export invoices'. Never stored by any cache.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const { user, t } = await openTab(request);
  const params = new URL(request.url).searchParams;
  const fallback = monthPeriod(monthJustEnded());
  const parsed = exportSchema.safeParse({
    from: params.get("from") ?? fallback.start,
    to: params.get("to") ?? fallback.end,
    file: params.get("file") ?? undefined,
  });
  const back = (description: string, status: number) =>
    redirectWithToast("/admin/billing", { type: "error", title: t("toast.error"), description }, { status });
  if (!parsed.success) return back(t("billing.exportInvalid"), 303);
  const { from, to, file } = parsed.data;
  let csv: string;
  try {
    const both = await runAs({ userId: user.id, email: user.email, via: "dashboard" }, () =>
      exportForAccountant({ from, to }),
    );
    csv = file === "lines" ? both.lines : both.documents;
  } catch (error) {
    log.error("exporting the invoices failed", { error });
    return back(t("billing.exportFailed"), 303);
  }
  // The byte order mark lets spreadsheet programs read the file as UTF-8.
  return new Response(`\uFEFF${csv}`, {
    headers: {
      "Content-Type": contentTypeOf("admin/billing-export"),
      "Content-Disposition": `attachment; filename="invoices-${file}-${from}-${to}.csv"`,
      "Cache-Control": "private, no-store",
      "X-Robots-Tag": "noindex",
    },
  });
}
