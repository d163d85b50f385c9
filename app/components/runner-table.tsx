import { Link } from "react-router";
import { localizedPath } from "~/i18n/lang";
import { localResultText } from "~/i18n/results";
import { useLang, useT } from "~/i18n/use-lang";
import type { Runner } from "~/models/runner.server";
import { formatDanishDate, formatPrize, orFallback } from "~/utils/format";

/**
 * Runners as a table: date, post time, track, race, horse (linking to its page), jockey, and with
 * `results` the position and prize. On narrow screens it scrolls sideways rather than squeezing.
 */
export function RunnerTable({
  runners,
  caption,
  results = false,
  showHorse = true,
}: {
  runners: Runner[];
  caption: string;
  results?: boolean;
  showHorse?: boolean;
}) {
  const lang = useLang();
  const t = useT();
  const headings = [
    t("runners.date"),
    ...(results ? [] : [t("runners.postTime")]),
    t("runners.track"),
    t("runners.race"),
    ...(showHorse ? [t("runners.horse")] : []),
    t("runners.jockey"),
    ...(results ? [t("runners.position"), t("runners.prize")] : []),
  ];
  return (
    // Focusable, so a keyboard can scroll it when it is wider than a phone.
    <div
      role="group"
      aria-label={caption}
      tabIndex={0}
      className="overflow-x-auto rounded-xl border border-stone-200 bg-white shadow-sm"
    >
      <table className="w-full text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-brand-50 text-brand-900">
          <tr>
            {headings.map((heading) => (
              <th key={heading} scope="col" className="px-4 py-3 font-semibold">
                {heading}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-stone-200">
          {runners.map((runner) => (
            <tr key={runner.id}>
              <td className="whitespace-nowrap px-4 py-3">{formatDanishDate(runner.raceDate)}</td>
              {results ? null : (
                <td className="whitespace-nowrap px-4 py-3">{runner.postTime ?? t("runners.toBeAnnounced")}</td>
              )}
              <td className="px-4 py-3">{orFallback(runner.track, t("winners.unknownTrack"))}</td>
              <td className="px-4 py-3 font-medium text-stone-900">{runner.raceName}</td>
              {showHorse ? (
                <td className="px-4 py-3">
                  <Link
                    to={localizedPath(`/horses/${runner.horseSlug}`, lang)}
                    className="font-medium text-brand-700 underline"
                  >
                    {runner.horseName}
                  </Link>
                </td>
              ) : null}
              <td className="px-4 py-3">{orFallback(runner.jockey, t("winners.unknownJockey"))}</td>
              {results && runner.result ? (
                <>
                  <td className="whitespace-nowrap px-4 py-3 font-semibold">
                    {localResultText(runner.result, lang, t)}
                  </td>
                  <td className="whitespace-nowrap px-4 py-3">{formatPrize(runner.result.prizeOre, "–")}</td>
                </>
              ) : null}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
