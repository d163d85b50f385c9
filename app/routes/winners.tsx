import { data, Link } from "react-router";
import type { Route } from "./+types/winners";
import { PLAIN_PAGE } from "~/routes/+shared/route-handle";
import { CardGrid } from "~/components/card-grid";
import { WinnersIntro } from "~/components/page-intro";
import { ReadFailed } from "~/components/read-failed";
import { ResponsiveImage } from "~/media/responsive-image";
import { listWinnerSeasons, listWinnersPage, type Winner } from "~/models/winner.server";
import { NotFoundPage } from "~/components/not-found-page";
import { PageLinks, SeasonChoice } from "~/components/list-pages";
import { listHref, pageParam, seasonParam } from "~/utils/paging";
import { formatDanishDate, formatPrize, orFallback } from "~/racing/format";
import { FAILED_READ_INIT, readForPage } from "~/platform/public-read.server";
import { stableNameFrom } from "~/models/site-settings";
import { seo } from "~/seo/seo";
import { translator } from "~/i18n/dictionary";
import { langFromPath } from "~/i18n/lang";
import { pathTo } from "~/pages/registry";
import { useLang, useT } from "~/i18n/use-lang";

export const handle = PLAIN_PAGE;

/** Victories on a page of /winners: two columns of cards, a dozen rows. */
export const WINNERS_PER_PAGE = 24;

type Page =
  | { state: "failed" }
  | { state: "missing" }
  | {
      state: "found";
      winners: Winner[];
      seasons: number[];
      season: number | null;
      count: number;
      page: number;
      pages: number;
    };

/**
 * One season of victories (the spec's cards, texts and fallbacks), the latest season first (`?season=` chooses another), a page of them at
 * a time (`?page=`). A season or page that is not there is a 404, never a page the cache keeps.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const asked = seasonParam(params);
  const page = pageParam(params);
  const missing = () => data<Page>({ state: "missing" }, { status: 404 });
  if (asked === null || page === null) return missing();
  const read = await readForPage("winners", async () => {
    const seasons = await listWinnerSeasons();
    const latest = seasons[0]?.season ?? null;
    const season = asked ?? latest;
    if (asked !== undefined && !seasons.some((s) => s.season === asked)) return null;
    // A victory with no readable date (rows older than the form's rules) shows with the latest season.
    const list = await listWinnersPage({ season, undated: season === latest }, { page, perPage: WINNERS_PER_PAGE });
    return { seasons: seasons.map((s) => s.season), season, list };
  });
  if (!read.ok) return data<Page>({ state: "failed" }, FAILED_READ_INIT);
  if (!read.value || page > read.value.list.pages) return missing();
  const { seasons, season, list } = read.value;
  return {
    state: "found",
    winners: list.items.map(shownOfWinner),
    seasons,
    season,
    count: list.total,
    page: list.page,
    pages: list.pages,
  } satisfies Page;
}

/** What a card shows of a victory, nothing more goes to the page. */
function shownOfWinner(w: Winner): Winner {
  return { ...w, horseId: null, createdAt: "" };
}

export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders;
}

export default function WinnersPage({ loaderData }: Route.ComponentProps) {
  const page = loaderData as Page;
  const t = useT();
  const lang = useLang();
  if (page.state === "missing") return <NotFoundPage />;
  const href = (season: number | null, n: number) =>
    listHref(pathTo("winners", { lang }), {
      season: season !== null && page.state === "found" && season !== page.seasons[0] ? season : null,
      page: n,
    });
  return (
    <div className="mx-auto max-w-6xl px-4 py-12 sm:py-16">
      <WinnersIntro />
      {page.state === "failed" ? (
        <ReadFailed heading={t("winners.errorHeading")} text={t("winners.errorText")} />
      ) : (
        <>
          <SeasonChoice
            seasons={page.seasons}
            current={page.season}
            href={(season) => href(season, 1)}
            label={t("winners.seasons")}
            className="mt-10"
          />
          {page.season !== null && page.seasons.length > 1 ? (
            <p className="mt-4 text-stone-600">
              {t("winners.seasonCount", { season: page.season, count: page.count })}
            </p>
          ) : null}
          <CardGrid items={page.winners} empty={t("winners.empty")} className="md:grid-cols-2">
            {(winner, index) => (
              <WinnerCard winner={winner} priority={index === 0 && page.page === 1} eager={index < 2} />
            )}
          </CardGrid>
          <PageLinks
            page={page.page}
            pages={page.pages}
            href={(n) => href(page.season, n)}
            label={t("winners.pagination")}
            className="mt-10"
          />
        </>
      )}
    </div>
  );
}

function WinnerCard({ winner, priority, eager }: { winner: Winner; priority: boolean; eager: boolean }) {
  const t = useT();
  const lang = useLang();
  const horseName = orFallback(winner.horseName, t("winners.unknownHorse"));
  const raceName = orFallback(winner.raceName, t("winners.unknownRace"));
  const facts: [string, string][] = [
    [t("winners.track"), orFallback(winner.track, t("winners.unknownTrack"))],
    [t("winners.date"), formatDanishDate(winner.raceDate, t("winners.unknownDate"))],
    [t("winners.distance"), orFallback(winner.distance, t("winners.unknownDistance"))],
    [t("winners.owner"), orFallback(winner.horseOwner, t("winners.unknownOwner"))],
    [t("winners.jockey"), orFallback(winner.jockey, t("winners.unknownJockey"))],
    [t("winners.prizeMoney"), formatPrize(winner.prizeOre, t("winners.notSpecified"))],
  ];
  return (
    <article className="flex h-full flex-col overflow-hidden rounded-xl border border-stone-200 bg-white shadow-sm">
      <ResponsiveImage
        image={winner.photo ?? winner.horsePhoto}
        alt={
          winner.photo
            ? t("winners.photoAlt", { horse: horseName, race: raceName })
            : winner.horsePhoto
              ? horseName
              : ""
        }
        sizes="(min-width: 1152px) 544px, (min-width: 768px) calc(50vw - 32px), calc(100vw - 32px)"
        priority={priority}
        eager={eager}
        className="aspect-[3/2] w-full bg-stone-100 object-cover"
      />
      <div className="p-5">
        <h2 className="text-2xl font-bold text-brand-900">
          {winner.horseSlug ? (
            <Link to={pathTo("horse", { slug: winner.horseSlug, lang })} className="hover:underline">
              {horseName}
            </Link>
          ) : (
            horseName
          )}
        </h2>
        <p className="mt-1 font-medium text-gold-700">{raceName}</p>
        <dl className="mt-4 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
          {facts.map(([label, value]) => (
            <div key={label} className="contents">
              <dt className="font-medium text-stone-500">{label}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
      </div>
    </article>
  );
}

export function meta(args: Route.MetaArgs) {
  const t = translator(langFromPath(args.location.pathname));
  return seo(args, {
    title: t("winners.metaTitle", { name: stableNameFrom(args.matches) }),
    description: t("winners.metaDescription"),
  });
}
