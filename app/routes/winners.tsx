import { data, Link } from "react-router";
import type { Route } from "./+types/winners";
import { PLAIN_PAGE } from "~/utils/route-handle";
import { WinnersIntro } from "~/components/page-intro";
import { ResponsiveImage } from "~/components/responsive-image";
import { listWinnersWithHorses, type Winner } from "~/models/winner.server";
import { formatDanishDate, formatPrize, orFallback } from "~/utils/format";
import { FAILED_READ_INIT, readForPage } from "~/utils/public-read.server";
import { stableNameFrom } from "~/utils/site";
import { seo } from "~/utils/seo";

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
  return (
    <div className="mx-auto max-w-6xl px-4 py-12 sm:py-16">
      <WinnersIntro />
      {failed ? (
        <div role="alert" className="mx-auto mt-12 max-w-xl rounded-xl border border-red-200 bg-red-50 p-6 text-center">
          <h2 className="text-2xl font-semibold text-red-900">Error Loading Winners</h2>
          <p className="mt-2 text-red-900">Failed to load winners data. Please try again later.</p>
        </div>
      ) : winners.length === 0 ? (
        <p className="mt-12 text-center text-lg text-stone-600">
          No winners found. Add some winners from the admin page.
        </p>
      ) : (
        <ul className="mt-12 grid gap-8 md:grid-cols-2">
          {winners.map((winner, index) => (
            <li key={winner.id}>
              <WinnerCard winner={winner} priority={index === 0} eager={index < 2} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function WinnerCard({ winner, priority, eager }: { winner: Winner; priority: boolean; eager: boolean }) {
  const horseName = orFallback(winner.horseName, "Unknown Horse");
  const raceName = orFallback(winner.raceName, "Unknown Race");
  const facts: [string, string][] = [
    ["Track", orFallback(winner.track, "Unknown Track")],
    ["Date", formatDanishDate(winner.raceDate, "Unknown Date")],
    ["Distance", orFallback(winner.distance, "Unknown Distance")],
    ["Owner", orFallback(winner.horseOwner, "Unknown Owner")],
    ["Jockey", orFallback(winner.jockey, "Unknown Jockey")],
    ["Prize money", formatPrize(winner.prizeOre, "Not specified")],
  ];
  return (
    <article className="flex h-full flex-col overflow-hidden rounded-xl border border-stone-200 bg-white shadow-sm">
      <ResponsiveImage
        image={winner.photo}
        alt={winner.photo ? `${horseName} after winning ${raceName}` : ""}
        sizes="(min-width: 1152px) 544px, (min-width: 768px) calc(50vw - 32px), calc(100vw - 32px)"
        priority={priority}
        eager={eager}
        className="aspect-[3/2] w-full bg-stone-100 object-cover"
      />
      <div className="p-5">
        <h2 className="text-2xl font-semibold text-brand-900">
          {winner.horseSlug ? (
            <Link to={`/horses/${winner.horseSlug}`} className="hover:underline">
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
  return seo(args, {
    title: `Winners | ${stableNameFrom(args.matches)}`,
    description:
      "Race victories of our horses at Klampenborg, Aarhus, Aalborg and Odense: races, dates, jockeys and prize money.",
  });
}
