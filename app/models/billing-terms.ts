import type { CostCategory, FeeStatus, HorseStatus, VatKind } from "@db/schema";

/** The words of owners' accounts that the models, the billing run and the pages share (issue 36). */

export type { CostCategory, FeeStatus, HorseStatus, VatKind };

export type BillingLang = "en" | "da";

/** A horse's statuses, in the order the forms list them; away and retired carry no fee. */
export const HORSE_STATUSES = [
  "training",
  "pre-training",
  "resting",
  "away",
  "retired",
] as const satisfies readonly HorseStatus[];

export const FEE_STATUSES = ["training", "pre-training", "resting"] as const satisfies readonly FeeStatus[];

export function isFeeStatus(status: HorseStatus): status is FeeStatus {
  return (FEE_STATUSES as readonly string[]).includes(status);
}

export const STATUS_NAMES: Record<BillingLang, Record<HorseStatus, string>> = {
  en: {
    training: "In training",
    "pre-training": "Pre-training",
    resting: "Resting/at grass",
    away: "Away",
    retired: "Retired",
  },
  da: {
    training: "I træning",
    "pre-training": "Førtræning",
    resting: "På græs",
    away: "Væk",
    retired: "Pensioneret",
  },
};

export const COST_CATEGORIES = [
  "vet",
  "farrier",
  "dentist",
  "physio",
  "transport",
  "entry-fee",
  "declaration-fee",
  "jockey-fee",
  "insurance",
  "other",
] as const satisfies readonly CostCategory[];

export const CATEGORY_NAMES: Record<BillingLang, Record<CostCategory, string>> = {
  en: {
    vet: "Vet",
    farrier: "Farrier",
    dentist: "Dentist",
    physio: "Physio",
    transport: "Transport",
    "entry-fee": "Entry fee",
    "declaration-fee": "Declaration fee",
    "jockey-fee": "Jockey fee",
    insurance: "Insurance",
    other: "Other",
  },
  da: {
    vet: "Dyrlæge",
    farrier: "Beslag",
    dentist: "Tandlæge",
    physio: "Fysioterapi",
    transport: "Transport",
    "entry-fee": "Startindskud",
    "declaration-fee": "Startanmeldelsesgebyr",
    "jockey-fee": "Jockeyhonorar",
    insurance: "Forsikring",
    other: "Andet",
  },
};

/** A whole horse in hundredths of a percent: 100,00 %. */
export const WHOLE_HUNDREDTHS = 10_000;

/** 3333 -> "33.33", 6000 -> "60", 3350 -> "33.5": a share as the documents write it (decision 0277). */
export function sharePercentText(hundredths: number) {
  const whole = Math.trunc(hundredths / 100);
  const rest = String(hundredths % 100)
    .padStart(2, "0")
    .replace(/0+$/, "");
  return rest ? `${whole}.${rest}` : String(whole);
}

/** "33.33" or "33,33" -> 3333; null for anything that is not a percentage with at most two decimals. */
export function parseSharePercent(text: string): number | null {
  const m = /^\s*(\d{1,3})(?:[.,](\d{1,2}))?\s*%?\s*$/.exec(text);
  if (!m) return null;
  const value = Number(m[1]) * 100 + Number((m[2] ?? "").padEnd(2, "0"));
  return value <= WHOLE_HUNDREDTHS ? value : null;
}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A real calendar date written YYYY-MM-DD. */
export function isIsoDay(value: string) {
  const m = ISO_DATE.exec(value);
  if (!m) return false;
  return new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]))).toISOString().slice(0, 10) === value;
}

/** "2026-01-31" + 1 -> "2026-02-01". */
export function addDays(iso: string, days: number) {
  const d = new Date(`${iso}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** The days from start to end, both included. */
export function daysBetween(start: string, end: string): number {
  return Math.round((Date.parse(`${end}T00:00:00Z`) - Date.parse(`${start}T00:00:00Z`)) / 86_400_000) + 1;
}

const MONTH = /^(\d{4})-(0[1-9]|1[0-2])$/;

export function isMonth(value: string) {
  return MONTH.test(value);
}

/** "2026-02" -> 2026-02-01 to 2026-02-28. */
export function monthPeriod(month: string): { start: string; end: string } {
  if (!isMonth(month)) throw new RangeError(`Not a month: ${month}`);
  const start = `${month}-01`;
  const next = new Date(`${start}T00:00:00Z`);
  next.setUTCMonth(next.getUTCMonth() + 1);
  return { start, end: addDays(next.toISOString().slice(0, 10), -1) };
}

/** The month before the one `day` is in: the month a run on the 1st bills. */
export function previousMonth(day: string) {
  return addDays(`${day.slice(0, 7)}-01`, -1).slice(0, 7);
}

export const VAT_KINDS = ["standard", "outlay"] as const satisfies readonly VatKind[];
