/** A post's publishing time as the News tab's field shows and reads it: Danish local time. */
export const POST_TIME_ZONE = "Europe/Copenhagen";

const LOCAL = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})$/;

const parts = new Intl.DateTimeFormat("en-GB", {
  timeZone: POST_TIME_ZONE,
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
});

/** The instant as the field's value ('2026-06-01T14:30', Danish time). */
export function toDanishLocal(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return "";
  const p = Object.fromEntries(parts.formatToParts(date).map((x) => [x.type, x.value]));
  return `${p.year}-${p.month}-${p.day}T${p.hour}:${p.minute}`;
}

/** The field's value ('2026-06-01T14:30', Danish time) as an ISO instant, or null when it is no real time. */
export function fromDanishLocal(value: string): string | null {
  const m = LOCAL.exec(value.trim());
  if (!m) return null;
  const [y, mo, d, h, mi] = m.slice(1).map(Number) as [number, number, number, number, number];
  if (mo < 1 || mo > 12 || d < 1 || d > 31 || h > 23 || mi > 59) return null;
  const asUtc = Date.UTC(y, mo - 1, d, h, mi);
  // Denmark is an hour or two ahead of UTC: try both offsets, keep the one that reads back the same.
  for (const offsetHours of [1, 2]) {
    const instant = new Date(asUtc - offsetHours * 3_600_000).toISOString();
    if (toDanishLocal(instant) === `${m[1]}-${m[2]}-${m[3]}T${m[4]}:${m[5]}`) return instant;
  }
  // The hour skipped when the clocks go forward: take the instant the clocks jump to.
  const skipped = new Date(asUtc - 3_600_000).toISOString();
  return toDanishLocal(skipped).slice(0, 10) === `${m[1]}-${m[2]}-${m[3]}` ? skipped : null;
}
