import { data, Link } from "react-router";
import type { Route } from "./+types/horses";
import { PLAIN_PAGE } from "~/routes/+shared/route-handle";
import { CardGrid } from "~/components/card-grid";
import { HorsesIntro } from "~/components/page-intro";
import { PlacingBadges } from "~/components/placing-badges";
import { ResponsiveImage, THREE_COLUMN_CARD_SIZES } from "~/media/responsive-image";
import { listHorsesPage, type Horse } from "~/models/horse.server";
import { NotFoundPage } from "~/components/not-found-page";
import { PageLinks } from "~/components/list-pages";
import { listHref, pageParam } from "~/utils/paging";
import { formatDkk } from "~/racing/format";
import { FAILED_READ_INIT, readForPage } from "~/platform/public-read.server";
import { stableNameFrom } from "~/models/site-settings";
import { seo } from "~/seo/seo";
import { translator } from "~/i18n/dictionary";
import { langFromPath } from "~/i18n/lang";
import { pathTo } from "~/pages/registry";
import { useLang, useT } from "~/i18n/use-lang";
import { horseFacts } from "~/i18n/horse-facts";

export const handle = PLAIN_PAGE;

/** Horses on a page of /horses: three columns of cards, eight rows. */
export const HORSES_PER_PAGE = 24;

type Page = { state: "missing" } | { state: "found"; horses: Horse[]; page: number; pages: number };

/**
 * The horses in training, newest first, a page of them at a time (`?page=`): a big yard's 150
 * horses are seven pages, not one page of 150 cards. A page that is not there is a 404, never a
 * page the cache keeps.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const page = pageParam(new URL(request.url).searchParams);
  if (page === null) return data<Page>({ state: "missing" }, { status: 404 });
  const read = await readForPage("horses", () => listHorsesPage({}, { page, perPage: HORSES_PER_PAGE }));
  // The spec only logs a failed horse read: the page shows what it has (nothing) with a 503.
  if (!read.ok) return data<Page>({ state: "found", horses: [], page: 1, pages: 1 }, FAILED_READ_INIT);
  if (page > read.value.pages) return data<Page>({ state: "missing" }, { status: 404 });
  return { state: "found", horses: read.value.items, page, pages: read.value.pages } satisfies Page;
}

export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders;
}

export default function HorsesPage({ loaderData }: Route.ComponentProps) {
  const page = loaderData as Page;
  const t = useT();
  const lang = useLang();
  if (page.state === "missing") return <NotFoundPage />;
  return (
    <div className="mx-auto max-w-7xl px-4 py-12 sm:py-16">
      <HorsesIntro />
      <CardGrid items={page.horses} empty={t("horses.empty")} className="sm:grid-cols-2 lg:grid-cols-3">
        {(horse, index) => <HorseCard horse={horse} priority={index === 0 && page.page === 1} eager={index < 3} />}
      </CardGrid>
      <PageLinks
        page={page.page}
        pages={page.pages}
        href={(n) => listHref(pathTo("horses", { lang }), { page: n })}
        label={t("horses.pagination")}
        className="mt-10"
      />
    </div>
  );
}

function HorseCard({ horse, priority, eager }: { horse: Horse; priority: boolean; eager: boolean }) {
  const t = useT();
  const lang = useLang();
  return (
    <article className="flex h-full flex-col overflow-hidden rounded-xl border border-stone-200 bg-white shadow-sm">
      {horse.image ? (
        <ResponsiveImage
          image={horse.image}
          alt={horse.name}
          sizes={THREE_COLUMN_CARD_SIZES}
          priority={priority}
          eager={eager}
          className="aspect-[4/3] w-full object-cover"
        />
      ) : null}
      <div className="flex flex-1 flex-col p-5">
        <h2 className="text-2xl font-bold text-brand-900">
          <Link to={pathTo("horse", { slug: horse.slug, lang })} className="hover:underline">
            {horse.name}
          </Link>
        </h2>
        <p className="mt-1 text-stone-600">{horseFacts(horse, lang, t)}</p>
        <dl className="mt-4 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
          <dt className="font-medium text-stone-500">{t("horses.sire")}</dt>
          <dd>{horse.sire}</dd>
          <dt className="font-medium text-stone-500">{t("horses.dam")}</dt>
          <dd>{horse.dam}</dd>
          {horse.damSire ? (
            <>
              <dt className="font-medium text-stone-500">{t("horse.damSire")}</dt>
              <dd>{horse.damSire}</dd>
            </>
          ) : null}
          {horse.owner?.trim() ? (
            <>
              <dt className="font-medium text-stone-500">{t("horses.owner")}</dt>
              <dd>{horse.owner}</dd>
            </>
          ) : null}
          <dt className="font-medium text-stone-500">{t("horses.prizeMoney")}</dt>
          <dd className="font-semibold text-brand-800">{formatDkk(horse.totalPrizeOre)}</dd>
        </dl>
        <PlacingBadges horse={horse} className="mt-auto pt-5" />
      </div>
    </article>
  );
}

export function meta(args: Route.MetaArgs) {
  const t = translator(langFromPath(args.location.pathname));
  return seo(args, {
    title: t("horses.metaTitle", { name: stableNameFrom(args.matches) }),
    description: t("horses.metaDescription"),
  });
}
