import { data, Link, redirect } from "react-router";
import type { Route } from "./+types/owners-horse";
import { requireOwner } from "~/auth/auth.server";
import { HorseHeader } from "~/components/horse-header";
import { NotFoundPage } from "~/components/not-found-page";
import { PageSection } from "~/components/page-section";
import { RaceRecordSection } from "~/components/race-record-section";
import { ReadFailed } from "~/components/read-failed";
import { RunnerTableOrEmpty } from "~/components/runner-table";
import { translator } from "~/i18n/dictionary";
import { langFromPath } from "~/i18n/lang";
import { pathTo } from "~/pages/registry";
import { useLang, useT } from "~/i18n/use-lang";
import type { Horse } from "~/models/horse.server";
import { findVisibleHorse } from "~/models/owner-access.server";
import { calendarToken, renewCalendarToken } from "~/models/owner-calendar.server";
import { listHorseUpcomingRunners, type Runner } from "~/models/runner.server";
import { getRaceRecord, type RaceRecord } from "~/models/runner-result.server";
import { stableNameFrom } from "~/models/site-settings";
import type { PostView } from "~/news/post-types";
import { HorseUpdates } from "~/owners/horse-updates";
import { PrivateCalendar } from "~/owners/private-calendar";
import { HorseNewsSections } from "~/components/news/horse-news";
import { horseNews } from "~/news/post-views.server";
import type { HorseNews } from "~/news/post-types";
import { listHorseUpdates } from "~/owners/horse-updates.server";
import { OwnerPage } from "~/owners/owner-parts";
import {
  calendarAddress,
  ownersAction,
  pageTexts,
  PRIVATE,
  privateHeaders,
  renewCalendarAnswer,
  turnedDown,
  type OwnerActionData,
} from "~/owners/owner-page.server";
import { readForm } from "~/platform/form-data.server";
import { FAILED_READ_INIT, readForPage } from "~/platform/public-read.server";
import { careerAndTotals } from "~/racing/career";
import { listHref, seasonParam } from "~/utils/paging";
import { danishToday } from "~/racing/race-day";
import { isSlugShaped } from "~/racing/slug";
import { seo } from "~/seo/seo";

type Page =
  | { state: "missing" }
  | { state: "failed" }
  | {
      state: "found";
      horse: Horse;
      nextRuns: Runner[];
      record: RaceRecord;
      /** The person's private calendar address, once they asked for one. */
      calendar: string | null;
      updates: PostView[];
      /** The public news tagged with the horse, as on its public page. */
      news: HorseNews;
    };

/** Not theirs, deleted or never there: the same 404, so the page never tells which. */
const missing = () => data<Page>({ state: "missing" }, { status: 404, headers: PRIVATE });

export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requireOwner(request);
  const { lang } = pageTexts(request);
  const season = seasonParam(new URL(request.url).searchParams);
  if (!isSlugShaped(params.slug) || season === null) return missing();
  const read = await readForPage("an owner's horse", async () => {
    const found = await findVisibleHorse(user.id, params.slug);
    if (!found || "redirectTo" in found) return found;
    const { horse } = found;
    const [nextRuns, record, token, updates, news] = await Promise.all([
      listHorseUpcomingRunners(horse.id, danishToday()),
      getRaceRecord(horse.id, { season }),
      calendarToken(user.id, horse.id),
      listHorseUpdates(horse.id, lang),
      horseNews(horse.id, lang),
    ]);
    const calendar = token ? calendarAddress(request, token) : null;
    return { horse, nextRuns, record, calendar, updates, news };
  });
  if (!read.ok) return data<Page>({ state: "failed" }, { ...FAILED_READ_INIT, headers: PRIVATE });
  if (!read.value) return missing();
  if ("redirectTo" in read.value) {
    throw redirect(pathTo("owners-horse", { slug: read.value.redirectTo, lang }), 301);
  }
  return data<Page>({ state: "found", ...read.value }, { headers: PRIVATE });
}

/** The one form: a calendar address of one's own, or a new one that ends the old. */
export const action = ownersAction(["calendar"], async ({ request, params }: Route.ActionArgs) => {
  const user = await requireOwner(request);
  const { t } = pageTexts(request);
  await readForm(request);
  if (!isSlugShaped(params.slug)) return turnedDown(t, { intent: "calendar", values: {} }, 404);
  return renewCalendarAnswer(request, t, async () => {
    const found = await findVisibleHorse(user.id, params.slug);
    if (!found || "redirectTo" in found) return null;
    const had = !!(await calendarToken(user.id, found.horse.id));
    await renewCalendarToken(user.id, found.horse.id);
    return { had };
  });
});

export const headers = privateHeaders;

export default function OwnersHorsePage({ loaderData, actionData }: Route.ComponentProps) {
  const page = loaderData as Page;
  const t = useT();
  const lang = useLang();
  if (page.state === "missing") return <NotFoundPage />;
  if (page.state === "failed") {
    return (
      <OwnerPage>
        <ReadFailed heading={t("owners.errorHeading")} text={t("owners.errorText")} pageHeading />
      </OwnerPage>
    );
  }
  const { horse, nextRuns, record, calendar, updates, news } = page;
  const figures = careerAndTotals(horse, record);
  const seasonHref = (season: number) =>
    listHref(pathTo("owners-horse", { slug: horse.slug, lang }), {
      season: season === record.seasons[0] ? null : season,
    });
  return (
    <OwnerPage toasts={[(actionData as OwnerActionData | undefined)?.toast]}>
      <HorseHeader horse={horse}>
        <PublicPageLink horse={horse} />
      </HorseHeader>

      <PageSection id="updates" title={t("owners.updates")} className="mt-14">
        <HorseUpdates updates={updates} horse={horse.name} />
      </PageSection>

      <PageSection id="next-runs" title={t("horse.nextRuns")} className="mt-14">
        <RunnerTableOrEmpty
          runners={nextRuns}
          caption={t("horse.nextRunsCaption", { horse: horse.name })}
          empty={t("horse.noRuns")}
          showHorse={false}
          reasons
        />
      </PageSection>

      <RaceRecordSection horse={horse.name} record={record} figures={figures} seasonHref={seasonHref} />

      <HorseNewsSections news={news} horse={horse.name} />

      <PageSection id="calendar" title={t("owners.calendar")} className="mt-14">
        <PrivateCalendar
          address={calendar}
          text={t("owners.calendarText", { horse: horse.name })}
          none={t("owners.calendarNone", { horse: horse.name })}
        />
      </PageSection>
    </OwnerPage>
  );
}

function PublicPageLink({ horse }: { horse: Horse }) {
  const lang = useLang();
  const t = useT();
  return (
    <p className="mt-6 text-sm">
      <Link to={pathTo("horse", { slug: horse.slug, lang })} className="font-medium text-brand-700 underline">
        {t("home.meetHorse", { name: horse.name })}
      </Link>
    </p>
  );
}

export function meta(args: Route.MetaArgs) {
  const page = args.data as Page | undefined;
  const t = translator(langFromPath(args.location.pathname));
  if (!page || page.state !== "found") return [{ title: t("notFound.title") }, { name: "robots", content: "noindex" }];
  return seo(args, {
    title: `${page.horse.name} | ${stableNameFrom(args.matches)}`,
    description: t("owners.intro"),
    noindex: true,
  });
}
