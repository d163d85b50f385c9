import { Form } from "react-router";
import { SubmitButton } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { useSubmitting } from "~/components/ui/use-submitting";
import type { AdminKey } from "~/i18n/admin/dictionary";
import { useAdminT } from "~/i18n/admin/use-admin-t";
import { localResultText } from "~/i18n/results";
import { useLang } from "~/i18n/use-lang";
import type { ReviewField, ReviewItem } from "~/dh/dh-review.server";
import { formatDanishDate, formatPrize } from "~/racing/format";
import { cn } from "~/utils/cn";

/**
 * From Dansk Hestevæddeløb: what the import proposes, each beside what the site holds (side by side,
 * a changed field marked), with Accept and Ignore, and Accept all. Shown on Home and Runners while
 * anything waits; both tabs declare the intents (dh-review.server.ts).
 */
export function DhReview({ items }: { items: ReviewItem[] }) {
  const t = useAdminT();
  const busy = useSubmitting("dh-accept-all");
  if (items.length === 0) return null;
  return (
    <Card title={t("dh.review")} titleId="dh-review">
      <p className="-mt-2 mb-4 text-sm text-stone-600">{t("dh.reviewIntro")}</p>
      <Form method="post" className="mb-4">
        <input type="hidden" name="intent" value="dh-accept-all" />
        <SubmitButton busy={busy} busyLabel={t("dh.accepting")}>
          {t("dh.acceptAll")}
        </SubmitButton>
      </Form>
      <ul className="space-y-4">
        {items.map((item) => (
          <ReviewRow key={item.id} item={item} />
        ))}
      </ul>
    </Card>
  );
}

const KIND_LABEL: Record<ReviewItem["kind"], [existing: AdminKey, fresh: AdminKey]> = {
  horse: ["dh.kind.horse", "dh.kind.newHorse"],
  runner: ["dh.kind.runner", "dh.kind.newRunner"],
  withdrawal: ["dh.kind.withdrawal", "dh.kind.withdrawal"],
  result: ["dh.kind.result", "dh.kind.result"],
};

function ReviewRow({ item }: { item: ReviewItem }) {
  const t = useAdminT();
  const accepting = useSubmitting("dh-accept", item.id);
  const ignoring = useSubmitting("dh-ignore", item.id);
  const title = [
    t(KIND_LABEL[item.kind][item.isNew ? 1 : 0]),
    item.horseName,
    item.raceName,
    item.raceDate && formatDanishDate(item.raceDate),
  ]
    .filter(Boolean)
    .join(" · ");
  const headingId = `dh-${item.id}`;
  return (
    <li className="rounded-lg border border-stone-200 p-3" aria-labelledby={headingId}>
      <h3 id={headingId} className="font-sans text-base font-semibold text-stone-900">
        {title}
      </h3>
      {item.why ? <p className="text-sm text-stone-700">{t(`dh.why.${item.why}`)}</p> : null}
      <FieldTable item={item} />
      {item.waitsForHorse ? <p className="mt-2 text-sm text-amber-900">{t("dh.waitsForHorse")}</p> : null}
      <div className="mt-3 flex flex-wrap gap-2">
        <Form method="post">
          <input type="hidden" name="intent" value="dh-accept" />
          <input type="hidden" name="id" value={item.id} />
          <SubmitButton
            busy={accepting}
            busyLabel={t("dh.accepting")}
            variant="small"
            aria-label={`${t("dh.accept")}: ${title}`}
          >
            {t("dh.accept")}
          </SubmitButton>
        </Form>
        <Form method="post">
          <input type="hidden" name="intent" value="dh-ignore" />
          <input type="hidden" name="id" value={item.id} />
          <SubmitButton
            busy={ignoring}
            busyLabel={t("dh.ignore")}
            variant="small"
            aria-label={`${t("dh.ignore")}: ${title}`}
          >
            {t("dh.ignore")}
          </SubmitButton>
        </Form>
      </div>
    </li>
  );
}

/** A value as the dashboard words it. */
function useShown() {
  const t = useAdminT();
  const lang = useLang();
  return (field: ReviewField["field"], value: string | null) => {
    if (value === null) return "–";
    if (field === "raceDate") return formatDanishDate(value);
    if (field === "prize") return formatPrize(Number(value));
    if (field === "status") return t(`dh.status.${value as "entered" | "declared" | "withdrawn"}`);
    if (field === "result") {
      if (value === "dq") return t("dh.result.dq");
      if (value === "dnf") return t("dh.result.dnf");
      return localResultText({ position: Number(value.slice(4)), didNotFinish: false }, lang, t);
    }
    return value;
  };
}

function FieldTable({ item }: { item: ReviewItem }) {
  const t = useAdminT();
  const shown = useShown();
  return (
    <table className="mt-2 w-full text-left text-sm">
      <thead>
        <tr className="text-stone-600">
          <th scope="col" className="py-1 pr-3 font-medium">
            {t("dh.column.field")}
          </th>
          {item.isNew ? null : (
            <th scope="col" className="py-1 pr-3 font-medium">
              {t("dh.column.ours")}
            </th>
          )}
          <th scope="col" className="py-1 font-medium">
            {t("dh.column.dh")}
          </th>
        </tr>
      </thead>
      <tbody>
        {item.fields.map((f) => {
          const differs = !item.isNew && f.dh !== null && f.ours !== f.dh;
          return (
            <tr key={f.field} className={cn("border-t border-stone-100", differs && "bg-amber-50")}>
              <th scope="row" className="py-1 pr-3 font-medium text-stone-700">
                {t(`dh.field.${f.field}`)}
              </th>
              {item.isNew ? null : <td className="py-1 pr-3 text-stone-800">{shown(f.field, f.ours)}</td>}
              <td className={cn("py-1 text-stone-900", differs && "font-semibold")}>{shown(f.field, f.dh)}</td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
