import { Link } from "react-router";
import { pathTo } from "~/pages/registry";
import { localResultText } from "~/i18n/results";
import { useLang, useT } from "~/i18n/use-lang";
import type { MessageKey } from "~/i18n/dictionary";
import type { Runner } from "~/models/runner.server";
import type { RaceRecordEntry } from "~/models/runner-result.server";
import { Cell, Row, ScrollTable } from "~/components/scroll-table";
import { formatWeight, type Equipment } from "~/racing/declaration";
import { formatDay, formatPrize, orFallback } from "~/racing/format";

/** Runners as a table, or the text `empty` when there are none. */
export function RunnerTableOrEmpty({ empty, ...table }: RunnerTableProps & { empty: string }) {
  if (table.runners.length === 0) return <p className="mt-4 text-stone-600">{empty}</p>;
  return (
    <div className="mt-6">
      <RunnerTable {...table} />
    </div>
  );
}

type RunnerTableProps = {
  runners: Runner[];
  caption: string;
  results?: boolean;
  showHorse?: boolean;
  /** A non-runner's reason beside its status: for its owners only (public pages never get one). */
  reasons?: boolean;
};

export const EQUIPMENT_TEXT: Record<Equipment, MessageKey> = {
  blinkers: "runners.equipment.blinkers",
  cheekpieces: "runners.equipment.cheekpieces",
  visor: "runners.equipment.visor",
  hood: "runners.equipment.hood",
  "tongue-tie": "runners.equipment.tongueTie",
};

const STATUS_TEXT = {
  entered: "runners.status.entered",
  declared: "runners.status.declared",
  withdrawn: "runners.status.withdrawn",
} as const;

/** Where each value sits on a phone's card: date and time, horse, race, track, distance, jockey, status, result, prize. */
const ORDER = {
  date: "max-sm:order-1",
  time: "max-sm:order-2",
  horse: "max-sm:order-3",
  race: "max-sm:order-4",
  track: "max-sm:order-5",
  distance: "max-sm:order-6",
  jockey: "max-sm:order-7",
  status: "max-sm:order-8",
  result: "max-sm:order-9",
  prize: "max-sm:order-10",
};

/**
 * Runners as a table (cards on a phone): date, post time, track, race, distance, horse (linking to
 * its page), jockey, and the status (declared with weight, draw and equipment, or Non-runner); with
 * `results` the position and prize instead of the post time and status.
 */
export function RunnerTable({
  runners,
  caption,
  results = false,
  showHorse = true,
  reasons = false,
}: RunnerTableProps) {
  const lang = useLang();
  const t = useT();
  const h = {
    date: t("runners.date"),
    time: t("runners.postTime"),
    track: t("runners.track"),
    race: t("runners.race"),
    distance: t("runners.distance"),
    horse: t("runners.horse"),
    jockey: t("runners.jockey"),
    status: t("runners.status"),
    position: t("runners.position"),
    prize: t("runners.prize"),
  };
  const headings = [
    h.date,
    ...(results ? [] : [h.time]),
    h.track,
    h.race,
    h.distance,
    ...(showHorse ? [h.horse] : []),
    h.jockey,
    ...(results ? [h.position, h.prize] : [h.status]),
  ];
  return (
    <ScrollTable label={caption} headings={headings}>
      {runners.map((runner) => (
        <Row key={runner.id}>
          <Cell label={h.date} order={ORDER.date} nowrap>
            {formatDay(runner.raceDate, lang)}
          </Cell>
          {results ? null : (
            <Cell label={h.time} order={ORDER.time} nowrap>
              {runner.postTime ?? t("runners.toBeAnnounced")}
            </Cell>
          )}
          <Cell label={h.track} order={ORDER.track}>
            {orFallback(runner.track, t("winners.unknownTrack"))}
          </Cell>
          <Cell label={h.race} order={ORDER.race} className="font-medium text-stone-900">
            {runner.raceName}
          </Cell>
          <Cell label={h.distance} order={ORDER.distance}>
            {orFallback(runner.distance, "–")}
          </Cell>
          {showHorse ? (
            <Cell label={h.horse} order={ORDER.horse}>
              <Link
                to={pathTo("horse", { slug: runner.horseSlug, lang })}
                // A 44 px tap target on a phone whose text stays on the line of its label.
                className="font-medium text-brand-700 underline max-sm:-my-3 max-sm:inline-block max-sm:py-3"
              >
                {runner.horseName}
              </Link>
            </Cell>
          ) : null}
          <Cell label={h.jockey} order={ORDER.jockey}>
            {orFallback(runner.jockey, t("winners.unknownJockey"))}
          </Cell>
          {results && runner.result ? (
            <>
              <Cell label={h.position} order={ORDER.result} nowrap className="font-semibold">
                {localResultText(runner.result, lang, t)}
              </Cell>
              <Cell label={h.prize} order={ORDER.prize} nowrap>
                {formatPrize(runner.result.prizeOre, "–")}
              </Cell>
            </>
          ) : null}
          {results ? null : (
            <Cell label={h.status} order={ORDER.status}>
              <RunnerStatus runner={runner} reason={reasons} />
            </Cell>
          )}
        </Row>
      ))}
    </ScrollTable>
  );
}

/** Entered; Declared with weight, draw and equipment; or Non-runner (with its reason, for `reason`). */
function RunnerStatus({ runner, reason }: { runner: Runner; reason: boolean }) {
  const t = useT();
  const { declaration } = runner;
  const details =
    runner.status === "declared" && declaration
      ? [
          declaration.weightG === null ? null : formatWeight(declaration.weightG),
          declaration.draw ? t("runners.drawLine", { draw: declaration.draw }) : null,
          ...declaration.equipment.map((code) => t(EQUIPMENT_TEXT[code])),
        ].filter(Boolean)
      : runner.status === "withdrawn" && reason && runner.withdrawalReason
        ? [runner.withdrawalReason]
        : [];
  return (
    <>
      <span className={runner.status === "withdrawn" ? "font-semibold text-red-800" : "font-medium"}>
        {t(STATUS_TEXT[runner.status])}
      </span>
      {details.length ? <span className="block text-stone-700">{details.join(" · ")}</span> : null}
    </>
  );
}

/** A run of a horse's race record: date, race, track, distance, jockey, result, prize (a card on a phone). */
export function RaceRecordRow({ entry }: { entry: RaceRecordEntry }) {
  const lang = useLang();
  const t = useT();
  return (
    <Row>
      <Cell label={t("runners.date")} nowrap>
        {formatDay(entry.raceDate, lang)}
      </Cell>
      <Cell label={t("runners.race")} className="font-medium text-stone-900">
        {entry.raceName}
      </Cell>
      <Cell label={t("runners.track")}>{orFallback(entry.track, t("winners.unknownTrack"))}</Cell>
      <Cell label={t("runners.distance")}>{orFallback(entry.distance, "–")}</Cell>
      <Cell label={t("runners.jockey")}>{orFallback(entry.jockey, t("winners.unknownJockey"))}</Cell>
      <Cell label={t("runners.position")} nowrap className="font-semibold">
        {localResultText(entry, lang, t)}
      </Cell>
      <Cell label={t("runners.prize")} nowrap>
        {formatPrize(entry.prizeOre, "–")}
      </Cell>
    </Row>
  );
}
