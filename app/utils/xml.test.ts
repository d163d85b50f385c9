import { describe, expect, it } from "vitest";
import { xmlText } from "./xml";

describe("xmlText", () => {
  it("escapes markup characters", () => {
    expect(xmlText(`Holm & Søn <ApS> "A" 'B'`)).toBe("Holm &#38; Søn &#60;ApS&#62; &#34;A&#34; &#39;B&#39;");
  });

  it("drops characters XML forbids and keeps tabs, line breaks and letters beyond the BMP", () => {
    expect(xmlText("a\u0000b\u0008c\u000Bd\u001Fe\uFFFEf\uFFFF")).toBe("abcdef");
    expect(xmlText("lone \uD800 surrogate \uDC00")).toBe("lone  surrogate ");
    expect(xmlText("tab\tline\nreturn\r 🐎 Æøå")).toBe("tab\tline\nreturn\r 🐎 Æøå");
  });
});
