import { describe, expect, it } from "vitest";
import { XML_FORBIDDEN, xmlText } from "./xml";

const C0 = Array.from({ length: 32 }, (_, code) => String.fromCharCode(code));
const KEPT = new Set(["\t", "\n", "\r"]);

describe("xmlText", () => {
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
  });

  it("escapes markup", () => {
    expect(xmlText(`<a href="x">'&'</a>`)).toBe("&#60;a href=&#34;x&#34;&#62;&#39;&#38;&#39;&#60;/a&#62;");
  });

  it("XML_FORBIDDEN finds what is left in a document", () => {
    expect(XML_FORBIDDEN.test("fine\ttext\n")).toBe(false);
    expect(XML_FORBIDDEN.test("bad\u000Btext")).toBe(true);
  });
});
