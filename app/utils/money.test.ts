import { describe, expect, test } from "vitest";
import { kronerInputToOre, parseDkkToOre } from "./money";

describe("parseDkkToOre reads amounts as a Danish reader types them", () => {
  test.each([
    ["125.000", 12_500_000],
    ["125.000,50", 12_500_050],
    ["125000.50", 12_500_050],
    ["125.000 kr.", 12_500_000],
    ["125.000 kr", 12_500_000],
    ["DKK 125.000", 12_500_000],
    ["kr. 1.250.000,5", 125_000_050],
    ["125000", 12_500_000],
    ["125 000", 12_500_000],
    ["12,5", 1_250],
    ["0", 0],
    [" 7.500,- ", 750_000],
  ])("%j is %d øre", (input, ore) => {
    expect(parseDkkToOre(input)).toBe(ore);
  });

  test.each(["", "   ", "abc", "one hundred", "12a", "-5", "1,2,3", "1.2.3", "12.34.56,7", "1,234", "kr.", "12,345", "NaN", "Infinity", "1e5"])(
    "%j is not an amount",
    (input) => {
      expect(parseDkkToOre(input)).toBeNull();
    },
  );
});

describe("kronerInputToOre reads a number field, non-numbers counting as 0", () => {
  test.each([
    ["1234.5", 123_450],
    ["0.01", 1],
    ["", 0],
    ["abc", 0],
    [null, 0],
  ] as const)("%j is %d øre", (input, ore) => {
    expect(kronerInputToOre(input)).toBe(ore);
  });
});
