import type { Runner } from "~/models/runner.server";
import { contentTypeOf, pathTo } from "~/pages/registry";
import { formatWeight, type Equipment } from "~/racing/declaration";
import { COPENHAGEN_VTIMEZONE, icalDate, icalDocument, icalText, icalTime, icalUtc } from "~/racing/ical";
import { RACE_TIME_ZONE } from "~/racing/race-day";

const EQUIPMENT_NAMES: Record<Equipment, string> = {
  blinkers: "Blinkers",
  cheekpieces: "Cheekpieces",
  visor: "Visor",
  hood: "Hood",
  "tongue-tie": "Tongue tie",
};

/** Entered: not yet sure to run; declared: running; withdrawn: a non-runner, the event cancelled. */
const STATUS = { entered: "TENTATIVE", declared: "CONFIRMED", withdrawn: "CANCELLED" } as const;

function description(runner: Runner, reasons: boolean): string {
  const d = runner.status === "declared" ? runner.declaration : null;
  return [
    runner.status === "withdrawn" ? "Non-runner" : null,
    reasons && runner.status === "withdrawn" && runner.withdrawalReason ? `Reason: ${runner.withdrawalReason}` : null,
    runner.distance && `Distance: ${runner.distance}`,
    runner.jockey && `Jockey: ${runner.jockey}`,
    d?.weightG && `Weight: ${formatWeight(d.weightG)}`,
    d?.draw && `Draw: ${d.draw}`,
    d?.equipment.length ? `Equipment: ${d.equipment.map((e) => EQUIPMENT_NAMES[e]).join(", ")}` : null,
  ]
    .filter(Boolean)
    .join("\n");
}

/**
 * How a feed links its events: the public horse page, or (an owner's private feed) the horse's
 * owners' page, where a non-runner's reason may be told too.
 */
export type CalendarAudience = { eventPath: (runner: Runner) => string; reasons: boolean; uidTag: string };

const PUBLIC_FEED: CalendarAudience = {
  eventPath: (r) => pathTo("horse", { slug: r.horseSlug }),
  reasons: false,
  uidTag: "",
};

/**
 * One VEVENT per runner; its UID stays the same through edits and a withdrawal, and SEQUENCE rises
 * with every change, so subscribed calendars update the event (a non-runner's is CANCELLED).
 */
export function runnersCalendar(
  runners: Runner[],
  { origin, name, prodId }: { origin: string; name: string; prodId: string },
  audience: CalendarAudience = PUBLIC_FEED,
): string {
  const host = new URL(origin).host;
  const lines = [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    `PRODID:-//${icalText(prodId)}//Runners//EN`,
    "CALSCALE:GREGORIAN",
    "METHOD:PUBLISH",
    `X-WR-CALNAME:${icalText(name)}`,
    `X-WR-TIMEZONE:${RACE_TIME_ZONE}`,
    ...COPENHAGEN_VTIMEZONE,
  ];
  for (const runner of runners) {
    const text = description(runner, audience.reasons);
    lines.push(
      "BEGIN:VEVENT",
      `UID:runner-${runner.id}${audience.uidTag}@${host}`,
      `DTSTAMP:${icalUtc(runner.updatedAt)}`,
      `SEQUENCE:${runner.sequence}`,
      `STATUS:${STATUS[runner.status]}`,
      runner.postTime
        ? `DTSTART;TZID=${RACE_TIME_ZONE}:${icalDate(runner.raceDate)}T${icalTime(runner.postTime)}`
        : `DTSTART;VALUE=DATE:${icalDate(runner.raceDate)}`,
      `SUMMARY:${icalText(`${runner.horseName} – ${runner.raceName}`)}`,
      ...(runner.track?.trim() ? [`LOCATION:${icalText(runner.track.trim())}`] : []),
      ...(text ? [`DESCRIPTION:${icalText(text)}`] : []),
      `URL:${origin}${audience.eventPath(runner)}`,
      "END:VEVENT",
    );
  }
  lines.push("END:VCALENDAR");
  return icalDocument(lines);
}

/**
 * A calendar feed's response. `Last-Modified` is when it was made: the page cache keeps it until
 * the next change of content, and answers If-None-Match / If-Modified-Since with 304.
 */
export function calendarResponse(feed: "runners-ics" | "horse-ics", filename: string, body: string): Response {
  return new Response(body, {
    headers: {
      "Content-Type": contentTypeOf(feed),
      "Content-Disposition": `inline; filename="${filename}"`,
      "Cache-Control": "public, max-age=900",
      "Last-Modified": new Date().toUTCString(),
    },
  });
}

export function calendarUnavailable(): Response {
  return new Response("The calendar is not available right now. Please try again later.\n", {
    status: 503,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store", "Retry-After": "30" },
  });
}
