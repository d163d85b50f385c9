import { describe, expect, it } from "vitest";
import { langAttr, shownIn } from "./localized";

describe("a text in both languages", () => {
  it("is shown in the page's language when it has it", () => {
    expect(shownIn({ en: "Head Trainer", da: "Cheftræner" }, "da")).toEqual({ text: "Cheftræner", lang: "da" });
    expect(shownIn({ en: "Head Trainer", da: "Cheftræner" }, "en")).toEqual({ text: "Head Trainer", lang: "en" });
  });

  it("falls back to the other language, which the element then names", () => {
    const role = shownIn({ en: "Head Trainer", da: "  " }, "da");
    expect(role).toEqual({ text: "Head Trainer", lang: "en" });
    expect(langAttr(role, "da")).toBe("en");
    expect(langAttr(shownIn({ en: "", da: "Cheftræner" }, "en"), "en")).toBe("da");
    expect(langAttr(shownIn({ en: "Head Trainer", da: "" }, "en"), "en")).toBeUndefined();
  });

  it("is empty, in the page's language, when neither is given", () => {
    expect(shownIn({ en: "", da: "" }, "da")).toEqual({ text: "", lang: "da" });
  });
});
