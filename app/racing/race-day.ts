/** Races are run on Danish time: "today" and post times are read in Europe/Copenhagen. */
export const RACE_TIME_ZONE = "Europe/Copenhagen";

const isoDay = new Intl.DateTimeFormat("en-CA", {
  timeZone: RACE_TIME_ZONE,
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
});

/** Today's date in Denmark as YYYY-MM-DD. */
export function danishToday(now = new Date()): string {
  return isoDay.format(now);
}

/** 1 → '1st', 2 → '2nd', 3 → '3rd', 11 → '11th', 22 → '22nd'. */
export function ordinal(n: number): string {
  const tens = n % 100;
  if (tens >= 11 && tens <= 13) return `${n}th`;
  return `${n}${{ 1: "st", 2: "nd", 3: "rd" }[n % 10] ?? "th"}`;
}

/** A result as the pages show it: '1st', '12th', 'Did not finish'. */
export function resultText(result: { position: number | null; didNotFinish: boolean }): string {
  if (result.didNotFinish || result.position === null) return "Did not finish";
  return ordinal(result.position);
}

const percent = new Intl.NumberFormat("da-DK", { style: "percent", maximumFractionDigits: 1 });

/** Wins per run as a da-DK percentage ('33,3 %'); '0 %' before the first run. */
export function strikeRate(wins: number, runs: number): string {
  return percent.format(runs === 0 ? 0 : wins / runs);
}

const offsetName = new Intl.DateTimeFormat("en-GB", { timeZone: RACE_TIME_ZONE, timeZoneName: "longOffset" });

/**
 * A race's start as ISO 8601 with Denmark's offset on that day ('2026-06-20T15:30:00+02:00'), or
 * the date alone when the post time is not known.
 */
export function raceStartIso(date: string, postTime: string | null): string {
  if (!postTime) return date;
  // The offset at noon UTC that day; races are not run in the night hour a clock change moves.
  const noon = new Date(`${date}T12:00:00Z`);
  const name = offsetName.formatToParts(noon).find((p) => p.type === "timeZoneName")?.value ?? "GMT+01:00";
  const offset = name === "GMT" ? "+00:00" : name.replace("GMT", "");
  return `${date}T${postTime}:00${offset}`;
}
