import { redirect } from "react-router";
import type { Route } from "./+types/horse-ics";
import { findHorseBySlug } from "~/models/horse.server";
import { listHorseUpcomingRunners } from "~/models/runner.server";
import { getSiteSettings } from "~/models/site-settings.server";
import { DEFAULT_SITE_SETTINGS } from "~/models/site-settings";
import { log } from "~/platform/log.server";
import { publicOrigin } from "~/platform/origin.server";
import { danishToday } from "~/racing/race-day";
import { isSlugShaped } from "~/racing/slug";
import { pathTo } from "~/pages/registry";
import { calendarResponse, calendarUnavailable, runnersCalendar } from "~/routes/+shared/runner-calendar.server";

const notFound = () =>
  new Response("No such horse.\n", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });

/** GET /horses/<slug>.ics: one horse's upcoming runners, as /runners.ics has them all. */
export async function loader({ request, params }: Route.LoaderArgs) {
  const slug = params.slug;
  if (!isSlugShaped(slug)) return notFound();
  let found: Awaited<ReturnType<typeof findHorseBySlug>>;
  let runners;
  try {
    found = await findHorseBySlug(slug);
    if (!found) return notFound();
    // A renamed horse's old feed moves for good to the new one.
    if ("redirectTo" in found) throw redirect(pathTo("horse-ics", { slug: found.redirectTo }), 301);
    runners = await listHorseUpcomingRunners(found.horse.id, danishToday());
  } catch (error) {
    if (error instanceof Response) throw error;
    log.error("Reading a horse's runners for its calendar failed", { error });
    return calendarUnavailable();
  }
  const site = await getSiteSettings().catch(() => DEFAULT_SITE_SETTINGS);
  const body = runnersCalendar(runners, {
    origin: publicOrigin(request),
    name: `${found.horse.name} – ${site.stableName}`,
    prodId: site.stableName,
  });
  return calendarResponse("horse-ics", `${found.horse.slug}.ics`, body);
}
