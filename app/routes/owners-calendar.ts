import type { Route } from "./+types/owners-calendar";
import { getHorse } from "~/models/horse.server";
import { allHorsesCalendarOf, calendarHorseOf } from "~/models/owner-calendar.server";
import { listVisibleHorses } from "~/models/owner-access.server";
import { listHorseUpcomingRunners, type Runner } from "~/models/runner.server";
import { getSiteSettings } from "~/models/site-settings.server";
import { DEFAULT_SITE_SETTINGS } from "~/models/site-settings";
import { PRIVATE } from "~/owners/owner-page.server";
import { contentTypeOf, pathTo } from "~/pages/registry";
import { log } from "~/platform/log.server";
import { publicOrigin } from "~/platform/origin.server";
import { danishToday } from "~/racing/race-day";
import { calendarUnavailable, runnersCalendar } from "~/routes/+shared/runner-calendar.server";

/** A made-up, replaced or revoked address, or one for a horse its person no longer sees: nothing to tell. */
const notFound = () =>
  new Response("No such calendar.\n", {
    status: 404,
    headers: { "Content-Type": "text/plain; charset=utf-8", ...PRIVATE },
  });

/**
 * GET /owners/calendar/<token>.ics: one person's private feed of a horse's runners (or of all their
 * horses', decision 0244), as the public horse feed has them plus a non-runner's reason, linking to
 * the horse's owners' page. The token is the authority (calendar apps send no cookie); it is never
 * cached anywhere.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  let body: string;
  try {
    const feed = (await horseFeed(params.token)) ?? (await allHorsesFeed(params.token));
    if (!feed) return notFound();
    const site = await getSiteSettings().catch(() => DEFAULT_SITE_SETTINGS);
    body = runnersCalendar(
      feed.runners,
      { origin: publicOrigin(request), name: `${feed.name} – ${site.stableName}`, prodId: site.stableName },
      { eventPath: (r) => pathTo("owners-horse", { slug: r.horseSlug }), reasons: true, uidTag: "-owners" },
    );
  } catch (error) {
    log.error("Reading a private calendar failed", { error });
    return calendarUnavailable();
  }
  return new Response(body, {
    headers: {
      "Content-Type": contentTypeOf("owners-calendar"),
      "Content-Disposition": 'inline; filename="runs.ics"',
      ...PRIVATE,
    },
  });
}

type Feed = { name: string; runners: Runner[] };

/** A horse's address: its runners, while its person may see it. */
async function horseFeed(token: string): Promise<Feed | null> {
  const feed = await calendarHorseOf(token);
  const horse = feed && (await getHorse(feed.horseId));
  return horse ? { name: horse.name, runners: await listHorseUpcomingRunners(horse.id, danishToday()) } : null;
}

/** An address for all of a person's horses (decision 0244): their runners together, soonest first. */
async function allHorsesFeed(token: string): Promise<Feed | null> {
  const feed = await allHorsesCalendarOf(token);
  const horses = feed ? await listVisibleHorses(feed.userId) : [];
  if (horses.length === 0) return null;
  const today = danishToday();
  const runs = await Promise.all(horses.map((horse) => listHorseUpcomingRunners(horse.id, today)));
  const runners = runs
    .flat()
    .sort((a, b) => a.raceDate.localeCompare(b.raceDate) || (a.postTime ?? "").localeCompare(b.postTime ?? ""));
  return { name: horses.map((h) => h.name).join(", "), runners };
}
