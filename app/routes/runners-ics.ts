import type { Route } from "./+types/runners-ics";
import { getSiteSettings } from "~/models/site-settings.server";
import { listUpcomingRunners, type Runner } from "~/models/runner.server";
import { log } from "~/platform/log.server";
import { publicOrigin } from "~/platform/origin.server";
import { danishToday } from "~/racing/race-day";
import { DEFAULT_SITE_SETTINGS } from "~/models/site-settings";
import { calendarResponse, calendarUnavailable, runnersCalendar } from "~/routes/+shared/runner-calendar.server";

/** GET /runners.ics: the upcoming runners as an iCalendar feed that calendar apps subscribe to. */
export async function loader({ request }: Route.LoaderArgs) {
  const origin = publicOrigin(request);
  let runners: Runner[];
  try {
    runners = await listUpcomingRunners(danishToday());
  } catch (error) {
    log.error("Reading runners for the calendar failed", { error });
    return calendarUnavailable();
  }
  const site = await getSiteSettings().catch(() => DEFAULT_SITE_SETTINGS);
  const body = runnersCalendar(runners, {
    origin,
    name: `${site.stableName} runners`,
    prodId: site.stableName,
  });
  return calendarResponse("runners-ics", "runners.ics", body);
}
