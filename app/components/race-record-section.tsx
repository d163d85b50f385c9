import { PageSection } from "~/components/page-section";
import { SeasonChoice } from "~/components/list-pages";
import { RaceRecordRow } from "~/components/runner-table";
import { ScrollTable } from "~/components/scroll-table";
import { useLang, useT } from "~/i18n/use-lang";
import type { RaceRecord } from "~/models/runner-result.server";
import type { CareerAndRecord } from "~/racing/career";
import { formatDay } from "~/racing/format";
import { strikeRate } from "~/racing/race-day";

const RECORD_HEADINGS = [
  "runners.date",
  "runners.race",
  "runners.track",
  "runners.distance",
  "runners.jockey",
  "runners.position",
  "runners.prize",
] as const;

/**
 * A horse's race record: runs, wins, places and strike rate over the whole career, the choice of
 * season, then each run of the season shown, newest first.
 */
export function RaceRecordSection({
  horse,
  record,
  figures,
  seasonHref,
}: {
  horse: string;
  record: RaceRecord;
  figures: Pick<CareerAndRecord, "differ" | "since">;
  /** The address of the record's page for a season (the latest: the page's own). */
  seasonHref: (season: number) => string;
}) {
  const t = useT();
  const lang = useLang();
  return (
    <PageSection
      id="race-record"
      title={
        figures.differ && figures.since
          ? t("horse.raceRecordSince", { date: formatDay(figures.since, lang) })
          : t("horse.raceRecord")
      }
      className="mt-14"
    >
      <dl className="mt-6 grid grid-cols-2 gap-4 sm:grid-cols-4">
        {[
          [t("horse.runs"), String(record.runs)],
          [t("horse.wins"), String(record.wins)],
          [t("horse.places"), String(record.places)],
          [t("horse.strikeRate"), strikeRate(record.wins, record.runs)],
        ].map(([label, value]) => (
          <div key={label} className="rounded-xl border border-stone-200 bg-white p-4 text-center shadow-sm">
            <dt className="text-sm font-medium text-stone-600">{label}</dt>
            <dd className="mt-1 text-2xl font-bold text-brand-900">{value}</dd>
          </div>
        ))}
      </dl>
      <SeasonChoice
        seasons={record.seasons}
        current={record.season}
        href={seasonHref}
        label={t("horse.recordSeasons")}
        className="mt-6"
      />
      {record.entries.length === 0 ? (
        <p className="mt-6 text-stone-600">{t("horse.noRaces")}</p>
      ) : (
        <ScrollTable
          label={t("horse.recordLabel", { horse })}
          caption={
            record.seasons.length > 1 && record.season !== null
              ? t("horse.recordSeasonCaption", { horse, season: record.season })
              : t("horse.recordCaption", { horse })
          }
          headings={RECORD_HEADINGS.map((key) => t(key))}
          className="mt-6"
        >
          {record.entries.map((entry) => (
            <RaceRecordRow key={entry.id} entry={entry} />
          ))}
        </ScrollTable>
      )}
      {record.entries.some((e) => e.fromDh) ? (
        <p className="mt-3 text-sm text-stone-600">{t("results.sourceDh")}</p>
      ) : null}
    </PageSection>
  );
}
