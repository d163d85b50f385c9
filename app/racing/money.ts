/** The largest amount any money field takes: 1.000.000.000,00 kr., far inside exact integers. */
export const MAX_AMOUNT_ORE = 100_000_000_000;
export const AMOUNT_LIMIT_TEXT = "1.000.000.000,00 kr.";

/** Whether whole øre are within the site's amount limit (either sign). */
export function withinAmountLimit(ore: number) {
  return Number.isSafeInteger(ore) && Math.abs(ore) <= MAX_AMOUNT_ORE;
}

export type AmountReading = { ore: number } | { problem: "not-an-amount" | "too-large" };

/** parseDkkToOre, telling an amount over MAX_AMOUNT_ORE apart from text that is no amount at all. */
export function readDkkAmount(input: string): AmountReading {
  const ore = parseDkkToOre(input);
  if (ore === null) return { problem: "not-an-amount" };
  return ore === TOO_LARGE ? { problem: "too-large" } : { ore };
}

/**
 * Reads an amount of kroner as a Danish reader types it and returns whole øre, or null when the
 * text is not an amount (Infinity when it is one, but over MAX_AMOUNT_ORE). '.' groups thousands and ',' marks decimals ('125.000,50'); a lone '.'
 * followed by one or two digits is read as a decimal point ('125000.50'); 'kr.', 'kr', 'DKK' and
 * spaces are ignored.
 */
export function parseDkkToOre(input: string | number | null | undefined): number | null {
  if (input === null || input === undefined) return null;
  if (typeof input === "number") {
    if (!Number.isFinite(input) || input < 0) return null;
    const ore = Math.round(input * 100);
    return withinAmountLimit(ore) ? ore : TOO_LARGE;
  }
  let s = input.trim().replace(/\s|\u00a0/g, "");
  s = s.replace(/^(dkk|kr\.?)/i, "").replace(/(dkk|kr\.?|,-|\.-)$/i, "");
  if (s === "") return null;
  if (!/^\d[\d.,]*$/.test(s)) return null;

  let whole: string;
  let fraction = "";
  const comma = s.lastIndexOf(",");
  if (comma !== -1) {
    // Danish: comma is the decimal mark, dots group thousands.
    whole = s.slice(0, comma);
    fraction = s.slice(comma + 1);
    if (fraction.includes(".") || !/^\d{1,2}$/.test(fraction)) return null;
    if (!isGrouped(whole, ".")) return null;
  } else {
    const parts = s.split(".");
    const last = parts[parts.length - 1]!;
    if (parts.length === 2 && last.length > 0 && last.length <= 2) {
      // '125000.50' or '12.5': a decimal point.
      whole = parts[0]!;
      fraction = last;
    } else {
      whole = s;
      if (!isGrouped(whole, ".")) return null;
    }
  }
  const digits = whole.replace(/\./g, "");
  if (!/^\d+$/.test(digits)) return null;
  // More than 13 digits of kroner is beyond the limit; Number() would no longer be exact there.
  if (digits.replace(/^0+/, "").length > 13) return TOO_LARGE;
  const ore = Number(digits) * 100 + Number(fraction.padEnd(2, "0") || "0");
  return withinAmountLimit(ore) ? ore : TOO_LARGE;
}

const TOO_LARGE = Number.POSITIVE_INFINITY;

function isGrouped(whole: string, sep: string) {
  if (!whole.includes(sep)) return /^\d+$/.test(whole);
  return new RegExp(`^\\d{1,3}(\\${sep}\\d{3})+$`).test(whole);
}
