import { describe, expect, it } from "vitest";
import { careerAndRecord } from "./career";

const entry = (position: number | null, raceDate = "2026-05-01") => ({ position, raceDate });

describe("career figures and race record", () => {
  it("agree when the site holds every race: no labels needed", () => {
    const both = careerAndRecord({ firstPlaces: 1, secondPlaces: 1, thirdPlaces: 0 }, [entry(1), entry(2), entry(7)]);
    expect(both.differ).toBe(false);
    expect(both.career).toEqual(both.record);
  });

  it("label both when the career reaches back before the site's records, saying since when", () => {
    const both = careerAndRecord({ firstPlaces: 3, secondPlaces: 0, thirdPlaces: 0 }, [
      entry(1, "2026-06-01"),
      entry(1, "2026-04-12"),
    ]);
    expect(both).toMatchObject({ differ: true, since: "2026-04-12" });
    expect(both.career.firstPlaces).toBe(3);
    expect(both.record.firstPlaces).toBe(2);
  });

  it("never show a career with fewer places than the record (counts typed too low)", () => {
    const both = careerAndRecord({ firstPlaces: 0, secondPlaces: 5, thirdPlaces: 0 }, [entry(1), entry(1), entry(3)]);
    expect(both.career).toEqual({ firstPlaces: 2, secondPlaces: 5, thirdPlaces: 1 });
    expect(both.career.firstPlaces).toBeGreaterThanOrEqual(both.record.firstPlaces);
  });
});
