/** Widths of the responsive variants (see docs/decisions/0030). Never larger than the original. */
export const VARIANT_WIDTHS = [320, 640, 960, 1280, 1920] as const;
export const VARIANT_FORMATS = ["avif", "webp"] as const;
export type VariantFormat = (typeof VARIANT_FORMATS)[number];

/** The file types an upload may be, by content. */
export const ACCEPTED_IMAGE_TYPES = ["image/jpeg", "image/png", "image/webp", "image/avif"] as const;

/** Decompression-bomb guard: the largest picture accepted, in pixels (50 megapixels). */
export const MAX_IMAGE_PIXELS = 50_000_000;

/** 20971520 → "20 MB". */
export function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${Number((bytes / (1024 * 1024)).toFixed(1))} MB`;
  if (bytes >= 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${bytes} bytes`;
}

export function fileTooLargeMessage(maxBytes: number) {
  return `The file is too large. The limit is ${formatBytes(maxBytes)}.`;
}

/** Values a problem's text is written with (its size limit, the pixels it has). */
export type ProblemDetails = Record<string, string | number>;

const ACCEPTED = "Choose a JPEG, PNG, WebP or AVIF image.";

/** The messages a person sees when a file is refused (the server's word; the page repeats some early). */
export const IMAGE_MESSAGES = {
  empty: `The file is empty. ${ACCEPTED}`,
  notImage: `This file is not an image. ${ACCEPTED}`,
  svg: `SVG drawings are not accepted. ${ACCEPTED}`,
  heic: `HEIC/HEIF photos (the iPhone default) are not accepted. ${ACCEPTED} On an iPhone, choose 'Most Compatible' under Settings › Camera › Formats, or share the photo as JPEG.`,
  gif: `GIF images are not accepted. ${ACCEPTED}`,
  tiff: `TIFF images are not accepted. ${ACCEPTED}`,
  bmp: `BMP images are not accepted. ${ACCEPTED}`,
  pdf: `PDF documents are not accepted. ${ACCEPTED}`,
  damaged: "This image is damaged or incomplete and cannot be read. Export or copy it again and choose the new file.",
  tooManyPixels: (width: number, height: number) =>
    `This image is too large: ${width} × ${height} pixels (${Math.round((width * height) / 1e6)} megapixels). The limit is ${MAX_IMAGE_PIXELS / 1e6} megapixels; resize it and try again.`,
  failed: "The image could not be saved. Please try again.",
  noPrivateStorage:
    "Photos of owners-only posts cannot be kept on this site yet: it has no private photo storage (MEDIA_S3_PRIVATE_BUCKET). Publish without photos, or ask whoever runs the site to set it.",
} as const;

/** Why a file is refused as an image (the dashboard shows each in the administrator's language). */
export type ImageProblem = keyof typeof IMAGE_MESSAGES;

/** The English text of a problem; `tooManyPixels` needs `width` and `height`. */
export function imageProblemText(problem: ImageProblem, details: ProblemDetails = {}): string {
  const text = IMAGE_MESSAGES[problem];
  return typeof text === "function" ? text(Number(details.width), Number(details.height)) : text;
}

/** The values a too-large picture's text is written with. */
export function pixelDetails(width: number, height: number): ProblemDetails {
  return { width, height, megapixels: Math.round((width * height) / 1e6), limit: MAX_IMAGE_PIXELS / 1e6 };
}

/**
 * A first opinion in the browser from the declared type (the server judges by content): the
 * problem of a type that will certainly be refused, or null.
 */
export function declaredTypeProblem(type: string): ImageProblem | null {
  const t = type.toLowerCase();
  if (!t || (ACCEPTED_IMAGE_TYPES as readonly string[]).includes(t)) return null;
  if (t === "image/svg+xml") return "svg";
  if (t === "image/heic" || t === "image/heif" || t === "image/heic-sequence" || t === "image/heif-sequence")
    return "heic";
  if (t === "image/gif") return "gif";
  if (t === "image/tiff") return "tiff";
  if (t === "image/bmp") return "bmp";
  if (t === "application/pdf") return "pdf";
  if (t.startsWith("image/")) return null;
  return "notImage";
}

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

const VARIANT_NAME = /^(.*)\.(?:w(\d+)\.(avif|webp)|og\.jpg)$/;

/** The link-preview size (Open Graph): 1200 × 630. */
export const SOCIAL_CARD = { width: 1200, height: 630 } as const;

/** "/media/b/123-abc.jpg" → "/media/b/123-abc.og.jpg": the photo cropped to a link preview's 1200 × 630. */
export function socialCardUrl(url: string): string {
  return `${stem(url)}.og.jpg`;
}

/** The stem a stored file belongs to, whether it is an original or one of its variants. */
export function stemOfStoredFile(key: string): string {
  const m = VARIANT_NAME.exec(key);
  return m ? m[1]! : stem(key);
}

/** Where stored files are served from; a file's public URL is this prefix plus its key. */
export const MEDIA_URL_PREFIX = "/media/";
/** Where private photos (of owners-only posts) are served, only to those who may see them. */
export const PRIVATE_MEDIA_URL_PREFIX = "/owners/media/";

/** Whether the URL is one this site stored (and therefore has variants), public or private. */
export function isStoredImageUrl(url: string): boolean {
  return url.startsWith(MEDIA_URL_PREFIX) || isPrivateImageUrl(url);
}

/** Whether the URL is a private photo's: never in anything shared (a feed, a link preview, a public page). */
export function isPrivateImageUrl(url: string): boolean {
  return url.startsWith(PRIVATE_MEDIA_URL_PREFIX);
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
