/**
 * `npm run fonts`: cuts the body font (Inter, SIL Open Font License, no reserved name) down to the
 * ranges, weights and features in app/fonts/subset.ts and writes it into app/fonts/, with the two
 * weights the invoice PDFs embed (Latin-1 and Latin Extended, static). The result is
 * committed, so building the site needs no font tools (docs/decisions/0164-fonts-for-a-fast-first-screen.md).
 */
import fs from "node:fs";
import path from "node:path";
import { convert } from "fontverter";
import * as hb from "harfbuzzjs";
import subsetFont from "subset-font";
import { INTER_FEATURES, INTER_FILE, INTER_WEIGHTS, PDF_FONT_WEIGHTS, pdfFontFile, rangeText } from "~/fonts/subset";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const source = path.join(root, "node_modules/@fontsource-variable/inter/files/inter-latin-wght-normal.woff2");
const out = await subsetFont(fs.readFileSync(source), rangeText(), {
  targetFormat: "woff2",
  variationAxes: { wght: INTER_WEIGHTS },
  keepFeatures: [...INTER_FEATURES],
});
fs.writeFileSync(path.join(root, INTER_FILE), out);
const files = path.join(root, "node_modules/@fontsource-variable/inter/files");
const extended = fs.readFileSync(path.join(files, "inter-latin-ext-wght-normal.woff2"));
const extendedFace = new hb.Face(new hb.Blob(new Uint8Array(await convert(extended, "truetype")).buffer));
const extendedText = String.fromCodePoint(...extendedFace.collectUnicodes());
for (const weight of Object.keys(PDF_FONT_WEIGHTS) as (keyof typeof PDF_FONT_WEIGHTS)[]) {
  const axes = { variationAxes: { wght: PDF_FONT_WEIGHTS[weight] }, targetFormat: "woff" as const };
  fs.writeFileSync(
    path.join(root, pdfFontFile(weight, "latin")),
    await subsetFont(fs.readFileSync(source), rangeText(), axes),
  );
  fs.writeFileSync(path.join(root, pdfFontFile(weight, "latin-ext")), await subsetFont(extended, extendedText, axes));
}
fs.copyFileSync(
  path.join(root, "node_modules/@fontsource-variable/inter/LICENSE"),
  path.join(root, "app/fonts/inter-LICENSE.txt"),
);
console.log(
  `${INTER_FILE}: ${(out.length / 1024).toFixed(1)} kB (from ${(fs.statSync(source).size / 1024).toFixed(1)} kB)`,
);
