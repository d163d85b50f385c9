import { ImageError, removeImageQuietly, storeImage, type StoredImage } from "~/media/images.server";
import type { Bucket } from "~/media/storage.server";
import type { ParsedForm } from "~/media/upload.server";

/** Where the image chosen in one file field of an admin form goes. */
export type ImageSpec = {
  bucket: Bucket;
  /** Home gallery images are named home-{position}-{timestamp}. */
  homePosition?: number;
  /** A horse's photo also gets its 1200 × 630 link-preview crop. */
  socialCard?: boolean;
  /** An owners-only post's photo: kept in the private storage, served only at /owners/media/. */
  private?: boolean;
};

/** The images a form stored, by file field: null where no file was chosen. */
export type ChosenImages<F extends string> = Record<F, StoredImage | null>;

export type StoredChoice<F extends string> =
  | { images: ChosenImages<F>; refused?: undefined }
  | { images?: undefined; refused: { field: string; error: ImageError } };

/**
 * Stores the image chosen in each of the form's file fields. A file that is not an acceptable image
 * is refused on its field; then, as on any failure, what was stored already is removed again.
 */
export async function storeChosenImages<F extends string>(
  form: ParsedForm,
  specs: Record<F, ImageSpec>,
): Promise<StoredChoice<F>> {
  const images = {} as ChosenImages<F>;
  for (const field of Object.keys(specs) as F[]) {
    const upload = form.file(field);
    const { bucket, ...options } = specs[field];
    try {
      images[field] = upload ? await storeImage(bucket, upload, { field, ...options }) : null;
    } catch (error) {
      await discardImages(Object.values<StoredImage | null>(images).map((image) => image?.url));
      if (error instanceof ImageError) return { refused: { field, error } };
      throw error;
    }
  }
  return { images };
}

/** Removes images that nothing refers to any more; a failure is logged, never shown. */
export async function discardImages(urls: (string | null | undefined)[]) {
  for (const url of urls) if (url) await removeImageQuietly(url);
}
