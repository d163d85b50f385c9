import fs from "node:fs";
import { convert } from "fontverter";
import * as hb from "harfbuzzjs";
import { describe, expect, it } from "vitest";
import { adminDa, adminEn } from "~/i18n/admin/dictionary";
import { da } from "~/i18n/da";
import { en } from "~/i18n/en";
import { DOCUMENT_TEXTS } from "~/billing/document-texts";
import {
  INTER_FILE,
  INTER_RANGES,
  INTER_WEIGHTS,
  inRanges,
  PDF_FONT_WEIGHTS,
  pdfFontFile,
  rangeText,
  unicodeRange,
} from "./subset";

async function face(file: string) {
  const sfnt = await convert(fs.readFileSync(file), "truetype");
  return new hb.Face(new hb.Blob(new Uint8Array(sfnt).buffer));
}

describe("the body font's cut", () => {
  it("holds exactly the characters and weights app/fonts/subset.ts names", async () => {
    const inter = await face(INTER_FILE);
    const covered = new Set(inter.collectUnicodes());
    const wanted = [...rangeText()].map((c) => c.codePointAt(0)!);
    expect(wanted.filter((c) => !covered.has(c))).toEqual([]);
    expect([...covered].filter((c) => !inRanges(c))).toEqual([]);
    const wght = inter.getAxisInfos().wght!;
    expect([wght.min, wght.max]).toEqual([INTER_WEIGHTS.min, INTER_WEIGHTS.max]);
  });

  it("covers every character of the site's and the dashboard's own texts", () => {
    const texts = [en, da, adminEn, adminDa].flatMap((d) => Object.values(d) as string[]).join("");
    const missing = [...new Set(texts)].filter((c) => !inRanges(c.codePointAt(0)!) && c !== "\n");
    expect(missing).toEqual([]);
  });

  it("is declared in app.css with the same unicode-range, so other characters use the platform's font", () => {
    const css = fs.readFileSync("app/app.css", "utf8").replace(/\s+/g, " ");
    const face = css.match(/@font-face \{[^}]*inter-latin-400-700\.woff2[^}]*\}/)?.[0] ?? "";
    expect(face).toContain(`unicode-range: ${unicodeRange()};`);
    expect(face).toContain(`font-weight: ${INTER_WEIGHTS.min} ${INTER_WEIGHTS.max};`);
    expect(INTER_RANGES.length).toBeGreaterThan(0);
  });
});

describe("the invoice PDFs' fonts", () => {
  it("are static cuts: Latin-1 as the site's, Latin Extended beside it, at each weight", async () => {
    for (const weight of Object.keys(PDF_FONT_WEIGHTS) as (keyof typeof PDF_FONT_WEIGHTS)[]) {
      const latin = await face(pdfFontFile(weight, "latin"));
      const covered = new Set(latin.collectUnicodes());
      expect([...rangeText()].map((c) => c.codePointAt(0)!).filter((c) => !covered.has(c))).toEqual([]);
      expect([...covered].filter((c) => !inRanges(c))).toEqual([]);
      expect(latin.getAxisInfos()).toEqual({});
      const extended = await face(pdfFontFile(weight, "latin-ext"));
      const extra = new Set(extended.collectUnicodes());
      expect([..."ŁłřŠšŞşğĆćŽžŐő"].filter((c) => !extra.has(c.codePointAt(0)!))).toEqual([]);
      expect(extended.getAxisInfos()).toEqual({});
    }
  });

  it("write every fixed text of the documents in the Latin-1 cut", () => {
    const words = (value: unknown): string[] =>
      typeof value === "string"
        ? [value]
        : typeof value === "function"
          ? [String(value("1", "2"))]
          : Object.values(value as object).flatMap(words);
    const texts = Object.values(DOCUMENT_TEXTS).flatMap(words).join("");
    expect([...new Set(texts)].filter((c) => !inRanges(c.codePointAt(0)!))).toEqual([]);
  });
});
