import { describe, expect, test } from "vitest";
import { MAX_AMOUNT_ORE, parseDkkToOre, readDkkAmount } from "./money";

describe("parseDkkToOre", () => {
  test.each([
    ["125.000", 12_500_000],
    ["125.000,50", 12_500_050],
    ["125000.50", 12_500_050],
    ["125.000 kr.", 12_500_000],
    ["1.234.567,89 kr", 123_456_789],
    ["125000", 12_500_000],
    ["12,5", 1_250],
    ["12.5", 1_250],
    ["DKK 2.500", 250_000],
    ["2.500,-", 250_000],
    ["  3 250,05 kr. ", 325_005],
    ["0", 0],
  ])("reads %j as %i øre", (input, ore) => {
    expect(parseDkkToOre(input)).toBe(ore);
  });

  test.each([
    ["abc"],
    [""],
    ["   "],
    ["kr."],
    ["-500"],
    ["12,345"],
    ["1.23.4"],
    ["12.34.567"],
    ["1,2,3"],
    ["12a"],
    ["1e5"],
  ])("rejects %j", (input) => {
    expect(parseDkkToOre(input)).toBeNull();
  });

  test("takes numbers as kroner and rejects non-finite or negative ones", () => {
    expect(parseDkkToOre(1234.5)).toBe(123_450);
    expect(parseDkkToOre(0.1 + 0.2)).toBe(30);
    expect(parseDkkToOre(Number.NaN)).toBeNull();
    expect(parseDkkToOre(Number.POSITIVE_INFINITY)).toBeNull();
    expect(parseDkkToOre(-1)).toBeNull();
    expect(parseDkkToOre(null)).toBeNull();
    expect(parseDkkToOre(undefined)).toBeNull();
  });
});

describe("readDkkAmount", () => {
  test("tells amounts over 1.000.000.000,00 kr. apart from text that is no amount", () => {
    expect(readDkkAmount("1.000.000.000,00")).toEqual({ ore: MAX_AMOUNT_ORE });
    expect(readDkkAmount("1.000.000.000,01")).toEqual({ problem: "too-large" });
    expect(readDkkAmount("99999999999999999999")).toEqual({ problem: "too-large" });
    expect(readDkkAmount("99999999999999999999999")).toEqual({ problem: "too-large" });
    expect(readDkkAmount("a lot")).toEqual({ problem: "not-an-amount" });
    expect(parseDkkToOre(1e23)).toBe(Number.POSITIVE_INFINITY);
  });
});
