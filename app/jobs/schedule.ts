/**
 * When a scheduled job is due, as plain arithmetic on instants (no clock, no database): the period
 * an instant falls in, named by a key that every instance computes alike, so that the key is what
 * the instances claim (app/jobs/scheduler.server.ts). Danish wall-clock schedules follow
 * Europe/Copenhagen through its clock changes.
 */

export const SCHEDULE_TIME_ZONE = "Europe/Copenhagen";

export type Schedule =
  | { kind: "daily"; hour: number; minute: number }
  | { kind: "monthly"; day: number; hour: number; minute: number }
  | { kind: "every"; ms: number };

/** One run's turn: from `start` (when it is due) to `end` (when the next one is due). */
export type Period = { key: string; start: Date; end: Date };

const MINUTE = 60_000;

function clockTime(at: string): { hour: number; minute: number } {
  const m = /^([01]\d|2[0-3]):([0-5]\d)$/.exec(at);
  if (!m) throw new Error(`"${at}" is no time of day (HH:MM)`);
  return { hour: Number(m[1]), minute: Number(m[2]) };
}

/** Every day at `at` ("07:00"), Danish time. */
export function daily(at: string): Schedule {
  return { kind: "daily", ...clockTime(at) };
}

/** Every month on `day` (1–31; the month's last day where it has fewer) at `at`, Danish time. */
export function monthly(day: number, at: string): Schedule {
  if (!Number.isInteger(day) || day < 1 || day > 31) throw new Error(`${day} is no day of a month`);
  return { kind: "monthly", day, ...clockTime(at) };
}

/** Every so many minutes or hours, counted from 1970-01-01 00:00 UTC (so every instance agrees). */
export function every({ minutes = 0, hours = 0 }: { minutes?: number; hours?: number }): Schedule {
  const ms = Math.round((minutes + hours * 60) * MINUTE);
  if (!(ms >= MINUTE)) throw new Error("A job runs at most once a minute");
  return { kind: "every", ms };
}

const localParts = new Intl.DateTimeFormat("en-GB", {
  timeZone: SCHEDULE_TIME_ZONE,
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  second: "2-digit",
  hourCycle: "h23",
});

type LocalDate = { year: number; month: number; day: number };

/** An instant's wall-clock reading in Denmark. */
function danishWallClock(ms: number) {
  const p = Object.fromEntries(localParts.formatToParts(new Date(ms)).map((x) => [x.type, Number(x.value)]));
  return { year: p.year!, month: p.month!, day: p.day!, hour: p.hour!, minute: p.minute!, second: p.second! };
}

/** How far Danish wall-clock time is ahead of UTC at an instant. */
function danishOffset(ms: number) {
  const w = danishWallClock(ms);
  const wall = Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second);
  return wall - Math.floor(ms / 1000) * 1000;
}

/**
 * The instant a Danish wall-clock time happens. A time the spring change skips is read with the
 * offset before it (02:30 is 03:30 summer time); an autumn time that happens twice is the first.
 */
export function danishInstant(date: LocalDate, hour: number, minute: number): Date {
  const wall = Date.UTC(date.year, date.month - 1, date.day, hour, minute);
  const before = danishOffset(wall - 86_400_000);
  const after = danishOffset(wall + 86_400_000);
  for (const offset of [Math.max(before, after), Math.min(before, after)]) {
    const w = danishWallClock(wall - offset);
    if (w.hour === hour && w.minute === minute && w.day === date.day) return new Date(wall - offset);
  }
  return new Date(wall - before);
}

const pad = (n: number, width = 2) => String(n).padStart(width, "0");

function addDays(date: LocalDate, days: number): LocalDate {
  const d = new Date(Date.UTC(date.year, date.month - 1, date.day + days));
  return { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate() };
}

function addMonths(year: number, month: number, months: number) {
  const d = new Date(Date.UTC(year, month - 1 + months, 1));
  return { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1 };
}

const daysInMonth = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();

function monthlyDue(schedule: Extract<Schedule, { kind: "monthly" }>, year: number, month: number) {
  const day = Math.min(schedule.day, daysInMonth(year, month));
  return danishInstant({ year, month, day }, schedule.hour, schedule.minute);
}

/** The period `now` falls in: the latest time the job was due at or before `now`. */
export function periodAt(schedule: Schedule, now: Date): Period {
  const at = now.getTime();
  if (schedule.kind === "every") {
    const start = Math.floor(at / schedule.ms) * schedule.ms;
    return { key: new Date(start).toISOString(), start: new Date(start), end: new Date(start + schedule.ms) };
  }
  const w = danishWallClock(at);
  if (schedule.kind === "daily") {
    const due = (date: LocalDate) => danishInstant(date, schedule.hour, schedule.minute);
    let date: LocalDate = { year: w.year, month: w.month, day: w.day };
    if (due(date).getTime() > at) date = addDays(date, -1);
    return {
      key: `${date.year}-${pad(date.month)}-${pad(date.day)}`,
      start: due(date),
      end: due(addDays(date, 1)),
    };
  }
  let month = { year: w.year, month: w.month };
  if (monthlyDue(schedule, month.year, month.month).getTime() > at) month = addMonths(month.year, month.month, -1);
  const next = addMonths(month.year, month.month, 1);
  return {
    key: `${month.year}-${pad(month.month)}`,
    start: monthlyDue(schedule, month.year, month.month),
    end: monthlyDue(schedule, next.year, next.month),
  };
}
