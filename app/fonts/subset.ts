/**
 * The body font is Inter cut down to what the site writes: Latin-1 (but the soft hyphen, which the
 * font lacks), the punctuation, euro and minus signs, weights 400–700 and the features text uses (kerning, ligatures, tabular figures).
 * `npm run fonts` makes `inter-latin-400-700.woff2` from the package; `app.css` declares the same
 * ranges as its unicode-range, so any other character falls back to the platform's font.
 */
export const INTER_RANGES: ReadonlyArray<readonly [number, number]> = [
  [0x0020, 0x007e],
  [0x00a0, 0x00ac],
  [0x00ae, 0x00ff],
  [0x0131, 0x0131],
  [0x0152, 0x0153],
  [0x2013, 0x2014],
  [0x2018, 0x201a],
  [0x201c, 0x201e],
  [0x2022, 0x2022],
  [0x2026, 0x2026],
  [0x2039, 0x203a],
  [0x20ac, 0x20ac],
  [0x2122, 0x2122],
  [0x2212, 0x2212],
];

export const INTER_WEIGHTS = { min: 400, max: 700 } as const;
export const INTER_FEATURES = ["kern", "liga", "tnum"] as const;
export const INTER_FILE = "app/fonts/inter-latin-400-700.woff2";

/**
 * The invoice PDFs embed Inter at two fixed weights (a PDF has no platform font to fall back on):
 * the same Latin-1 cut as the site, and beside it the package's Latin Extended file whole, for the
 * letters of names such as Łukasz or Dvořák. Static instances: a PDF embeds no variable font.
 */
export const PDF_FONT_WEIGHTS = { regular: 400, bold: 600 } as const;
export type PdfFontWeight = keyof typeof PDF_FONT_WEIGHTS;
export const pdfFontFile = (weight: PdfFontWeight, part: "latin" | "latin-ext") =>
  `app/fonts/inter-pdf-${part}-${PDF_FONT_WEIGHTS[weight]}.woff`;

const hex = (n: number) => n.toString(16).toUpperCase().padStart(4, "0");

/** The ranges as CSS writes them: "U+0020-007E, U+00A0-00FF, …". */
export function unicodeRange(ranges = INTER_RANGES) {
  return ranges.map(([from, to]) => (from === to ? `U+${hex(from)}` : `U+${hex(from)}-${hex(to)}`)).join(", ");
}

export function inRanges(codePoint: number, ranges = INTER_RANGES) {
  return ranges.some(([from, to]) => codePoint >= from && codePoint <= to);
}

export function rangeText(ranges = INTER_RANGES) {
  return ranges
    .flatMap(([from, to]) => Array.from({ length: to - from + 1 }, (_, i) => String.fromCodePoint(from + i)))
    .join("");
}
