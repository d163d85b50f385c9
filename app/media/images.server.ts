/**
 * Uploaded images: validation by content, privacy-safe processing, responsive variants, storage.
 *
 * An admin action with an image field, written the normal way (works with and without JS; the
 * page uses <ImageUploadField> inside <Form method="post" encType="multipart/form-data">):
 *
 *   export async function action({ request }: Route.ActionArgs) {
 *     await requireAdmin(request);
 *     try {
 *       return await withUploadedForm(request, async (form) => {
 *         const parsed = schema.safeParse(form.values);
 *         if (!parsed.success) return data({ errors: …, values: form.values }, { status: 400 });
 *         await replaceImage(
 *           { bucket: "horse-images", upload: form.file("image"), oldUrl: horse.image?.url, field: "image" },
 *           (image) => updateHorse(id, { ...parsed.data, ...(image ? { image } : {}) }),
 *         );
 *         return redirectWithToast("/admin/horses", { type: "success", title: "Horse Updated" });
 *       });
 *     } catch (error) {
 *       // UploadError (too large, malformed) and ImageError (refused file) carry a message for the
 *       // field and the text fields that arrived.
 *       if (isUploadError(error)) return data({ errors: { [error.field ?? "image"]: error.message } }, { status: error.status });
 *       throw error;
 *     }
 *   }
 *
 * Buckets: home gallery and horses → "horse-images" (home: pass homePosition), victories →
 * "winner-photos", team → "team-photos", posts → "post-photos" (an owners-only post's: pass
 * `private`). After deleting a record, call removeImageQuietly(url).
 */
import { randomBytes } from "node:crypto";
import fsp from "node:fs/promises";
import type { Metadata } from "sharp";
import {
  IMAGE_MESSAGES,
  imageProblemText,
  MAX_IMAGE_PIXELS,
  pixelDetails,
  type ImageProblem,
  type ProblemDetails,
  SOCIAL_CARD,
  socialCardUrl,
  stem,
  stemOfStoredFile,
  variantUrl,
  variantWidths,
  VARIANT_FORMATS,
  type VariantFormat,
} from "./image";
import { faultOf } from "~/platform/faults.server";
import { log } from "~/platform/log.server";
import {
  isPrivateKey,
  keyFromMediaUrl,
  mediaUrl,
  normaliseKey,
  PRIVATE_KEY_PREFIX,
  PrivateStorageMissingError,
  SiteMediaStorage,
  type Bucket,
  type Storage,
} from "./storage.server";
import { mediaStorage as defaultStorage } from "./media-storage.server";
import { UploadError } from "./upload.server";

/** A stored image as the record keeps it. */
export type StoredImage = { url: string; width: number; height: number };

export type ImageFormat = "jpeg" | "png" | "webp" | "avif";

export { IMAGE_MESSAGES, MAX_IMAGE_PIXELS };

/** A file refused as an image; `message` is meant for the form, `problem` says which refusal it is. */
export class ImageError extends UploadError {
  override name = "ImageError";
  constructor(problem: ImageProblem, field?: string, details: ProblemDetails = {}) {
    super(imageProblemText(problem, details), 422, field, { problem, details });
  }
}

type Sniffed = { format: ImageFormat } | { refused: ImageProblem };

/** Decides what a file is from its first bytes; names and declared types are never consulted. */
export function sniffImage(head: Buffer): Sniffed {
  if (head.length === 0) return { refused: "empty" };
  const ascii = (start: number, end: number) => head.subarray(start, end).toString("latin1");
  if (head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return { format: "jpeg" };
  if (head.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])))
    return { format: "png" };
  if (ascii(0, 4) === "RIFF" && ascii(8, 12) === "WEBP") return { format: "webp" };
  if (ascii(4, 8) === "ftyp") {
    const boxSize = Math.min(head.readUInt32BE(0), head.length);
    const brands: string[] = [ascii(8, 12)];
    for (let i = 16; i + 4 <= boxSize; i += 4) brands.push(ascii(i, i + 4));
    if (brands.some((b) => b === "avif" || b === "avis")) return { format: "avif" };
    if (brands.some((b) => ["heic", "heix", "heim", "heis", "hevc", "hevx", "mif1", "msf1"].includes(b))) {
      return { refused: "heic" };
    }
    return { refused: "notImage" };
  }
  if (ascii(0, 6) === "GIF87a" || ascii(0, 6) === "GIF89a") return { refused: "gif" };
  if (ascii(0, 4) === "II*\0" || ascii(0, 4) === "MM\0*") return { refused: "tiff" };
  if (ascii(0, 2) === "BM") return { refused: "bmp" };
  if (ascii(0, 5) === "%PDF-") return { refused: "pdf" };
  const text = head
    .toString("utf8")
    .replace(/^\uFEFF/, "")
    .trimStart()
    .toLowerCase();
  if (
    /^(<\?xml[^>]*>\s*)?(<!--[\s\S]*?-->\s*)*(<!doctype svg[^>]*>\s*)?<svg[\s>]/.test(text) ||
    (text.startsWith("<") && text.includes("<svg"))
  ) {
    return { refused: "svg" };
  }
  return { refused: "notImage" };
}

async function readHead(file: string, bytes = 4096): Promise<Buffer> {
  const handle = await fsp.open(file, "r");
  try {
    const buffer = Buffer.alloc(bytes);
    const { bytesRead } = await handle.read(buffer, 0, bytes, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

const SHARP_INPUT = { limitInputPixels: MAX_IMAGE_PIXELS, failOn: "error" } as const;

/**
 * The image library, loaded on first use (an upload) rather than at start: libvips is ~10 MB of
 * memory a server that never processes an image does not need. Its operation cache is off: every
 * upload is decoded once and nothing is reused, so cached decodes only held memory (decision 0120).
 */
let library: Promise<typeof import("sharp")> | null = null;
function imageLibrary() {
  library ??= import("sharp").then(({ default: sharp }) => {
    sharp.cache(false);
    return sharp;
  });
  return library;
}

export type InspectedImage = { format: ImageFormat; width: number; height: number };

/**
 * Checks a file by content: a JPEG, PNG, WebP or AVIF whose header sharp can read and whose
 * pixel count is within the limit. Returns the upright width and height.
 */
export async function inspectImage(file: string, field?: string): Promise<InspectedImage> {
  const sniffed = sniffImage(await readHead(file));
  if ("refused" in sniffed) throw new ImageError(sniffed.refused, field);
  const sharp = await imageLibrary();
  let meta: Metadata;
  try {
    meta = await sharp(file, { limitInputPixels: false, failOn: "error" }).metadata();
  } catch {
    throw new ImageError("damaged", field);
  }
  const expected = sniffed.format === "avif" ? "heif" : sniffed.format;
  if (meta.format !== expected || (sniffed.format === "avif" && meta.compression !== "av1")) {
    throw new ImageError(sniffed.format === "avif" ? "heic" : "damaged", field);
  }
  if (!meta.width || !meta.height) throw new ImageError("damaged", field);
  if (meta.width * meta.height > MAX_IMAGE_PIXELS)
    throw new ImageError("tooManyPixels", field, pixelDetails(meta.width, meta.height));
  const upright = meta.autoOrient ?? { width: meta.width, height: meta.height };
  return { format: sniffed.format, width: upright.width, height: upright.height };
}

const EXTENSION: Record<ImageFormat, string> = { jpeg: "jpg", png: "png", webp: "webp", avif: "avif" };

/** The cleaned original: upright, re-encoded, no metadata at all (EXIF, GPS, XMP, IPTC, ICC). */
async function encodeOriginal(file: string, format: ImageFormat) {
  const sharp = await imageLibrary();
  const pipeline = sharp(file, SHARP_INPUT).rotate();
  switch (format) {
    case "jpeg":
      return pipeline.jpeg({ quality: 90 });
    case "png":
      return pipeline.png({ compressionLevel: 6 });
    case "webp":
      return pipeline.webp({ quality: 90 });
    case "avif":
      return pipeline.avif({ quality: 70, effort: 3 });
  }
}

/**
 * The upright image decoded once at the largest variant width (JPEG shrink-on-load makes this
 * cheap); every variant is resized from it instead of decoding the full photo again.
 */
async function decodeForVariants(file: string, largest: number) {
  const sharp = await imageLibrary();
  const { data, info } = await sharp(file, SHARP_INPUT)
    .rotate()
    .resize({ width: largest, withoutEnlargement: true })
    .toColourspace("srgb")
    .raw()
    .toBuffer({ resolveWithObject: true });
  const raw = { raw: { width: info.width, height: info.height, channels: info.channels } };
  const encode = (width: number, format: VariantFormat) => {
    const pipeline = sharp(data, raw).resize({ width, withoutEnlargement: true });
    return format === "avif" ? pipeline.avif({ quality: 50, effort: 2 }) : pipeline.webp({ quality: 78, effort: 4 });
  };
  /** Cropped to the link-preview size around the picture's most interesting part. */
  const socialCard = () =>
    sharp(data, raw)
      .resize({ ...SOCIAL_CARD, fit: "cover", position: sharp.strategy.attention })
      .jpeg({ quality: 82, mozjpeg: true });
  return { encode, socialCard };
}

/** Processing is memory-hungry (a 50 MP photo is 150 MB decoded), so one image at a time. */
let queue: Promise<unknown> = Promise.resolve();
function oneAtATime<T>(task: () => Promise<T>): Promise<T> {
  const run = queue.then(task, task);
  queue = run.catch(() => undefined);
  return run;
}

export type StoreOptions = {
  /** Home gallery images are named home-{position}-{timestamp}.{ext}. */
  homePosition?: number;
  /** The form field the upload came from, so a refusal can be shown beside it. */
  field?: string;
  /** Defaults to the process-wide storage. */
  storage?: Storage;
  /** Also store the photo cropped to 1200 × 630 for link previews (see socialCardUrl). */
  socialCard?: boolean;
  /** A photo of an owners-only post: kept in the private storage, served only at /owners/media/. */
  private?: boolean;
};

async function chooseName(store: Storage, folder: string, ext: string, homePosition?: number) {
  for (let attempt = 0; ; attempt++) {
    const timestamp = Date.now() + attempt;
    const name =
      homePosition !== undefined
        ? `home-${homePosition}-${timestamp}.${ext}`
        : `${timestamp}-${randomBytes(6).toString("hex")}.${ext}`;
    const key = normaliseKey(`${folder}/${name}`);
    if (!(await store.exists(key))) return key;
  }
}

/**
 * Validates an upload by content, writes its cleaned original and every responsive variant, and
 * only then returns what the record should keep. On any failure nothing of it remains stored.
 * Throws ImageError (with a message for the form) when the file is refused.
 */
export async function storeImage(
  bucket: Bucket,
  upload: { path: string },
  options: StoreOptions = {},
): Promise<StoredImage> {
  if (
    options.homePosition !== undefined &&
    !(Number.isInteger(options.homePosition) && options.homePosition >= 1 && options.homePosition <= 4)
  ) {
    throw new Error(`Home image position must be 1 to 4, not ${options.homePosition}.`);
  }
  const store = options.storage ?? defaultStorage();
  if (options.private && store instanceof SiteMediaStorage && !store.closed)
    throw new ImageError("noPrivateStorage", options.field);
  return oneAtATime(async () => {
    const info = await inspectImage(upload.path, options.field);
    const folder = options.private ? `${PRIVATE_KEY_PREFIX}${bucket}` : bucket;
    const key = await chooseName(store, folder, EXTENSION[info.format], options.homePosition);
    const url = mediaUrl(key);
    const written: string[] = [];
    try {
      await store.put(key, await encodeOriginal(upload.path, info.format));
      written.push(key);
      const widths = variantWidths(info.width);
      const decoded = await decodeForVariants(upload.path, widths[widths.length - 1]!);
      for (const width of widths) {
        for (const format of VARIANT_FORMATS) {
          const variantKey = keyFromMediaUrl(variantUrl(url, width, format))!;
          await store.put(variantKey, decoded.encode(width, format));
          written.push(variantKey);
        }
      }
      if (options.socialCard) {
        const cardKey = keyFromMediaUrl(socialCardUrl(url))!;
        await store.put(cardKey, decoded.socialCard());
        written.push(cardKey);
      }
    } catch (error) {
      await Promise.allSettled(written.map((k) => store.delete(k)));
      if (error instanceof ImageError) throw error;
      if (error instanceof PrivateStorageMissingError) throw new ImageError("noPrivateStorage", options.field);
      // Disk full, permissions, too many open files: the server's trouble, answered by the caller.
      if (faultOf(error)) throw error;
      const message = error instanceof Error ? error.message : String(error);
      // Any other system error is ours, not the photo's.
      if ((error as NodeJS.ErrnoException | null)?.code) {
        log.error("image store failed", { bucket, error });
        throw new ImageError("failed", options.field);
      }
      if (/pixel limit/i.test(message))
        throw new ImageError("tooManyPixels", options.field, pixelDetails(info.width, info.height));
      if (/vips|jpeg|png|webp|heif|spng|corrupt|premature|truncated|invalid|unexpected|bad/i.test(message)) {
        throw new ImageError("damaged", options.field);
      }
      log.error("image store failed", { bucket, error });
      throw new ImageError("failed", options.field);
    }
    return { url, width: info.width, height: info.height };
  });
}

/** Every stored file of the image at `url` (its original and variants); none for other URLs. */
export async function storedFilesOf(
  url: string | null | undefined,
  store: Storage = defaultStorage(),
): Promise<string[]> {
  const key = keyFromMediaUrl(url);
  if (!key) return [];
  const keyStem = stem(key);
  const files = await store.list(`${keyStem}.`, { limit: 10_000 });
  return files.map((f) => f.key).filter((k) => stemOfStoredFile(k) === keyStem);
}

/**
 * Copies every file of the stored image at `url` (original and variants) to the other place, public
 * or private, under the same name, and returns its URL there (the same URL when it is there already
 * or is not a stored image). The old files stay: remove them once the record that used them has
 * changed, as a replaced image's. On failure the copies made are removed again and the error is
 * rethrown (PrivateStorageMissingError: the site has no private storage).
 */
export async function copyImageTo(
  url: string,
  place: "public" | "private",
  store: Storage = defaultStorage(),
): Promise<string> {
  const key = keyFromMediaUrl(url);
  if (!key || isPrivateKey(key) === (place === "private")) return url;
  const moved = (k: string) => (isPrivateKey(k) ? k.slice(PRIVATE_KEY_PREFIX.length) : PRIVATE_KEY_PREFIX + k);
  const written: string[] = [];
  try {
    for (const from of await storedFilesOf(url, store)) {
      const file = await store.get(from);
      if (!file) continue;
      await store.put(moved(from), file.stream);
      written.push(moved(from));
    }
  } catch (error) {
    await Promise.allSettled(written.map((k) => store.delete(k)));
    throw error;
  }
  return mediaUrl(moved(key));
}

/**
 * Removes every file of a stored image. Call it only after the record that pointed at the image
 * has been changed or deleted and that change has committed. URLs outside /media/ are ignored.
 */
export async function removeImage(url: string | null | undefined, store: Storage = defaultStorage()): Promise<void> {
  const keys = await storedFilesOf(url, store);
  await Promise.all(keys.map((k) => store.delete(k)));
}

/** removeImage that never throws: a file left behind is only wasted space, swept later. */
export async function removeImageQuietly(url: string | null | undefined, store?: Storage) {
  try {
    await removeImage(url, store);
  } catch (error) {
    log.warn("could not remove a replaced image; media:sweep will", { url, error });
  }
}

/**
 * The safe order for a record that gets a new image:
 *   1. store the new image (all variants) — a refused or failed upload throws ImageError and
 *      nothing changes;
 *   2. run `update(image)`, the database write that points the record at it — if it throws, the
 *      new files are removed and the old image stays;
 *   3. after it has committed, remove the old image's files.
 * Without an upload (`upload` null) it just runs `update(null)`: the record keeps its image.
 *
 *   const horse = await replaceImage(
 *     { bucket: "horse-images", upload: form.file("image"), oldUrl: existing.image?.url, field: "image" },
 *     (image) => updateHorse(id, { ...values, ...(image ? { image } : {}) }),
 *   );
 */
export async function replaceImage<T>(
  args: {
    bucket: Bucket;
    upload: { path: string } | null | undefined;
    oldUrl?: string | null;
    homePosition?: number;
    field?: string;
    storage?: Storage;
  },
  update: (image: StoredImage | null) => Promise<T>,
): Promise<T> {
  if (!args.upload) return update(null);
  const image = await storeImage(args.bucket, args.upload, {
    homePosition: args.homePosition,
    field: args.field,
    storage: args.storage,
  });
  let result: T;
  try {
    result = await update(image);
  } catch (error) {
    await removeImageQuietly(image.url, args.storage);
    throw error;
  }
  if (args.oldUrl && args.oldUrl !== image.url) await removeImageQuietly(args.oldUrl, args.storage);
  return result;
}
