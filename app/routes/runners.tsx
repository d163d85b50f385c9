import { data } from "react-router";
import type { Route } from "./+types/runners";
import { PageIntro } from "~/components/page-intro";
import { RunnerTable } from "~/components/runner-table";
import { listRecentResults, listUpcomingRunners, type Runner } from "~/models/runner.server";
import { publicOrigin } from "~/utils/origin.server";
import { PLAIN_PAGE } from "~/utils/route-handle";
import { FAILED_READ_INIT, readForPage } from "~/utils/public-read.server";
import { danishToday } from "~/utils/race-day";
import { stableNameFrom } from "~/utils/site";
import { seo } from "~/utils/seo";
import { jsonLd, runnerEvents } from "~/utils/structured-data";

const RECENT_RESULTS = 20;

export const handle = PLAIN_PAGE;

export async function loader({ request }: Route.LoaderArgs) {
  const today = danishToday();
  const read = await readForPage("runners", () =>
    Promise.all([listUpcomingRunners(today), listRecentResults(RECENT_RESULTS)]),
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
  return (
    <div className="mx-auto max-w-6xl px-4 py-12 sm:py-16">
      {events ? <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: events }} /> : null}
      <PageIntro eyebrow="Race days" title="Runners">
        <p>Where our horses run next, and how they did in their latest races.</p>
        <p>
          <a href="/runners.ics" className="font-semibold text-brand-700 underline">
            Add to calendar
          </a>
          <span className="text-base text-stone-600"> (subscribe to get every new runner in your calendar)</span>
        </p>
      </PageIntro>
      {failed ? (
        <div role="alert" className="mx-auto mt-12 max-w-xl rounded-xl border border-red-200 bg-red-50 p-6 text-center">
          <h2 className="text-2xl font-semibold text-red-900">Error Loading Runners</h2>
          <p className="mt-2 text-red-900">Failed to load runners. Please try again later.</p>
        </div>
      ) : (
        <>
          <section aria-labelledby="upcoming-runners" className="mt-12">
            <h2 id="upcoming-runners" className="text-3xl font-bold text-brand-900">
              Upcoming Runners
            </h2>
            {upcoming.length === 0 ? (
              <p className="mt-4 text-stone-600">No runners declared yet. Check back soon.</p>
            ) : (
              <div className="mt-6">
                <RunnerTable runners={upcoming} caption="Upcoming runners" />
              </div>
            )}
          </section>
          <section aria-labelledby="recent-results" className="mt-12">
            <h2 id="recent-results" className="text-3xl font-bold text-brand-900">
              Recent Results
            </h2>
            {results.length === 0 ? (
              <p className="mt-4 text-stone-600">No results yet.</p>
            ) : (
              <div className="mt-6">
                <RunnerTable runners={results} caption="Recent results" results />
              </div>
            )}
          </section>
        </>
      )}
    </div>
  );
}

export function meta(args: Route.MetaArgs) {
  return [
    ...seo(args, {
      title: `Runners | ${stableNameFrom(args.matches)}`,
      description: "Where our horses run next (date, post time, track, jockey) and their latest race results.",
    }),
    { tagName: "link", rel: "alternate", type: "text/calendar", title: "Runners calendar", href: "/runners.ics" },
  ];
}
