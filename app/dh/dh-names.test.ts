import { describe, expect, it } from "vitest";
import { horseName, riderName, sameName } from "./dh-names";
import { placingOf } from "./dh-plan";

describe("DH's words as people write them", () => {
  it("writes a horse's name in capitals as a name, the country code kept", () => {
    expect(horseName("LET'S RUN KÅSGÅRD")).toBe("Let's Run Kåsgård");
    expect(horseName("NORDIC STAR (SE)")).toBe("Nordic Star (SE)");
    expect(horseName("GIOVANNI* (SE)")).toBe("Giovanni (SE)");
    expect(horseName("KARAT C N")).toBe("Karat C N");
    expect(horseName("  JEAN-PIERRE  ")).toBe("Jean-Pierre");
  });

  it("puts a rider's surname last", () => {
    expect(riderName("Nielsen Casper M.")).toBe("Casper M. Nielsen");
    expect(riderName("")).toBeNull();
    expect(riderName(null)).toBeNull();
  });

  it("takes names that differ only in case, spaces or DH's star as the same", () => {
    expect(sameName("Let's Run Kåsgård", "LET'S RUN  KÅSGÅRD*")).toBe(true);
    expect(sameName("Midnight Run", "Midnight Runner")).toBe(false);
  });

  it("reads a placing: a place, out of the money with its order, a disqualification", () => {
    expect(placingOf({ displayValue: "1" })).toEqual({ position: 1, didNotFinish: false, disqualified: false });
    expect(placingOf({ displayValue: "0", sortValue: 6 })).toEqual({
      position: 6,
      didNotFinish: false,
      disqualified: false,
    });
    expect(placingOf({ displayValue: "d", sortValue: 99 })).toEqual({
      position: null,
      didNotFinish: true,
      disqualified: true,
    });
    expect(placingOf({ displayValue: "0" })).toEqual({ position: null, didNotFinish: true, disqualified: false });
  });
});
