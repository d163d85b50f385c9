import { Link } from "react-router";
import type { Runner } from "~/models/runner.server";
import { formatDanishDate, formatPrize, orFallback } from "~/utils/format";
import { resultText } from "~/utils/race-day";

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
            <th scope="col" className="px-4 py-3 font-semibold">
              Date
            </th>
            {results ? null : (
              <th scope="col" className="px-4 py-3 font-semibold">
                Post time
              </th>
            )}
            <th scope="col" className="px-4 py-3 font-semibold">
              Track
            </th>
            <th scope="col" className="px-4 py-3 font-semibold">
              Race
            </th>
            {showHorse ? (
              <th scope="col" className="px-4 py-3 font-semibold">
                Horse
              </th>
            ) : null}
            <th scope="col" className="px-4 py-3 font-semibold">
              Jockey
            </th>
            {results ? (
              <>
                <th scope="col" className="px-4 py-3 font-semibold">
                  Position
                </th>
                <th scope="col" className="px-4 py-3 font-semibold">
                  Prize
                </th>
              </>
            ) : null}
          </tr>
        </thead>
        <tbody className="divide-y divide-stone-200">
          {runners.map((runner) => (
            <tr key={runner.id}>
              <td className="whitespace-nowrap px-4 py-3">{formatDanishDate(runner.raceDate)}</td>
              {results ? null : <td className="whitespace-nowrap px-4 py-3">{runner.postTime ?? "To be announced"}</td>}
              <td className="px-4 py-3">{orFallback(runner.track, "Unknown Track")}</td>
              <td className="px-4 py-3 font-medium text-stone-900">{runner.raceName}</td>
              {showHorse ? (
                <td className="px-4 py-3">
                  <Link to={`/horses/${runner.horseSlug}`} className="font-medium text-brand-700 underline">
                    {runner.horseName}
                  </Link>
                </td>
              ) : null}
              <td className="px-4 py-3">{orFallback(runner.jockey, "Unknown Jockey")}</td>
              {results && runner.result ? (
                <>
                  <td className="whitespace-nowrap px-4 py-3 font-semibold">{resultText(runner.result)}</td>
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
