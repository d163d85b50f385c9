import { data, Link, useRouteLoaderData } from "react-router";
import type { Route } from "./+types/home";
import { PLAIN_PAGE } from "~/routes/+shared/route-handle";
import type { loader as rootLoader } from "~/root";
import { ResponsiveImage } from "~/media/responsive-image";
import { listHomeImages, type HomeImage } from "~/models/home-image.server";
import { getLatestNews } from "~/models/news.server";
import { RunnerTable } from "~/components/runner-table";
import { listUpcomingRunners } from "~/models/runner.server";
import { danishToday } from "~/racing/race-day";
import { FAILED_READ_INIT, readForPage } from "~/platform/public-read.server";
import { PostsSection } from "~/components/news/post-cards";
import { latestPostSummaries } from "~/news/post-views.server";
import { DEFAULT_SITE_SETTINGS, siteFrom, taglineIn, type SiteSettings } from "~/models/site-settings";
import type { ImageRef } from "~/models/image-columns";
import { latestWinner } from "~/models/winner.server";
import { listFeaturedHorses, type Horse } from "~/models/horse.server";
import { homeTextsIn } from "~/i18n/home-texts";
import { isStoredImageUrl, SOCIAL_CARD, socialCardUrl } from "~/media/image";
import { FeaturedHorse, HomeHero, LatestWinner } from "~/routes/+shared/home-sections";
import { seo } from "~/seo/seo";
import { translator, type MessageKey } from "~/i18n/dictionary";
import { langFromPath, type Lang } from "~/i18n/lang";
import { pathTo, type EntryName } from "~/pages/registry";
import { useLang, useShown, useT } from "~/i18n/use-lang";
import { both } from "~/models/bilingual";
import { shownIn, type Shown } from "~/i18n/localized";
import { buttonClass } from "~/components/ui/button";
import { cn } from "~/utils/cn";

const GALLERY_POSITIONS = [1, 2, 3, 4] as const;
const NEXT_RUNNERS = 5;

export const handle = PLAIN_PAGE;

export async function loader({ request }: Route.LoaderArgs) {
  const lang = langFromPath(new URL(request.url).pathname);
  const [news, images, runners, winners, horses] = await Promise.all([
    readForPage("latest news", getLatestNews),
    readForPage("home images", listHomeImages),
    readForPage("next runners", () => listUpcomingRunners(danishToday(), NEXT_RUNNERS, { runningOnly: true })),
    readForPage("winners", latestWinner),
    // The latest winner is not featured when there is another: the best two are all Home can need.
    readForPage("horses", () => listFeaturedHorses(2)),
  ]);
  const posts = await readForPage("latest posts", () => latestPostSummaries(3, lang));
  const winner = winners.ok ? winners.value : null;
  const page = {
    news: news.ok && news.value ? both(news.value, "text") : null,
    images: images.ok ? images.value : [],
    nextRunners: runners.ok ? runners.value : [],
    latestPosts: posts.ok ? posts.value : [],
    latestWinner: winner,
    featuredHorse: horses.ok ? featuredHorse(horses.value, winner?.horseId ?? null) : null,
  };
  // Home has no error state of its own: it falls back to the welcome text and placeholders.
  const ok = news.ok && images.ok && runners.ok && winners.ok && horses.ok && posts.ok;
  return ok ? page : data(page, FAILED_READ_INIT);
}

/**
 * The horse Home shows off (decision 0161): one with a photo before one without, the best earner
 * first, and not the latest winner, whom the section above already shows, when there is another.
 */
function featuredHorse(ranked: Horse[], latestWinnerId: string | null): Horse | null {
  return ranked.find((horse) => horse.id !== latestWinnerId) ?? ranked[0] ?? null;
}

export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders;
}

const FEATURES = [
  { title: "home.trainingTitle", text: "home.trainingText", to: "horses" },
  { title: "home.winnersTitle", text: "home.winnersText", to: "winners" },
  { title: "home.teamTitle", text: "home.teamText", to: "team" },
  { title: "home.consultationTitle", text: "home.consultationText", to: "contact" },
] as const satisfies readonly { title: MessageKey; text: MessageKey; to: EntryName }[];

export default function HomePage({ loaderData }: Route.ComponentProps) {
  const site = useRouteLoaderData<typeof rootLoader>("root")?.site ?? DEFAULT_SITE_SETTINGS;
  const { news, images, nextRunners, latestWinner, featuredHorse } = loaderData;
  const lang = useLang();
  const t = useT();
  const shown = useShown();
  const newsText = news ? shown.show(news) : null;
  const to = (page: (typeof FEATURES)[number]["to"] | "runners") => pathTo(page, { lang });
  const byPosition = new Map(images.map((image) => [image.position, image]));
  const hero = heroOf(site, images, lang);
  const texts = homeTextsIn(site, lang);

  return (
    <>
      <HomeHero
        photo={hero.photo}
        alt={hero.alt.text}
        altLang={shown.lang(hero.alt)}
        stableName={site.stableName}
        tagline={taglineIn(site, lang)}
      />

      <section aria-label={t("home.news")} className="bg-gold-300 text-stone-900">
        <div className="mx-auto flex max-w-7xl flex-col gap-1 px-4 py-3 sm:flex-row sm:items-center sm:gap-3">
          <h2 className="shrink-0 font-sans text-xs font-bold uppercase tracking-widest">{t("home.news")}</h2>
          {newsText ? (
            <p className="text-sm sm:text-base" lang={shown.lang(newsText)}>
              {newsText.text}
            </p>
          ) : (
            <p className="text-sm sm:text-base">{t("home.newsWelcome", { name: site.stableName })}</p>
          )}
        </div>
      </section>

      {latestWinner ? <LatestWinner winner={latestWinner} /> : null}

      {nextRunners.length > 0 ? (
        <section aria-labelledby="next-runners" className="mx-auto max-w-7xl px-4 pt-16 sm:pt-20">
          <div className="flex flex-wrap items-end justify-between gap-4">
            <h2 id="next-runners" className="text-3xl font-bold text-brand-900 sm:text-4xl">
              {t("home.nextRunners")}
            </h2>
            <Link to={to("runners")} className="font-semibold text-brand-700 underline">
              {t("home.allRunners")}
            </Link>
          </div>
          <div className="mt-6">
            <RunnerTable runners={nextRunners} caption={t("home.nextRunnersCaption")} />
          </div>
        </section>
      ) : null}

      {featuredHorse ? <FeaturedHorse horse={featuredHorse} /> : null}

      <section aria-labelledby="gallery" className="mx-auto max-w-7xl px-4 pt-16 sm:pt-20">
        <h2 id="gallery" className="text-3xl font-bold text-brand-900 sm:text-4xl">
          {t("home.gallery")}
        </h2>
        <div className="mt-6 grid grid-cols-2 gap-2 overflow-hidden rounded-2xl md:grid-cols-4">
          {GALLERY_POSITIONS.map((position) => (
            <GalleryImage key={position} position={position} image={byPosition.get(position)} />
          ))}
        </div>
      </section>

      <section aria-labelledby="what-we-offer" className="mx-auto max-w-7xl px-4 py-16 sm:py-20">
        <h2 id="what-we-offer" className="text-center text-3xl font-bold text-brand-900 sm:text-4xl">
          {t("home.offerHeading")}
        </h2>
        <ul className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {FEATURES.map((feature) => (
            <li key={feature.title} className="flex flex-col rounded-xl border border-stone-200 bg-white p-6 shadow-sm">
              <h3 className="text-xl font-bold text-brand-900">{t(feature.title)}</h3>
              <p className="mt-3 flex-1 text-stone-700">{t(feature.text)}</p>
              <Link
                to={to(feature.to)}
                aria-label={t("home.exploreLabel", { title: t(feature.title) })}
                className={cn(buttonClass.primary, "mt-6 self-start")}
              >
                {t("home.explore")}
              </Link>
            </li>
          ))}
        </ul>
      </section>

      <section className="bg-brand-50">
        <div className="mx-auto grid max-w-7xl gap-10 px-4 py-16 sm:py-20 lg:grid-cols-2 lg:items-center">
          <div>
            <h2 className="text-3xl font-bold text-brand-900 sm:text-4xl">{t("home.excellenceHeading")}</h2>
            {texts.excellence.map((paragraph, i) => (
              <p key={i} className={cn("text-lg text-stone-700", i === 0 ? "mt-5" : "mt-4")}>
                {paragraph}
              </p>
            ))}
          </div>
          <div className="rounded-2xl bg-brand-900 p-8 text-white shadow-lg">
            <p className="font-serif text-5xl font-bold text-gold-300">24/7</p>
            <h3 className="mt-2 text-2xl font-bold">{t("home.careHeading")}</h3>
            {texts.care.map((paragraph, i) => (
              <p key={i} className="mt-4 text-brand-100">
                {paragraph}
              </p>
            ))}
          </div>
        </div>
      </section>

      <PostsSection posts={loaderData.latestPosts} id="latest-posts" />

      <section className="mx-auto max-w-4xl px-4 py-16 text-center sm:py-20">
        <h2 className="text-3xl font-bold text-brand-900 sm:text-4xl">{t("home.readyHeading")}</h2>
        <p className="mt-4 text-lg text-stone-700">{t("home.readyText")}</p>
        <Link to={to("contact")} className={cn(buttonClass.primary, "mt-8 px-6 py-3 text-base shadow")}>
          {t("home.contactUs")}
        </Link>
      </section>
    </>
  );
}

function GalleryImage({ position, image }: { position: number; image: HomeImage | undefined }) {
  const t = useT();
  const shown = useShown();
  const alt = image ? shown.show(both(image, "altText")) : null;
  // Its own grid cell: a <picture> is display: contents, so its <source>s would otherwise take cells.
  return (
    <div>
      <ResponsiveImage
        image={image?.image}
        alt={alt?.text.trim() || t("home.galleryImage", { position })}
        altLang={alt?.text.trim() ? shown.lang(alt) : undefined}
        sizes="(min-width: 1280px) 308px, (min-width: 768px) calc(25vw - 14px), calc(50vw - 20px)"
        className="aspect-[4/3] w-full bg-brand-800 object-cover"
      />
    </div>
  );
}

/** The first screen's photo: the hero photo, else the first gallery image that has one. */
function heroOf(site: SiteSettings, images: HomeImage[], lang: Lang): { photo: ImageRef | null; alt: Shown } {
  if (site.hero) return { photo: site.hero, alt: shownIn(site.heroAlt, lang) };
  // A gallery image standing in is described in the gallery below; here it is decoration.
  const first = images.find((image) => image.image);
  return { photo: first?.image ?? null, alt: { text: "", lang } };
}

export function meta(args: Route.MetaArgs) {
  const site = siteFrom(args.matches);
  const name = site.stableName;
  const lang = langFromPath(args.location.pathname);
  const t = translator(lang);
  // Link previews show the hero photo's 1200 × 630 crop, made when it was uploaded.
  const card = site.hero && isStoredImageUrl(site.hero.url) ? socialCardUrl(site.hero.url) : null;
  const tags = seo(args, {
    title: t("home.metaTitle", { name }),
    description: t("home.metaDescription", { name }),
    ...(card ? { image: card, imageAlt: shownIn(site.heroAlt, lang).text || name } : {}),
  });
  if (card) {
    tags.push(
      { property: "og:image:width", content: String(SOCIAL_CARD.width) },
      { property: "og:image:height", content: String(SOCIAL_CARD.height) },
    );
  }
  return tags;
}
