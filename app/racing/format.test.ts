import { describe, expect, test } from "vitest";
import { formatAmount, formatDanishDate, formatDay, formatDayOf, formatDkk, formatPrize, orFallback } from "./format";

// Intl writes a no-break space between the amount and 'kr.'; compare with ordinary spaces.
const plain = (s: string) => s.replace(/\u00a0/g, " ");

describe("formatDkk", () => {
  test("shows da-DK kroner with two decimals and thousands dots", () => {
    expect(plain(formatDkk(123_450))).toBe("1.234,50 kr.");
    expect(plain(formatDkk(0))).toBe("0,00 kr.");
    expect(plain(formatDkk(5))).toBe("0,05 kr.");
    expect(plain(formatDkk(50_000_000))).toBe("500.000,00 kr.");
    expect(plain(formatDkk(123_456_789))).toBe("1.234.567,89 kr.");
  });
});

describe("formatPrize", () => {
  test("formats an amount, including zero", () => {
    expect(plain(formatPrize(2_875_075))).toBe("28.750,75 kr.");
    expect(plain(formatPrize(0))).toBe("0,00 kr.");
  });
  test("falls back to 'Not specified' when there is no amount", () => {
    expect(formatPrize(null)).toBe("Not specified");
    expect(formatPrize(undefined)).toBe("Not specified");
    expect(formatPrize(null, "—")).toBe("—");
  });
});

describe("formatDanishDate", () => {
  test("writes ISO dates the Danish way", () => {
    expect(formatDanishDate("2026-05-17")).toBe("17.5.2026");
    expect(formatDanishDate("2025-12-01")).toBe("1.12.2025");
    expect(formatDanishDate("2026-08-02T10:00:00.000Z")).toBe("2.8.2026");
  });
  test("does not shift the day across time zones", () => {
    expect(formatDanishDate("2026-01-01")).toBe("1.1.2026");
    expect(formatDanishDate("2026-12-31")).toBe("31.12.2026");
  });
  test("falls back to 'Unknown Date' for missing or impossible dates", () => {
    for (const value of [null, undefined, "", "   ", "soon", "2026-02-30", "2026-13-01", "17/05/2026"]) {
      expect(formatDanishDate(value)).toBe("Unknown Date");
    }
    expect(formatDanishDate(null, "n/a")).toBe("n/a");
  });
});

describe("orFallback", () => {
  test.each([
    ["Unknown Race"],
    ["Unknown Track"],
    ["Unknown Distance"],
    ["Unknown Jockey"],
    ["Unknown Horse"],
    ["Unknown Owner"],
  ])("blank or missing text shows %s", (fallback) => {
    expect(orFallback(null, fallback)).toBe(fallback);
    expect(orFallback(undefined, fallback)).toBe(fallback);
    expect(orFallback("", fallback)).toBe(fallback);
    expect(orFallback("  \n ", fallback)).toBe(fallback);
  });
  test("keeps real text, trimmed", () => {
    expect(orFallback("  Klampenborg Galopbane ", "Unknown Track")).toBe("Klampenborg Galopbane");
  });
});

describe("formatAmount", () => {
  test("writes øre as an administrator types kroner, without the currency", () => {
    expect(formatAmount(12345050)).toBe("123.450,50");
    expect(formatAmount(0)).toBe("0,00");
  });
});

describe("formatDay and formatDayOf", () => {
  test("write a day as each language writes it", () => {
    expect(formatDay("2026-11-26", "en")).toBe("26 November 2026");
    expect(formatDay("2026-11-26", "da")).toBe("26. november 2026");
    expect(formatDay("2026-05-01", "en")).toBe("1 May 2026");
    expect(formatDay("2026-02-30", "en")).toBe("Unknown Date");
    expect(formatDay(null, "da", "Ukendt dato")).toBe("Ukendt dato");
  });
  test("take an instant's day in Denmark", () => {
    // 23:30 UTC on 30 June is already 1 July in Copenhagen.
    expect(formatDayOf("2026-06-30T23:30:00.000Z", "en")).toBe("1 July 2026");
    expect(formatDayOf("2026-06-30T23:30:00.000Z", "da")).toBe("1. juli 2026");
    expect(formatDayOf("not a time", "en")).toBe("");
  });
});
