import { Link } from "react-router";
import { localizedPath } from "~/i18n/lang";
import { localResultText } from "~/i18n/results";
import { useLang, useT } from "~/i18n/use-lang";
import type { Runner } from "~/models/runner.server";
import { ScrollTable } from "~/components/scroll-table";
import { formatDanishDate, formatPrize, orFallback } from "~/racing/format";

/** Runners as a table, or the text `empty` when there are none. */
export function RunnerTableOrEmpty({ empty, ...table }: RunnerTableProps & { empty: string }) {
  if (table.runners.length === 0) return <p className="mt-4 text-stone-600">{empty}</p>;
  return (
    <div className="mt-6">
      <RunnerTable {...table} />
    </div>
  );
}

/**
 * Runners as a table: date, post time, track, race, horse (linking to its page), jockey, and with
 * `results` the position and prize.
 */
type RunnerTableProps = {
  runners: Runner[];
  caption: string;
  results?: boolean;
  showHorse?: boolean;
};

export function RunnerTable({ runners, caption, results = false, showHorse = true }: RunnerTableProps) {
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
    <ScrollTable label={caption} headings={headings}>
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
              <td className="whitespace-nowrap px-4 py-3 font-semibold">{localResultText(runner.result, lang, t)}</td>
              <td className="whitespace-nowrap px-4 py-3">{formatPrize(runner.result.prizeOre, "–")}</td>
            </>
          ) : null}
        </tr>
      ))}
    </ScrollTable>
  );
}
