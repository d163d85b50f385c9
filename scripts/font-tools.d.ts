// The parts of the font tools' APIs `npm run fonts` and the font test use (the packages ship no types).
declare module "subset-font" {
  type Options = {
    targetFormat?: "sfnt" | "woff" | "woff2" | "truetype";
    variationAxes?: Record<string, number | { min: number; max: number; default?: number }>;
    keepFeatures?: string[];
    noLayoutClosure?: boolean;
  };
  function subsetFont(font: Buffer, text: string, options?: Options): Promise<Buffer>;
  export default subsetFont;
}

declare module "fontverter" {
  export function convert(font: Buffer, to: "truetype" | "sfnt" | "woff" | "woff2"): Promise<Buffer>;
}
