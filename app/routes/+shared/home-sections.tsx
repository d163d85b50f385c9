import { Link } from "react-router";
import { ResponsiveImage } from "~/media/responsive-image";
import type { ImageRef } from "~/models/image-columns";
import type { Horse } from "~/models/horse.server";
import type { Winner } from "~/models/winner.server";
import { formatDanishDate, formatPrize, orFallback } from "~/racing/format";
import { pathTo } from "~/pages/registry";
import { useLang, useT } from "~/i18n/use-lang";
import { horseFacts } from "~/i18n/horse-facts";

/**
 * The first screen: a photograph across the full width (the hero photo, or the first gallery image
 * until one is set, or the stable's drawing on an empty site) with the name, tagline and the spec's
 * two buttons over it. The photo is the page's LCP element: preloaded at the width a phone needs.
 */
export function HomeHero({
  photo,
  alt,
  altLang,
  stableName,
  tagline,
}: {
  photo: ImageRef | null;
  alt: string;
  altLang?: string;
  stableName: string;
  tagline: string;
}) {
  const t = useT();
  const lang = useLang();
  return (
    <section className="relative isolate flex min-h-[calc(100svh-4rem)] items-end overflow-hidden bg-brand-900 text-white">
      <ResponsiveImage
        image={photo}
        alt={alt}
        altLang={altLang}
        sizes="100vw"
        priority
        className="absolute inset-0 -z-20 h-full w-full object-cover"
      />
      {/* Darker towards the text, so it reads on any photograph. */}
      <div
        aria-hidden="true"
        className="absolute inset-0 -z-10 bg-gradient-to-t from-black/80 via-black/35 to-black/10"
      />
      <div className="mx-auto w-full max-w-7xl px-4 pb-14 pt-32 sm:pb-20">
        <h1 className="max-w-3xl text-5xl font-bold tracking-tight [text-shadow:0_2px_12px_rgb(0_0_0/0.5)] sm:text-7xl">
          {stableName}
        </h1>
        <p className="mt-4 max-w-2xl text-lg text-white [text-shadow:0_1px_8px_rgb(0_0_0/0.6)] sm:text-2xl">
          {tagline}
        </p>
        <div className="mt-8 flex flex-col gap-3 sm:flex-row sm:gap-4">
          <Link
            to={pathTo("horses", { lang })}
            className="rounded-md bg-gold-400 px-6 py-3 text-center font-semibold text-stone-900 shadow hover:bg-gold-300"
          >
            {t("home.viewChampions")}
          </Link>
          <Link
            to={pathTo("contact", { lang })}
            className="rounded-md border border-white/80 bg-black/20 px-6 py-3 text-center font-semibold text-white backdrop-blur-sm hover:bg-white/10"
          >
            {t("home.startTraining")}
          </Link>
        </div>
      </div>
    </section>
  );
}

/** The latest victory: its photo (or its horse's), the horse, the race, the date and the prize. */
export function LatestWinner({ winner }: { winner: Winner }) {
  const t = useT();
  const lang = useLang();
  const horse = orFallback(winner.horseName, t("winners.unknownHorse"));
  const race = orFallback(winner.raceName, t("winners.unknownRace"));
  const photo = winner.photo ?? winner.horsePhoto;
  return (
    <section aria-labelledby="latest-winner" className="mx-auto max-w-7xl px-4 pt-16 sm:pt-20">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <h2 id="latest-winner" className="text-3xl font-bold text-brand-900 sm:text-4xl">
          {t("home.latestWinner")}
        </h2>
        <Link to={pathTo("winners", { lang })} className="font-semibold text-brand-700 underline">
          {t("home.allWinners")}
        </Link>
      </div>
      <article className="mt-6 grid overflow-hidden rounded-2xl border border-stone-200 bg-white shadow-sm md:grid-cols-[3fr_2fr]">
        <ResponsiveImage
          image={photo}
          alt={winner.photo ? t("winners.photoAlt", { horse, race }) : photo ? horse : ""}
          sizes="(min-width: 1280px) 740px, (min-width: 768px) 60vw, calc(100vw - 32px)"
          className="aspect-[3/2] h-full w-full bg-brand-800 object-cover"
        />
        <div className="flex flex-col justify-center p-6 sm:p-8">
          <p className="font-sans text-xs font-bold uppercase tracking-widest text-gold-700">
            {formatDanishDate(winner.raceDate, t("winners.unknownDate"))}
          </p>
          <h3 className="mt-2 text-3xl font-bold text-brand-900">
            {winner.horseSlug ? (
              <Link to={pathTo("horse", { slug: winner.horseSlug, lang })} className="hover:underline">
                {horse}
              </Link>
            ) : (
              horse
            )}
          </h3>
          <p className="mt-1 text-lg font-medium text-stone-800">{race}</p>
          <dl className="mt-4 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1">
            <dt className="font-medium text-stone-600">{t("winners.track")}</dt>
            <dd>{orFallback(winner.track, t("winners.unknownTrack"))}</dd>
            <dt className="font-medium text-stone-600">{t("winners.prizeMoney")}</dt>
            <dd>{formatPrize(winner.prizeOre, t("winners.notSpecified"))}</dd>
          </dl>
        </div>
      </article>
    </section>
  );
}

/** One horse in training, with its photo and a link to its page. */
export function FeaturedHorse({ horse }: { horse: Horse }) {
  const t = useT();
  const lang = useLang();
  const page = pathTo("horse", { slug: horse.slug, lang });
  return (
    <section aria-labelledby="featured-horse" className="mx-auto max-w-7xl px-4 pt-16 sm:pt-20">
      <h2 id="featured-horse" className="text-3xl font-bold text-brand-900 sm:text-4xl">
        {t("home.featuredHorse")}
      </h2>
      <article className="mt-6 grid overflow-hidden rounded-2xl bg-brand-900 text-white shadow-sm md:grid-cols-[2fr_3fr]">
        <div className="flex flex-col justify-center p-6 sm:p-8 md:order-first">
          <h3 className="text-3xl font-bold">
            <Link to={page} className="hover:underline">
              {horse.name}
            </Link>
          </h3>
          <p className="mt-2 text-brand-100">{horseFacts(horse, lang, t)}</p>
          <p className="mt-1 text-brand-100">
            {horse.sire} × {horse.dam}
          </p>
          {horse.totalPrizeOre > 0 ? (
            <p className="mt-4">
              <span className="text-brand-100">{t("horses.prizeMoney")}: </span>
              <span className="font-semibold text-gold-300">{formatPrize(horse.totalPrizeOre)}</span>
            </p>
          ) : null}
          <Link
            to={page}
            className="mt-6 self-start rounded-md bg-gold-400 px-5 py-3 font-semibold text-stone-900 hover:bg-gold-300"
          >
            {t("home.meetHorse", { name: horse.name })}
          </Link>
        </div>
        <ResponsiveImage
          image={horse.image}
          alt={horse.image ? horse.name : ""}
          sizes="(min-width: 1280px) 740px, (min-width: 768px) 60vw, calc(100vw - 32px)"
          className="aspect-[3/2] h-full w-full object-cover"
        />
      </article>
    </section>
  );
}
