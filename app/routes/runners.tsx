import { data } from "react-router";
import type { Route } from "./+types/runners";
import { PageIntro } from "~/components/page-intro";
import { ReadFailed } from "~/components/read-failed";
import { PageSection } from "~/components/page-section";
import { RunnerTableOrEmpty } from "~/components/runner-table";
import { listRecentResults, listUpcomingRunners, publicRunners, type Runner } from "~/models/runner.server";
import { publicOrigin } from "~/platform/origin.server";
import { PLAIN_PAGE } from "~/routes/+shared/route-handle";
import { FAILED_READ_INIT, readForPage } from "~/platform/public-read.server";
import { danishToday } from "~/racing/race-day";
import { stableNameFrom } from "~/models/site-settings";
import { seo } from "~/seo/seo";
import { jsonLd, runnerEvents } from "~/seo/structured-data";
import { translator } from "~/i18n/dictionary";
import { langFromPath } from "~/i18n/lang";
import { useT } from "~/i18n/use-lang";
import { pathTo } from "~/pages/registry";

const RECENT_RESULTS = 20;

export const handle = PLAIN_PAGE;

export async function loader({ request }: Route.LoaderArgs) {
  const today = danishToday();
  const read = await readForPage("runners", () =>
    Promise.all([listUpcomingRunners(today).then(publicRunners), listRecentResults(RECENT_RESULTS)]),
  );
  if (!read.ok) {
    return data(
      { failed: true as const, upcoming: [] as Runner[], results: [] as Runner[], events: null },
      FAILED_READ_INIT,
    );
  }
  const [upcoming, results] = read.value;
  const events = upcoming.length ? jsonLd(runnerEvents(upcoming, publicOrigin(request))) : null;
  return { failed: false as const, upcoming, results, events };
}

export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders;
}

export default function RunnersPage({ loaderData }: Route.ComponentProps) {
  const { failed, upcoming, results, events } = loaderData;
  const t = useT();
  return (
    <div className="mx-auto max-w-6xl px-4 py-12 sm:py-16">
      {events ? <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: events }} /> : null}
      <PageIntro eyebrow={t("runners.eyebrow")} title={t("runners.title")}>
        <p>{t("runners.intro")}</p>
        <p>
          <a href={pathTo("runners-ics")} className="font-semibold text-brand-700 underline">
            {t("runners.addToCalendar")}
          </a>
          <span className="text-base text-stone-600"> {t("runners.subscribe")}</span>
        </p>
      </PageIntro>
      {failed ? (
        <ReadFailed heading={t("runners.errorHeading")} text={t("runners.errorText")} />
      ) : (
        <>
          <PageSection id="upcoming-runners" title={t("runners.upcoming")} className="mt-12">
            <RunnerTableOrEmpty
              runners={upcoming}
              caption={t("runners.upcomingCaption")}
              empty={t("runners.upcomingEmpty")}
            />
          </PageSection>
          <PageSection id="recent-results" title={t("runners.results")} className="mt-12">
            <RunnerTableOrEmpty
              runners={results}
              caption={t("runners.resultsCaption")}
              empty={t("runners.resultsEmpty")}
              results
            />
            {results.some((r) => r.resultFromDh) ? (
              <p className="mt-3 text-sm text-stone-600">{t("results.sourceDh")}</p>
            ) : null}
          </PageSection>
        </>
      )}
    </div>
  );
}

export function meta(args: Route.MetaArgs) {
  const t = translator(langFromPath(args.location.pathname));
  return [
    ...seo(args, {
      title: t("runners.metaTitle", { name: stableNameFrom(args.matches) }),
      description: t("runners.metaDescription"),
    }),
    {
      tagName: "link",
      rel: "alternate",
      type: "text/calendar",
      title: t("runners.calendarTitle"),
      href: pathTo("runners-ics"),
    },
  ];
}
