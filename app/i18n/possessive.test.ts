import { describe, expect, it } from "vitest";
import { translator } from "./dictionary";
import { possessive } from "./possessive";

describe("possessives", () => {
  it("in Danish: an apostrophe alone after s, x or z, else an s", () => {
    expect(possessive("Nordlys", "da")).toBe("Nordlys'");
    expect(possessive("Felix", "da")).toBe("Felix'");
    expect(possessive("Fritz", "da")).toBe("Fritz'");
    expect(possessive("Sølvpil", "da")).toBe("Sølvpils");
    expect(possessive("Kongens Ære", "da")).toBe("Kongens Æres");
    expect(possessive("HAVGUS", "da")).toBe("HAVGUS'");
  });

  it("in English: an apostrophe alone after s, else 's", () => {
    expect(possessive("Nordlys", "en")).toBe("Nordlys'");
    expect(possessive("Sølvpil", "en")).toBe("Sølvpil's");
    expect(possessive("Felix", "en")).toBe("Felix's");
  });

  it("are what the dictionaries' {name's} placeholders write", () => {
    expect(translator("da")("horse.addToCalendar", { horse: "Nordlys" })).toBe("Føj Nordlys' starter til din kalender");
    expect(translator("da")("horse.addToCalendar", { horse: "Sølvpil" })).toBe("Føj Sølvpils starter til din kalender");
    expect(translator("en")("horse.calendarTitle", { horse: "Nordlys" })).toBe("Nordlys' runs");
    expect(translator("en")("horse.calendarTitle", { horse: "Sølvpil" })).toBe("Sølvpil's runs");
  });
});
