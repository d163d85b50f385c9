import { describe, expect, it } from "vitest";
import { careerAndRecord } from "~/racing/career";
import { careerSentence } from "./career-sentence";
import { translator } from "./dictionary";

const entry = (position: number | null) => ({ position, raceDate: "2026-06-01" });
const [en, da] = [translator("en"), translator("da")];

describe("the sentence that makes the career figures and the race record agree", () => {
  it("says how many wins came before the record, in one sentence", () => {
    const figures = careerAndRecord({ firstPlaces: 3, secondPlaces: 0, thirdPlaces: 0 }, [
      entry(1),
      entry(1),
      entry(5),
    ]);
    expect(careerSentence(figures, en)).toBe("3 wins in all; 2 of them are listed below, 1 earlier.");
    expect(careerSentence(figures, da)).toBe("3 sejre i alt; 2 af dem står nedenfor, 1 tidligere.");
  });

  it("counts one listed in the singular", () => {
    const figures = careerAndRecord({ firstPlaces: 2, secondPlaces: 0, thirdPlaces: 0 }, [entry(1)]);
    expect(careerSentence(figures, en)).toBe("2 wins in all; 1 of them is listed below, 1 earlier.");
  });

  it("names wins and places together when both reach back further", () => {
    const figures = careerAndRecord({ firstPlaces: 4, secondPlaces: 2, thirdPlaces: 2 }, [entry(1), entry(3)]);
    expect(careerSentence(figures, en)).toBe(
      "4 wins and 4 places in all; 1 win and 1 place are listed below, 3 wins and 3 places earlier.",
    );
    expect(careerSentence(figures, da)).toBe(
      "4 sejre og 4 placeringer i alt; 1 sejr og 1 placering står nedenfor, 3 sejre og 3 placeringer tidligere.",
    );
  });

  it("says when none of them is on the record", () => {
    const figures = careerAndRecord({ firstPlaces: 0, secondPlaces: 1, thirdPlaces: 0 }, [entry(7)]);
    expect(careerSentence(figures, en)).toBe("1 place in all, all from before the race record below.");
    const both = careerAndRecord({ firstPlaces: 2, secondPlaces: 1, thirdPlaces: 0 }, []);
    expect(careerSentence(both, en)).toBe("2 wins and 1 place in all, all from before the race record below.");
  });

  it("says nothing when the two agree", () => {
    expect(
      careerSentence(careerAndRecord({ firstPlaces: 1, secondPlaces: 0, thirdPlaces: 0 }, [entry(1)]), en),
    ).toBeNull();
  });
});
