import { describe, expect, it } from "vitest";
import { XML_FORBIDDEN, xmlText } from "./xml";

const C0 = Array.from({ length: 32 }, (_, code) => String.fromCharCode(code));
const KEPT = new Set(["\t", "\n", "\r"]);

describe("xmlText", () => {
  it("escapes markup characters", () => {
    expect(xmlText(`Holm & Søn <ApS> "A" 'B'`)).toBe("Holm &#38; Søn &#60;ApS&#62; &#34;A&#34; &#39;B&#39;");
  });

  it("drops every C0 control character XML 1.0 forbids and keeps tab, line feed and carriage return", () => {
    for (const char of C0) {
      expect(xmlText(`a${char}b`), `U+${char.charCodeAt(0).toString(16).padStart(4, "0")}`).toBe(
        KEPT.has(char) ? `a${char}b` : "ab",
      );
    }
  });

  it("drops lone surrogates and the two non-characters, and keeps everything else, astral characters included", () => {
    expect(xmlText("a\uD800b\uDC00c\uFFFEd\uFFFFe")).toBe("abcde");
    expect(xmlText("Ære 🐎 \u0085 \u00A0 \uFFFD")).toBe("Ære 🐎 \u0085 \u00A0 \uFFFD");
    expect(xmlText("tab\tline\nreturn\r 🐎 Æøå")).toBe("tab\tline\nreturn\r 🐎 Æøå");
  });

  it("XML_FORBIDDEN finds what is left in a document", () => {
    expect(XML_FORBIDDEN.test("fine\ttext\n🐎")).toBe(false);
    expect(XML_FORBIDDEN.test("bad\u000Btext")).toBe(true);
  });
});
