import { data, Link, redirect } from "react-router";
import type { Route } from "./+types/horse";
import { NotFoundPage } from "~/components/not-found-page";
import { CareerBadges } from "~/components/career-badges";
import { HorseHeader } from "~/components/horse-header";
import { careerAndTotals } from "~/racing/career";
import { listHref, seasonParam } from "~/utils/paging";
import { ReadFailed } from "~/components/read-failed";
import { PageSection } from "~/components/page-section";
import { RunnerTableOrEmpty } from "~/components/runner-table";
import { RaceRecordSection } from "~/components/race-record-section";
import { HorseCalendarLink } from "~/components/calendar-link";
import { findHorseBySlug, type Horse } from "~/models/horse.server";
import { listHorseUpcomingRunners, publicRunners, type Runner } from "~/models/runner.server";
import { getRaceRecord, type RaceRecord } from "~/models/runner-result.server";
import { isStoredImageUrl, SOCIAL_CARD, socialCardUrl } from "~/media/image";
import { log } from "~/platform/log.server";
import { publicOrigin } from "~/platform/origin.server";
import { FAILED_READ_INIT, readForPage } from "~/platform/public-read.server";
import { HorseNewsSections } from "~/components/news/horse-news";
import { horseNews, type HorseNews } from "~/news/post-views.server";
import { danishToday } from "~/racing/race-day";
import { stableNameFrom } from "~/models/site-settings";
import { seo } from "~/seo/seo";
import { mediaStorage } from "~/media/media-storage.server";
import { PLAIN_PAGE } from "~/routes/+shared/route-handle";
import { keyFromMediaUrl } from "~/media/storage.server";
import { isSlugShaped } from "~/racing/slug";
import { horseStructuredData, jsonLd, runnerEvents } from "~/seo/structured-data";
import { colourAndSex, horseSummary } from "~/i18n/horse-facts";
import { shownIn } from "~/i18n/localized";
import { both } from "~/models/bilingual";
import { translator } from "~/i18n/dictionary";
import { langFromPath } from "~/i18n/lang";
import { pathTo } from "~/pages/registry";
import { useLang, useT } from "~/i18n/use-lang";

type Page =
  | { state: "missing" }
  | { state: "failed" }
  | {
      state: "found";
      horse: Horse;
      nextRuns: Runner[];
      record: RaceRecord;
      socialCard: string | null;
      events: string | null;
      /** The horse itself for search engines (JSON-LD). */
      about: string;
      news: HorseNews | null;
    };

export const handle = PLAIN_PAGE;

export async function loader({ request, params }: Route.LoaderArgs) {
  const slug = params.slug;
  const lang = langFromPath(new URL(request.url).pathname);
  const missing = () => data<Page>({ state: "missing" }, { status: 404 });
  const season = seasonParam(new URL(request.url).searchParams);
  if (!isSlugShaped(slug) || season === null) return missing();
  const read = await readForPage("horse page", async () => {
    const found = await findHorseBySlug(slug);
    if (!found || "redirectTo" in found) return found;
    const [nextRuns, record] = await Promise.all([
      listHorseUpcomingRunners(found.horse.id, danishToday()).then(publicRunners),
      getRaceRecord(found.horse.id, { season }),
    ]);
    return {
      horse: found.horse,
      nextRuns,
      record,
      news: await horseNews(found.horse.id, lang),
    };
  });
  if (!read.ok) return data<Page>({ state: "failed" }, FAILED_READ_INIT);
  if (!read.value) return missing();
  // A renamed horse: its old address moves for good to the new one, in the same language.
  if ("redirectTo" in read.value) {
    throw redirect(pathTo("horse", { slug: read.value.redirectTo, lang }), 301);
  }
  const { horse, nextRuns, record, news } = read.value;
  // A season the horse did not race in is no page of its own (nor a page the cache keeps).
  if (season !== undefined && !record.seasons.includes(season)) return missing();
  const origin = publicOrigin(request);
  const events = nextRuns.length ? jsonLd(runnerEvents(nextRuns, origin)) : null;
  const about = jsonLd(
    horseStructuredData(horse, {
      url: `${origin}${pathTo("horse", { slug: horse.slug, lang })}`,
      origin,
      summary: horseSummary(horse, lang, translator(lang)),
      description: shownIn(both(horse, "description"), lang).text,
    }),
  );
  return {
    state: "found",
    horse,
    nextRuns,
    record,
    socialCard: await socialCardOf(horse),
    events,
    about,
    news,
  } satisfies Page;
}

/** The photo's link-preview crop, when one was made (photos uploaded before there were crops have none). */
async function socialCardOf(horse: Horse): Promise<string | null> {
  if (!horse.image || !isStoredImageUrl(horse.image.url)) return null;
  const url = socialCardUrl(horse.image.url);
  const key = keyFromMediaUrl(url);
  try {
    return key && (await mediaStorage().exists(key)) ? url : null;
  } catch (error) {
    log.warn("could not look for a horse's link-preview image", { error });
    return null;
  }
}

export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders;
}

export default function HorsePage({ loaderData }: Route.ComponentProps) {
  const page = loaderData as Page;
  const lang = useLang();
  const t = useT();
  if (page.state === "missing") return <NotFoundPage />;
  if (page.state === "failed") {
    return (
      <div className="mx-auto max-w-6xl px-4 py-12 sm:py-16">
        <ReadFailed heading={t("horse.errorHeading")} text={t("horse.errorText")} pageHeading />
      </div>
    );
  }
  const { horse, nextRuns, record, events, about } = page;
  const figures = careerAndTotals(horse, record);
  const seasonHref = (season: number) =>
    listHref(pathTo("horse", { slug: horse.slug, lang }), { season: season === record.seasons[0] ? null : season });
  return (
    <div className="mx-auto max-w-6xl px-4 py-12 sm:py-16">
      <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: about }} />
      {events ? <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: events }} /> : null}
      <p className="text-sm">
        <Link to={pathTo("horses", { lang })} className="font-medium text-brand-700 underline">
          {t("horse.allHorses")}
        </Link>
      </p>
      <HorseHeader horse={horse} className="mt-4">
        <CareerBadges figures={figures} className="mt-6" />
      </HorseHeader>

      <PageSection id="next-runs" title={t("horse.nextRuns")} className="mt-14">
        <RunnerTableOrEmpty
          runners={nextRuns}
          caption={t("horse.nextRunsCaption", { horse: horse.name })}
          empty={t("horse.noRuns")}
          showHorse={false}
        />
        <HorseCalendarLink slug={horse.slug} horseName={horse.name} />
      </PageSection>

      <RaceRecordSection horse={horse.name} record={record} figures={figures} seasonHref={seasonHref} />
      <HorseNewsSections news={page.news} horse={horse.name} />
    </div>
  );
}

export function meta(args: Route.MetaArgs) {
  const page = args.data as Page | undefined;
  const lang = langFromPath(args.location.pathname);
  const t = translator(lang);
  if (!page || page.state !== "found") {
    return [{ title: t("notFound.title") }, { name: "robots", content: "noindex" }];
  }
  const { horse, socialCard } = page;
  const tags = seo(args, {
    title: `${horse.name} | ${stableNameFrom(args.matches)}`,
    description: t("horse.metaDescription", {
      horse: horse.name,
      age: horse.age,
      color: colourAndSex(horse, lang),
      sire: horse.sire,
      dam: horse.dam,
    }),
    ...(socialCard ? { image: socialCard, imageAlt: horse.name } : {}),
  });
  tags.push({
    tagName: "link",
    rel: "alternate",
    type: "text/calendar",
    title: t("horse.calendarTitle", { horse: horse.name }),
    href: pathTo("horse-ics", { slug: horse.slug }),
  });
  if (socialCard) {
    tags.push(
      { property: "og:image:width", content: String(SOCIAL_CARD.width) },
      { property: "og:image:height", content: String(SOCIAL_CARD.height) },
    );
  }
  return tags;
}
