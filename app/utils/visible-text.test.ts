import { describe, expect, it } from "vitest";
import { showInvisible } from "./visible-text";

describe("showInvisible", () => {
  it("shows direction overrides, isolates and invisible format characters by their code", () => {
    expect(showInvisible("invoice\u202Egpj.exe")).toBe("invoice[U+202E]gpj.exe");
    expect(showInvisible("a\u202Ab\u202Bc\u202Cd\u202De")).toBe("a[U+202A]b[U+202B]c[U+202C]d[U+202D]e");
    expect(showInvisible("\u2066x\u2067y\u2068z\u2069")).toBe("[U+2066]x[U+2067]y[U+2068]z[U+2069]");
    expect(showInvisible("ad\u200Bmin\u200C\u200E\u200F\uFEFF\u2060\u00AD")).toBe(
      "ad[U+200B]min[U+200C][U+200E][U+200F][U+FEFF][U+2060][U+00AD]",
    );
    expect(showInvisible("tag\u{E0041}")).toBe("tag[U+E0041]");
    expect(showInvisible("bell\u0007 and\u2028line")).toBe("bell[U+0007] and[U+2028]line");
  });

  it("leaves ordinary text as it is: letters of any script, line breaks, tabs and emoji sequences", () => {
    const text = "Hej Søren!\n\tمرحبا · שלום · 👨‍👩‍👧 · Æblegrød";
    expect(showInvisible(text)).toBe(text);
  });
});
