import { data, Link } from "react-router";
import type { Route } from "./+types/winners";
import { PLAIN_PAGE } from "~/routes/+shared/route-handle";
import { CardGrid } from "~/components/card-grid";
import { WinnersIntro } from "~/components/page-intro";
import { ReadFailed } from "~/components/read-failed";
import { ResponsiveImage } from "~/media/responsive-image";
import { listWinnersWithHorses, type Winner } from "~/models/winner.server";
import { formatDanishDate, formatPrize, orFallback } from "~/racing/format";
import { FAILED_READ_INIT, readForPage } from "~/platform/public-read.server";
import { stableNameFrom } from "~/models/site-settings";
import { seo } from "~/seo/seo";
import { translator } from "~/i18n/dictionary";
import { langFromPath } from "~/i18n/lang";
import { pathTo } from "~/pages/registry";
import { useLang, useT } from "~/i18n/use-lang";

export const handle = PLAIN_PAGE;

export async function loader() {
  const winners = await readForPage("winners", listWinnersWithHorses);
  if (!winners.ok) return data({ failed: true as const, winners: [] as Winner[] }, FAILED_READ_INIT);
  return { failed: false as const, winners: winners.value };
}

export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders;
}

export default function WinnersPage({ loaderData }: Route.ComponentProps) {
  const { failed, winners } = loaderData;
  const t = useT();
  return (
    <div className="mx-auto max-w-6xl px-4 py-12 sm:py-16">
      <WinnersIntro />
      {failed ? (
        <ReadFailed heading={t("winners.errorHeading")} text={t("winners.errorText")} />
      ) : (
        <CardGrid items={winners} empty={t("winners.empty")} className="md:grid-cols-2">
          {(winner, index) => <WinnerCard winner={winner} priority={index === 0} eager={index < 2} />}
        </CardGrid>
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
