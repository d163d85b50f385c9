import { data, Link, useRouteLoaderData } from "react-router";
import type { Route } from "./+types/home";
import { PLAIN_PAGE } from "~/utils/route-handle";
import type { loader as rootLoader } from "~/root";
import { ResponsiveImage } from "~/components/responsive-image";
import { listHomeImages, type HomeImage } from "~/models/home-image.server";
import { getLatestNews } from "~/models/news.server";
import { RunnerTable } from "~/components/runner-table";
import { listUpcomingRunners } from "~/models/runner.server";
import { danishToday } from "~/utils/race-day";
import { FAILED_READ_INIT, readForPage } from "~/utils/public-read.server";
import { DEFAULT_SITE_SETTINGS, stableNameFrom } from "~/utils/site";
import { seo } from "~/utils/seo";

const GALLERY_POSITIONS = [1, 2, 3, 4] as const;
const NEXT_RUNNERS = 5;

export const handle = PLAIN_PAGE;

export async function loader() {
  const [news, images, runners] = await Promise.all([
    readForPage("latest news", getLatestNews),
    readForPage("home images", listHomeImages),
    readForPage("next runners", () => listUpcomingRunners(danishToday(), NEXT_RUNNERS)),
  ]);
  const page = {
    newsText: news.ok ? (news.value?.text ?? null) : null,
    images: images.ok ? images.value : [],
    nextRunners: runners.ok ? runners.value : [],
  };
  // Home has no error state of its own: it falls back to the welcome text and placeholders.
  return news.ok && images.ok && runners.ok ? page : data(page, FAILED_READ_INIT);
}

export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders;
}

const FEATURES = [
  {
    title: "Elite Training",
    text: "Individual programmes on grass, sand and in the water, planned around each horse's next race.",
    to: "/horses",
  },
  {
    title: "Winners",
    text: "Victories from Klampenborg to Aalborg, and the stories of the horses that earned them.",
    to: "/winners",
  },
  {
    title: "Expert Team",
    text: "Trainers, riders, grooms and a vet who know every horse in the yard by heart.",
    to: "/team",
  },
  {
    title: "Consultation",
    text: "Thinking of a horse in training? Visit the yard and talk it through with our head trainer.",
    to: "/contact",
  },
] as const;

export default function HomePage({ loaderData }: Route.ComponentProps) {
  const site = useRouteLoaderData<typeof rootLoader>("root")?.site ?? DEFAULT_SITE_SETTINGS;
  const { newsText, images, nextRunners } = loaderData;
  const byPosition = new Map(images.map((image) => [image.position, image]));

  return (
    <>
      <section aria-label="Gallery" className="grid grid-cols-2 gap-1 bg-brand-900 md:grid-cols-4">
        {GALLERY_POSITIONS.map((position) => (
          <GalleryImage key={position} position={position} image={byPosition.get(position)} />
        ))}
      </section>

      <section aria-label="Latest News" className="bg-gold-300 text-stone-900">
        <div className="mx-auto flex max-w-7xl flex-col gap-1 px-4 py-3 sm:flex-row sm:items-center sm:gap-3">
          <h2 className="shrink-0 font-sans text-xs font-bold uppercase tracking-widest">Latest News</h2>
          <p className="text-sm sm:text-base">
            {newsText ?? `Welcome to ${site.stableName}! Follow our horses here as the racing season unfolds.`}
          </p>
        </div>
      </section>

      <section className="bg-gradient-to-b from-brand-900 to-brand-800 text-white">
        <div className="mx-auto max-w-4xl px-4 py-20 text-center sm:py-28">
          <h1 className="text-4xl font-bold tracking-tight sm:text-6xl">{site.stableName}</h1>
          <p className="mt-6 text-lg text-brand-100 sm:text-xl">{site.tagline}</p>
          <div className="mt-10 flex flex-col justify-center gap-4 sm:flex-row">
            <Link
              to="/horses"
              className="rounded-md bg-gold-400 px-6 py-3 font-semibold text-stone-900 shadow hover:bg-gold-300"
            >
              View Our Champions
            </Link>
            <Link
              to="/contact"
              className="rounded-md border border-white/70 px-6 py-3 font-semibold text-white hover:bg-white/10"
            >
              Start Training
            </Link>
          </div>
        </div>
      </section>

      {nextRunners.length > 0 ? (
        <section aria-labelledby="next-runners" className="mx-auto max-w-7xl px-4 pt-16 sm:pt-20">
          <div className="flex flex-wrap items-end justify-between gap-4">
            <h2 id="next-runners" className="text-3xl font-bold text-brand-900 sm:text-4xl">
              Next Runners
            </h2>
            <Link to="/runners" className="font-semibold text-brand-700 underline">
              All runners and results
            </Link>
          </div>
          <div className="mt-6">
            <RunnerTable runners={nextRunners} caption="Next runners" />
          </div>
        </section>
      ) : null}

      <section aria-labelledby="what-we-offer" className="mx-auto max-w-7xl px-4 py-16 sm:py-20">
        <h2 id="what-we-offer" className="text-center text-3xl font-bold text-brand-900 sm:text-4xl">
          What We Offer
        </h2>
        <ul className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {FEATURES.map((feature) => (
            <li key={feature.title} className="flex flex-col rounded-xl border border-stone-200 bg-white p-6 shadow-sm">
              <h3 className="text-xl font-semibold text-brand-900">{feature.title}</h3>
              <p className="mt-3 flex-1 text-stone-700">{feature.text}</p>
              <Link
                to={feature.to}
                aria-label={`Explore ${feature.title}`}
                className="mt-6 inline-block self-start rounded-md bg-brand-700 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-800"
              >
                Explore
              </Link>
            </li>
          ))}
        </ul>
      </section>

      <section className="bg-brand-50">
        <div className="mx-auto grid max-w-7xl gap-10 px-4 py-16 sm:py-20 lg:grid-cols-2 lg:items-center">
          <div>
            <h2 className="text-3xl font-bold text-brand-900 sm:text-4xl">Excellence in Every Stride</h2>
            <p className="mt-5 text-lg text-stone-700">
              For three generations we have trained thoroughbreds on the edge of Dyrehaven, a short canter from
              Klampenborg Galopbane. We keep the yard small on purpose: every horse is known by name, ridden by the same
              people each morning and raced only when it is ready.
            </p>
            <p className="mt-4 text-lg text-stone-700">
              Our owners hear from us every week, see their horse work whenever they like, and stand with us in the
              winner's circle when the day comes.
            </p>
          </div>
          <div className="rounded-2xl bg-brand-900 p-8 text-white shadow-lg">
            <p className="font-serif text-5xl font-bold text-gold-300">24/7</p>
            <h3 className="mt-2 text-2xl font-semibold">Professional care</h3>
            <p className="mt-4 text-brand-100">
              Someone is always in the yard. Night checks, a vet on call, farrier visits every five weeks and feeding
              plans adjusted to each horse's work, so nothing waits until morning.
            </p>
          </div>
        </div>
      </section>

      <section className="mx-auto max-w-4xl px-4 py-16 text-center sm:py-20">
        <h2 className="text-3xl font-bold text-brand-900 sm:text-4xl">Ready to Begin?</h2>
        <p className="mt-4 text-lg text-stone-700">
          Whether you own a yearling with promise or are looking for your first racehorse, we would love to show you
          around the stable.
        </p>
        <Link
          to="/contact"
          className="mt-8 inline-block rounded-md bg-brand-700 px-6 py-3 font-semibold text-white shadow hover:bg-brand-800"
        >
          Contact Us
        </Link>
      </section>
    </>
  );
}

function GalleryImage({ position, image }: { position: number; image: HomeImage | undefined }) {
  // Its own grid cell: a <picture> is display: contents, so its <source>s would otherwise take cells.
  return (
    <div>
      <ResponsiveImage
        image={image?.image}
        alt={image?.altText.trim() || `Gallery image ${position}`}
        sizes="(min-width: 768px) 25vw, 50vw"
        priority={position === 1}
        eager
        className="aspect-[4/3] w-full bg-brand-800 object-cover"
      />
    </div>
  );
}

export function meta(args: Route.MetaArgs) {
  const name = stableNameFrom(args.matches);
  return seo(args, {
    title: `${name} | Racehorse training stable`,
    description: `${name} trains thoroughbred racehorses in Denmark: our horses in training, race winners, team and how to visit.`,
  });
}
