import { describe, expect, it } from "vitest";
import { greetingName, isPlainName, PERSON_NAME_MAX } from "./person-name";

describe("a person's name", () => {
  it("is plain text: letters, spaces, hyphens, apostrophes and initials", () => {
    for (const name of ["Gitte Holm-Ærø", "J. R. Hartley", "Anne O'Brien", "Ørsted & Søn", "李小龙"]) {
      expect(isPlainName(name), name).toBe(true);
    }
  });

  it("never a link, an address, markup or a hidden character", () => {
    for (const name of [
      "Claim your prize at https://evil.example",
      "evil.example",
      "WWW.EVIL.EXAMPLE",
      "prize@evil.example",
      "<a href=x>Gitte</a>",
      "Gitte\u202Eevil",
      "Gi\u200Btte",
      "Line\nbreak",
    ]) {
      expect(isPlainName(name), name).toBe(false);
    }
  });

  it("greets only when plain and short enough", () => {
    expect(greetingName(" Gitte ")).toBe("Gitte");
    expect(greetingName("Visit evil.example")).toBeNull();
    expect(greetingName("G".repeat(PERSON_NAME_MAX))).toBe("G".repeat(PERSON_NAME_MAX));
    expect(greetingName("G".repeat(PERSON_NAME_MAX + 1))).toBeNull();
    expect(greetingName("  ")).toBeNull();
  });
});
