import { describe, expect, it } from "vitest";
import { danishToday, ordinal, raceStartIso, resultText, strikeRate } from "./race-day";

describe("race days", () => {
  it("reads today in Denmark, not in UTC", () => {
    expect(danishToday(new Date("2026-06-10T21:59:00Z"))).toBe("2026-06-10");
    expect(danishToday(new Date("2026-06-10T22:01:00Z"))).toBe("2026-06-11");
    expect(danishToday(new Date("2026-01-10T23:01:00Z"))).toBe("2026-01-11");
  });

  it("gives a race's start Denmark's offset on its day", () => {
    expect(raceStartIso("2026-06-20", "15:30")).toBe("2026-06-20T15:30:00+02:00");
    expect(raceStartIso("2026-12-20", "13:05")).toBe("2026-12-20T13:05:00+01:00");
    expect(raceStartIso("2026-12-20", null)).toBe("2026-12-20");
  });

  it("writes positions as 1st, 2nd, 3rd …", () => {
    expect([1, 2, 3, 4, 11, 12, 13, 21, 22, 23, 30].map(ordinal)).toEqual([
      "1st",
      "2nd",
      "3rd",
      "4th",
      "11th",
      "12th",
      "13th",
      "21st",
      "22nd",
      "23rd",
      "30th",
    ]);
    expect(resultText({ position: null, didNotFinish: true })).toBe("Did not finish");
    expect(resultText({ position: 2, didNotFinish: false })).toBe("2nd");
  });

  it("gives the strike rate in Danish (a no-break space before %)", () => {
    expect(strikeRate(0, 0)).toBe("0\u00a0%");
    expect(strikeRate(1, 2)).toBe("50\u00a0%");
    expect(strikeRate(1, 3)).toBe("33,3\u00a0%");
    expect(strikeRate(2, 3)).toBe("66,7\u00a0%");
    expect(strikeRate(3, 3)).toBe("100\u00a0%");
  });
});
