import { describe, expect, it } from "vitest";
import { colourIn, racingAge, sexIn, storedColour, storedSex } from "./horse-terms";

describe("a horse's colour", () => {
  it("is stored by its English name when racing has a word for it, typed in either language", () => {
    expect(storedColour("bay")).toBe("Bay");
    expect(storedColour("Brun")).toBe("Bay");
    expect(storedColour(" fuks ")).toBe("Chestnut");
    expect(storedColour("skimmel")).toBe("Grey");
    expect(storedColour("gray")).toBe("Grey");
    expect(storedColour("Dark Bay")).toBe("Brown");
    expect(storedColour("mørkebrun")).toBe("Brown");
    expect(storedColour("sort")).toBe("Black");
  });

  it("is named in the page's language, and the stable's own words stay as written", () => {
    expect(colourIn("Bay", "da")).toBe("Brun");
    expect(colourIn("Chestnut", "da")).toBe("Fuks");
    expect(colourIn("Grey", "en")).toBe("Grey");
    expect(storedColour("Bay roan")).toBe("Bay roan");
    expect(colourIn("Bay roan", "da")).toBe("Bay roan");
  });
});

describe("a horse's sex", () => {
  it("is stored as what racing distinguishes, typed in either language; the stable's own words as typed", () => {
    expect(storedSex("colt")).toBe("male");
    expect(storedSex("Hingst")).toBe("male");
    expect(storedSex("filly")).toBe("female");
    expect(storedSex("hoppe")).toBe("female");
    expect(storedSex("mare")).toBe("female");
    expect(storedSex("vallak")).toBe("gelding");
    expect(storedSex("rig")).toBe("rig");
    expect(storedSex("  ")).toBeNull();
  });

  it("is a colt or filly until four, a stallion or mare from five; hingst, hoppe, vallak in Danish", () => {
    expect(sexIn("male", "en", 3)).toBe("colt");
    expect(sexIn("male", "en", 5)).toBe("stallion");
    expect(sexIn("female", "en", 4)).toBe("filly");
    expect(sexIn("female", "en", 5)).toBe("mare");
    expect(sexIn("gelding", "en", 6)).toBe("gelding");
    expect(sexIn("male", "da", 3)).toBe("hingst");
    expect(sexIn("female", "da", 7)).toBe("hoppe");
    expect(sexIn("gelding", "da", 2)).toBe("vallak");
    expect(sexIn("rig", "da", 4)).toBe("rig");
  });
});

describe("a horse's age from its year of birth", () => {
  it("turns on 1 January, as racing counts it", () => {
    expect(racingAge(2022, "2026-01-01")).toBe(4);
    expect(racingAge(2022, "2025-12-31")).toBe(3);
    expect(racingAge(2022, "2026-11-28")).toBe(4);
    expect(racingAge(2026, "2026-06-01")).toBe(0);
  });
});
