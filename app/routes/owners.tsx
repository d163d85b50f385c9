import { data, Link } from "react-router";
import type { Route } from "./+types/owners";
import { requireOwner } from "~/auth/auth.server";
import { ReadFailed } from "~/components/read-failed";
import { EQUIPMENT_TEXT } from "~/components/runner-table";
import { translator } from "~/i18n/dictionary";
import { langFromPath } from "~/i18n/lang";
import { pathTo } from "~/pages/registry";
import { langAttr } from "~/i18n/localized";
import { localResultText } from "~/i18n/results";
import { useLang, useT } from "~/i18n/use-lang";
import { ResponsiveImage } from "~/media/responsive-image";
import type { Horse } from "~/models/horse.server";
import { listVisibleHorses } from "~/models/owner-access.server";
import { getOwnerAccount } from "~/models/owner-account.server";
import { listHorseUpcomingRunners, type Runner } from "~/models/runner.server";
import { getRaceRecord, type RaceRecordEntry } from "~/models/runner-result.server";
import { stableNameFrom } from "~/models/site-settings";
import type { PostSummary } from "~/news/post-types";
import { latestHorseUpdate } from "~/owners/horse-updates.server";
import { OwnerPage } from "~/owners/owner-parts";
import {
  calendarAddress,
  ownersAction,
  pageTexts,
  PRIVATE,
  privateHeaders,
  renewCalendarAnswer,
  type OwnerActionData,
} from "~/owners/owner-page.server";
import { PrivateCalendar } from "~/owners/private-calendar";
import { PageSection } from "~/components/page-section";
import { allHorsesCalendarToken, renewAllHorsesCalendar } from "~/models/owner-calendar.server";
import { horseNews } from "~/news/post-views.server";
import { readForm } from "~/platform/form-data.server";
import { FAILED_READ_INIT, readForPage } from "~/platform/public-read.server";
import { formatWeight } from "~/racing/declaration";
import { formatDay, formatDkk, orFallback } from "~/racing/format";
import { danishToday } from "~/racing/race-day";
import { seo } from "~/seo/seo";

/** How many of a horse's next runs My Horses lists (its own page has them all). */
const NEXT_RUNS = 3;

type HorseCard = {
  horse: Horse;
  nextRuns: Runner[];
  latest: RaceRecordEntry | null;
  update: PostSummary | null;
  /** The newest public post tagged with the horse. */
  news: PostSummary | null;
};

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireOwner(request);
  const lang = langFromPath(new URL(request.url).pathname);
  const read = await readForPage("an owner's horses", async () => {
    const today = danishToday();
    const horses = await listVisibleHorses(user.id);
    const cards = await Promise.all(
      horses.map(async (horse): Promise<HorseCard> => ({
        horse,
        nextRuns: (await listHorseUpcomingRunners(horse.id, today)).slice(0, NEXT_RUNS),
        latest: (await getRaceRecord(horse.id)).entries[0] ?? null,
        update: await latestHorseUpdate(horse.id, lang),
        news: (await horseNews(horse.id, lang)).posts[0] ?? null,
      })),
    );
    const host = user.owner.hostId ? await getOwnerAccount(user.owner.hostId) : null;
    const token = await allHorsesCalendarToken(user.id);
    return { cards, hostName: host?.name ?? null, calendar: token ? calendarAddress(request, token) : null };
  });
  if (!read.ok) {
    return data(
      { failed: true as const, cards: [] as HorseCard[], hostName: null, calendar: null },
      {
        ...FAILED_READ_INIT,
        headers: PRIVATE,
      },
    );
  }
  return data({ failed: false as const, ...read.value }, { headers: PRIVATE });
}

/** The one form: a calendar address for all of one's horses, or a new one that ends the old (decision 0244). */
export const action = ownersAction(["calendar"], async ({ request }: Route.ActionArgs) => {
  const user = await requireOwner(request);
  const { t } = pageTexts(request);
  await readForm(request);
  return renewCalendarAnswer(request, t, async () => {
    if ((await listVisibleHorses(user.id)).length === 0) return null;
    const had = !!(await allHorsesCalendarToken(user.id));
    await renewAllHorsesCalendar(user.id);
    return { had };
  });
});

export const headers = privateHeaders;

export default function MyHorsesPage({ loaderData, actionData }: Route.ComponentProps) {
  const { failed, cards, hostName, calendar } = loaderData;
  const t = useT();
  return (
    <OwnerPage toasts={[(actionData as OwnerActionData | undefined)?.toast]}>
      <header className="max-w-3xl">
        <h1 className="text-4xl font-bold text-brand-900 sm:text-5xl">{t("nav.myHorses")}</h1>
        <p className="mt-3 text-lg text-stone-700">
          {hostName ? t("owners.introGuest", { owner: hostName }) : t("owners.intro")}
        </p>
      </header>
      {failed ? (
        <ReadFailed heading={t("owners.errorHeading")} text={t("owners.errorText")} />
      ) : cards.length === 0 ? (
        <p className="mt-10 text-stone-700">{t("owners.empty")}</p>
      ) : (
        <>
          <ul className="mt-10 grid gap-8 lg:grid-cols-2">
            {cards.map((card) => (
              <HorseCardView key={card.horse.id} card={card} />
            ))}
          </ul>
          <PageSection id="calendar" title={t("owners.calendarAll")} className="mt-14">
            <PrivateCalendar address={calendar} text={t("owners.calendarAllText")} none={t("owners.calendarAllNone")} />
          </PageSection>
        </>
      )}
    </OwnerPage>
  );
}

function HorseCardView({ card: { horse, nextRuns, latest, update, news } }: { card: HorseCard }) {
  const lang = useLang();
  const t = useT();
  const headingId = `horse-${horse.id}`;
  return (
    <li className="overflow-hidden rounded-xl border border-stone-200 bg-white shadow-sm">
      <article aria-labelledby={headingId}>
        <ResponsiveImage
          image={horse.image}
          alt={horse.name}
          sizes="(min-width: 1024px) 560px, 100vw"
          className="aspect-[16/9] w-full bg-stone-100 object-cover"
        />
        <div className="p-5 sm:p-6">
          <h2 id={headingId} className="text-2xl font-bold text-brand-900">
            <Link
              to={pathTo("owners-horse", { slug: horse.slug, lang })}
              className="underline-offset-4 hover:underline"
              aria-label={t("owners.openHorse", { horse: horse.name })}
            >
              {horse.name}
            </Link>
          </h2>
          <dl className="mt-4 grid grid-cols-[auto_1fr] gap-x-4 gap-y-2">
            <dt className="font-medium text-stone-600">{t("horses.prizeMoney")}</dt>
            <dd className="font-semibold text-brand-800">{formatDkk(horse.totalPrizeOre)}</dd>
            <dt className="font-medium text-stone-600">{t("owners.latestResult")}</dt>
            <dd>
              {latest
                ? t("owners.resultLine", {
                    position: localResultText(latest, lang, t),
                    race: latest.raceName,
                    date: formatDay(latest.raceDate, lang),
                  })
                : t("owners.noResult")}
            </dd>
            <dt className="font-medium text-stone-600">{t("owners.latestNews")}</dt>
            <dd>
              {news ? (
                <Link to={pathTo("news-item", { slug: news.slug, lang })} className="text-brand-700 underline">
                  <span lang={langAttr(news.title, lang)}>{news.title.text}</span>, {news.date}
                </Link>
              ) : (
                t("owners.noNews")
              )}
            </dd>
            <dt className="font-medium text-stone-600">{t("owners.latestUpdate")}</dt>
            <dd>
              {update ? (
                <Link
                  to={`${pathTo("owners-horse", { slug: horse.slug, lang })}#updates`}
                  className="text-brand-700 underline"
                >
                  <span lang={langAttr(update.title, lang)}>{update.title.text}</span>, {update.date}
                </Link>
              ) : (
                t("owners.noUpdate")
              )}
            </dd>
          </dl>
          <h3 className="mt-5 font-semibold text-stone-900">{t("owners.nextRuns")}</h3>
          {nextRuns.length ? (
            <ul className="mt-2 space-y-2">
              {nextRuns.map((runner) => (
                <RunLine key={runner.id} runner={runner} />
              ))}
            </ul>
          ) : (
            <p className="mt-2 text-stone-600">{t("horse.noRuns")}</p>
          )}
        </div>
      </article>
    </li>
  );
}

const STATUS_TEXT = {
  entered: "runners.status.entered",
  declared: "runners.status.declared",
  withdrawn: "runners.status.withdrawn",
} as const;

/** A next run in a line: date, race and track, then its status (entered, declared with its details, non-runner). */
function RunLine({ runner }: { runner: Runner }) {
  const t = useT();
  const lang = useLang();
  const d = runner.status === "declared" ? runner.declaration : null;
  const details = [
    d?.jockey,
    d && d.weightG !== null ? formatWeight(d.weightG) : null,
    d?.draw ? t("runners.drawLine", { draw: d.draw }) : null,
    ...(d?.equipment ?? []).map((code) => t(EQUIPMENT_TEXT[code])),
    runner.status === "withdrawn" ? runner.withdrawalReason : null,
  ].filter(Boolean);
  return (
    <li className="rounded-md bg-stone-50 px-3 py-2 text-sm">
      <span className="font-medium text-stone-900">
        {formatDay(runner.raceDate, lang)}
        {runner.postTime ? ` ${runner.postTime}` : ""}
      </span>{" "}
      · {runner.raceName} · {orFallback(runner.track, t("winners.unknownTrack"))}
      <span className="block">
        <span className={runner.status === "withdrawn" ? "font-semibold text-red-800" : "font-semibold text-brand-800"}>
          {t(STATUS_TEXT[runner.status])}
        </span>
        {details.length ? <span className="text-stone-700"> · {details.join(" · ")}</span> : null}
      </span>
    </li>
  );
}

export function meta(args: Route.MetaArgs) {
  const t = translator(langFromPath(args.location.pathname));
  return seo(args, {
    title: t("owners.myHorsesMeta", { name: stableNameFrom(args.matches) }),
    description: t("owners.intro"),
    noindex: true,
  });
}
