/** A stored image as records carry it: its public URL and, for uploads, its intrinsic size. */
export type ImageRef = { url: string; width: number | null; height: number | null };

export function imageRef(url: string | null, width: number | null, height: number | null): ImageRef | null {
  return url ? { url, width, height } : null;
}

/** Widths of the responsive variants (see docs/decisions/0030). Never larger than the original. */
export const VARIANT_WIDTHS = [320, 640, 960, 1280, 1920] as const;
export const VARIANT_FORMATS = ["avif", "webp"] as const;
export type VariantFormat = (typeof VARIANT_FORMATS)[number];

/** The file types an upload may be, by content. */
export const ACCEPTED_IMAGE_TYPES = ["image/jpeg", "image/png", "image/webp", "image/avif"] as const;

/**
 * The widths stored for an original `width` pixels wide: every standard width below it, plus the
 * original width itself when it is not above the largest standard width (so a 1000 px photo gets
 * 320, 640, 960 and 1000; a 4000 px one 320 … 1920; a 200 px one just 200).
 */
export function variantWidths(width: number): number[] {
  const max = VARIANT_WIDTHS[VARIANT_WIDTHS.length - 1]!;
  const below = VARIANT_WIDTHS.filter((w) => w < width);
  return width <= max ? [...below, width] : below;
}

/** "/media/b/123-abc.jpg" → "/media/b/123-abc.w640.avif". */
export function variantUrl(url: string, width: number, format: VariantFormat): string {
  return `${stem(url)}.w${width}.${format}`;
}

/** The URL without its extension: the part every file of one stored image shares. */
export function stem(url: string): string {
  const slash = url.lastIndexOf("/");
  const dot = url.lastIndexOf(".");
  return dot > slash ? url.slice(0, dot) : url;
}

const VARIANT_NAME = /^(.*)\.w(\d+)\.(avif|webp)$/;

/** The stem a stored file belongs to, whether it is an original or one of its variants. */
export function stemOfStoredFile(key: string): string {
  const m = VARIANT_NAME.exec(key);
  return m ? m[1]! : stem(key);
}

/** Whether the URL is one this site stored (and therefore has variants). */
export function isStoredImageUrl(url: string): boolean {
  return url.startsWith("/media/");
}

export type ImageSources = {
  /** `srcset` per format, smallest first. */
  srcSet: Record<VariantFormat, string>;
  /** A WebP variant of moderate width for `<img src>`. */
  src: string;
};

/** Everything `<picture>` needs, derived from the stored URL and intrinsic width alone. */
export function imageSources(image: { url: string; width: number }): ImageSources {
  const widths = variantWidths(image.width);
  const srcSet = Object.fromEntries(
    VARIANT_FORMATS.map((f) => [f, widths.map((w) => `${variantUrl(image.url, w, f)} ${w}w`).join(", ")]),
  ) as Record<VariantFormat, string>;
  const fallbackWidth = widths.filter((w) => w <= 960).pop() ?? widths[0]!;
  return { srcSet, src: variantUrl(image.url, fallbackWidth, "webp") };
}
