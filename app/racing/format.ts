/** Display helpers shared by server and browser. Money is whole øre everywhere below the UI. */

const dkk = new Intl.NumberFormat("da-DK", {
  style: "currency",
  currency: "DKK",
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

const daAmount = new Intl.NumberFormat("da-DK", { minimumFractionDigits: 2, maximumFractionDigits: 2 });

const daDate = new Intl.DateTimeFormat("da-DK", { timeZone: "UTC" });

/** 123450 øre -> '1.234,50 kr.' */
export function formatDkk(ore: number) {
  return dkk.format(ore / 100);
}

/** 123450 øre -> '1.234,50': the amount as an administrator types it in a prize field. */
export function formatAmount(ore: number) {
  return daAmount.format(ore / 100);
}

/** Like formatDkk, but returns the fallback when there is no amount. */
export function formatPrize(ore: number | null | undefined, fallback = "Not specified") {
  return ore === null || ore === undefined ? fallback : formatDkk(ore);
}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})/;

/** '2026-05-17' -> '17.5.2026'; anything that is not a real calendar date gives the fallback. */
export function formatDanishDate(value: string | null | undefined, fallback = "Unknown Date") {
  const day = calendarDay(value);
  return day ? daDate.format(day) : fallback;
}

/** The calendar day an ISO date (or the date part of an instant) names, as UTC midnight; null when it is none. */
function calendarDay(value: string | null | undefined): Date | null {
  const m = value ? ISO_DATE.exec(value.trim()) : null;
  if (!m) return null;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== mo - 1 || date.getUTCDate() !== d) return null;
  return date;
}

const longDay = {
  en: new Intl.DateTimeFormat("en-GB", { timeZone: "UTC", day: "numeric", month: "long", year: "numeric" }),
  da: new Intl.DateTimeFormat("da-DK", { timeZone: "UTC", day: "numeric", month: "long", year: "numeric" }),
};

/**
 * A day as a page in `lang` writes it: '2026-11-26' -> '26 November 2026' / '26. november 2026';
 * anything that is not a real calendar date gives the fallback.
 */
export function formatDay(value: string | null | undefined, lang: "en" | "da", fallback = "Unknown Date") {
  const day = calendarDay(value);
  return day ? longDay[lang].format(day) : fallback;
}

const danishDayOf = {
  en: new Intl.DateTimeFormat("en-GB", {
    timeZone: "Europe/Copenhagen",
    day: "numeric",
    month: "long",
    year: "numeric",
  }),
  da: new Intl.DateTimeFormat("da-DK", {
    timeZone: "Europe/Copenhagen",
    day: "numeric",
    month: "long",
    year: "numeric",
  }),
};

/** The Danish day an instant falls on, as a page in `lang` writes it ('26 November 2026' / '26. november 2026'). */
export function formatDayOf(iso: string, lang: "en" | "da") {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? "" : danishDayOf[lang].format(date);
}

/** Blank or missing text shows the fallback. */
export function orFallback(value: string | null | undefined, fallback: string) {
  const trimmed = value?.trim();
  return trimmed ? trimmed : fallback;
}

const daTime = {
  second: new Intl.DateTimeFormat("da-DK", { timeZone: "Europe/Copenhagen", dateStyle: "short", timeStyle: "medium" }),
  minute: new Intl.DateTimeFormat("da-DK", { timeZone: "Europe/Copenhagen", dateStyle: "short", timeStyle: "short" }),
};

/**
 * An instant as Danish time, to the second or the minute: '2026-11-23T14:05:00Z' ->
 * '23.11.2026 15.05.00', or '23.11.2026, 15.05'.
 */
export function formatDanishTime(iso: string, to: keyof typeof daTime = "second") {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : daTime[to].format(date);
}
