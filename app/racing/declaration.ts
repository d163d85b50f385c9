/** A runner's declaration and deadlines: equipment, weight in kilograms the Danish way, Danish times. */
import { RACE_TIME_ZONE } from "~/racing/race-day";

/** The equipment a declaration may name, in the order it is stored and shown. */
export const RUNNER_EQUIPMENT = ["blinkers", "cheekpieces", "visor", "hood", "tongue-tie"] as const;
export type Equipment = (typeof RUNNER_EQUIPMENT)[number];

export function isEquipment(value: string): value is Equipment {
  return (RUNNER_EQUIPMENT as readonly string[]).includes(value);
}

/** Codes as stored: known ones only, each once, in RUNNER_EQUIPMENT's order; null for none. */
export function equipmentColumn(items: readonly string[]): string | null {
  const chosen = RUNNER_EQUIPMENT.filter((e) => items.includes(e));
  return chosen.length ? chosen.join(",") : null;
}

export function equipmentFromColumn(value: string | null): Equipment[] {
  return (value ?? "").split(",").filter(isEquipment);
}

export const WEIGHT_MIN_G = 30_000;
export const WEIGHT_MAX_G = 100_000;

/**
 * A weight typed in kilograms ('57,5', '57.5', '57', '57,5 kg') as whole grams, exactly (no
 * floating point); at most two decimals. Null when it is not such a number.
 */
export function readWeightKg(text: string): number | null {
  const m = /^(\d{1,3})(?:[,.](\d{1,2}))?(?:\s*kg)?$/i.exec(text.trim());
  if (!m) return null;
  return Number(m[1]) * 1000 + Number((m[2] ?? "").padEnd(3, "0"));
}

const kg = new Intl.NumberFormat("da-DK", { minimumFractionDigits: 0, maximumFractionDigits: 3 });

/** 57500 → '57,5' (as typed back into the form). */
export function weightKgText(grams: number): string {
  return kg.format(grams / 1000);
}

/** 57500 → '57,5 kg'. */
export function formatWeight(grams: number): string {
  return `${weightKgText(grams)} kg`;
}

const parts = new Intl.DateTimeFormat("en-CA", {
  timeZone: RACE_TIME_ZONE,
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
});

/** An instant as Danish local time, 'YYYY-MM-DDTHH:MM' (what a datetime-local field shows). */
export function danishLocal(iso: string): string {
  const p = Object.fromEntries(parts.formatToParts(new Date(iso)).map((x) => [x.type, x.value]));
  return `${p.year}-${p.month}-${p.day}T${p.hour}:${p.minute}`;
}

/**
 * Danish local time 'YYYY-MM-DDTHH:MM' as an ISO UTC instant; null when it is not a real date and
 * time. A time the spring clock change skips is read as the hour after it; an autumn hour that
 * happens twice is the first.
 */
export function danishLocalToIso(local: string): string | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})T([01]\d|2[0-3]):([0-5]\d)$/.exec(local.trim());
  if (!m) return null;
  const [y, mo, d, h, mi] = m.slice(1).map(Number) as [number, number, number, number, number];
  const asUtc = Date.UTC(y, mo - 1, d, h, mi);
  const check = new Date(asUtc);
  if (check.getUTCFullYear() !== y || check.getUTCMonth() !== mo - 1 || check.getUTCDate() !== d) return null;
  // Denmark is UTC+1 or UTC+2: take the first of those that reads back as the typed time.
  for (const offsetHours of [2, 1]) {
    const instant = new Date(asUtc - offsetHours * 3_600_000).toISOString();
    if (danishLocal(instant) === local.trim()) return instant;
  }
  return new Date(asUtc - 3_600_000).toISOString();
}
