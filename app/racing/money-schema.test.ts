import { describe, expect, test } from "vitest";
import { z } from "zod";
import { moneyAmount, readMoneyText } from "./money-schema";

const strict = z.object({ amount: moneyAmount({ invalid: "invalid", tooLarge: "tooLarge" }) });
const lenient = z.object({ amount: moneyAmount({ tooLarge: "tooLarge" }) });
const signed = z.object({ amount: moneyAmount({ invalid: "invalid", tooLarge: "tooLarge", negative: "allowed" }) });
const unsigned = z.object({ amount: moneyAmount({ invalid: "invalid", tooLarge: "tooLarge", negative: "negative" }) });

function issue(schema: z.ZodType, amount: string) {
  const result = schema.safeParse({ amount });
  if (result.success) throw new Error(`${amount} was accepted`);
  const [first] = result.error.issues;
  return { message: first!.message, params: (first as { params?: unknown }).params };
}

describe("moneyAmount", () => {
  test.each([
    ["25.000", 2_500_000],
    ["25.000,50", 2_500_050],
    ["25000", 2_500_000],
    ["25 000 kr.", 2_500_000],
    ["25\u00a0000,00\u00a0kr.", 2_500_000],
    ["125000.50", 12_500_050],
  ])("reads %j the Danish way as %i øre", (typed, ore) => {
    expect(strict.parse({ amount: typed })).toEqual({ amount: ore });
  });

  test("a blank field is no amount at all", () => {
    expect(strict.parse({ amount: "  " })).toEqual({ amount: null });
    expect(strict.parse({})).toEqual({ amount: null });
  });

  test("refuses what is no amount, naming what was typed", () => {
    expect(issue(strict, "lots of money")).toEqual({
      message: "invalid",
      params: { typed: "lots of money", limit: "1.000.000.000,00 kr." },
    });
    expect(issue(strict, "1.000.000.000,01").message).toBe("tooLarge");
  });

  test("without an invalid message, text that is no amount counts as 0 (the spec's added prize)", () => {
    expect(lenient.parse({ amount: "abc" })).toEqual({ amount: 0 });
    expect(issue(lenient, "99999999999999999999").message).toBe("tooLarge");
  });

  test("a minus is refused unless the field allows amounts below zero", () => {
    expect(issue(strict, "-500").message).toBe("invalid");
    expect(issue(unsigned, "-500").message).toBe("negative");
    expect(signed.parse({ amount: "-2.500,50" })).toEqual({ amount: -250_050 });
    expect(signed.parse({ amount: "\u2212 25" })).toEqual({ amount: -2_500 });
    expect(unsigned.parse({ amount: "-0" })).toEqual({ amount: 0 });
  });
});

describe("readMoneyText", () => {
  test("tells blank, an amount and the two problems apart", () => {
    expect(readMoneyText("")).toEqual({ ore: null });
    expect(readMoneyText("25.000")).toEqual({ ore: 2_500_000 });
    expect(readMoneyText("-25.000")).toEqual({ ore: -2_500_000 });
    expect(readMoneyText("12a")).toEqual({ problem: "not-an-amount" });
    expect(readMoneyText("9999999999999999")).toEqual({ problem: "too-large" });
  });
});
