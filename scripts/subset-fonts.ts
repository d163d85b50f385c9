/**
 * `npm run fonts`: cuts the body font (Inter, SIL Open Font License, no reserved name) down to the
 * ranges, weights and features in app/fonts/subset.ts and writes it into app/fonts/. The result is
 * committed, so building the site needs no font tools (docs/decisions/0164-fonts-for-a-fast-first-screen.md).
 */
import fs from "node:fs";
import path from "node:path";
import subsetFont from "subset-font";
import { INTER_FEATURES, INTER_FILE, INTER_WEIGHTS, rangeText } from "~/fonts/subset";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const source = path.join(root, "node_modules/@fontsource-variable/inter/files/inter-latin-wght-normal.woff2");
const out = await subsetFont(fs.readFileSync(source), rangeText(), {
  targetFormat: "woff2",
  variationAxes: { wght: INTER_WEIGHTS },
  keepFeatures: [...INTER_FEATURES],
});
fs.writeFileSync(path.join(root, INTER_FILE), out);
fs.copyFileSync(
  path.join(root, "node_modules/@fontsource-variable/inter/LICENSE"),
  path.join(root, "app/fonts/inter-LICENSE.txt"),
);
console.log(
  `${INTER_FILE}: ${(out.length / 1024).toFixed(1)} kB (from ${(fs.statSync(source).size / 1024).toFixed(1)} kB)`,
);
