import type { Route } from "./+types/runners-ics";
import { getSiteSettings } from "~/models/site-settings.server";
import { listUpcomingRunners, type Runner } from "~/models/runner.server";
import { COPENHAGEN_VTIMEZONE, icalDate, icalDocument, icalText, icalTime, icalUtc } from "~/racing/ical";
import { log } from "~/platform/log.server";
import { publicOrigin } from "~/platform/origin.server";
import { danishToday, RACE_TIME_ZONE } from "~/racing/race-day";
import { DEFAULT_SITE_SETTINGS } from "~/models/site-settings";
import { contentTypeOf } from "~/pages/registry";

/** GET /runners.ics: the upcoming runners as an iCalendar feed that calendar apps subscribe to. */
export async function loader({ request }: Route.LoaderArgs) {
  const origin = publicOrigin(request);
  let runners: Runner[];
  try {
    runners = await listUpcomingRunners(danishToday());
  } catch (error) {
    log.error("Reading runners for the calendar failed", { error });
    return new Response("The calendar is not available right now. Please try again later.\n", {
      status: 503,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store", "Retry-After": "30" },
    });
  }
  const site = await getSiteSettings().catch(() => DEFAULT_SITE_SETTINGS);
  return new Response(runnersCalendar(runners, origin, site.stableName), {
    headers: {
      "Content-Type": contentTypeOf("/runners.ics"),
      "Content-Disposition": 'inline; filename="runners.ics"',
      "Cache-Control": "public, max-age=900",
    },
  });
}

/** One VEVENT per runner; its UID stays the same through edits, so subscribed calendars update it in place. */
export function runnersCalendar(runners: Runner[], origin: string, stableName: string): string {
  const host = new URL(origin).host;
  const lines = [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    `PRODID:-//${icalText(stableName)}//Runners//EN`,
    "CALSCALE:GREGORIAN",
    "METHOD:PUBLISH",
    `X-WR-CALNAME:${icalText(`${stableName} runners`)}`,
    `X-WR-TIMEZONE:${RACE_TIME_ZONE}`,
    ...COPENHAGEN_VTIMEZONE,
  ];
  for (const runner of runners) {
    const details = [runner.distance && `Distance: ${runner.distance}`, runner.jockey && `Jockey: ${runner.jockey}`];
    const description = details.filter(Boolean).join("\n");
    lines.push(
      "BEGIN:VEVENT",
      `UID:runner-${runner.id}@${host}`,
      `DTSTAMP:${icalUtc(runner.updatedAt)}`,
      runner.postTime
        ? `DTSTART;TZID=${RACE_TIME_ZONE}:${icalDate(runner.raceDate)}T${icalTime(runner.postTime)}`
        : `DTSTART;VALUE=DATE:${icalDate(runner.raceDate)}`,
      `SUMMARY:${icalText(`${runner.horseName} – ${runner.raceName}`)}`,
      ...(runner.track?.trim() ? [`LOCATION:${icalText(runner.track.trim())}`] : []),
      ...(description ? [`DESCRIPTION:${icalText(description)}`] : []),
      `URL:${origin}/horses/${runner.horseSlug}`,
      "END:VEVENT",
    );
  }
  lines.push("END:VCALENDAR");
  return icalDocument(lines);
}
