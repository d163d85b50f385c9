import { data } from "react-router";
import type { AdminActionData } from "./admin-actions.server";
import { ImageError, removeImageQuietly, storeImage, type StoredImage } from "./images.server";
import { log } from "./log.server";
import type { Bucket } from "./storage.server";
import { toastMessage } from "./toast";
import { isUploadError, withUploadedForm, type ParsedForm } from "./upload.server";

/**
 * The admin forms' way into the image pipeline: read a submitted form (files stream to temporary
 * storage, size-limited), store its chosen image in a bucket, and remove an image a record no
 * longer uses once the record's update has committed.
 */

export type AdminForm = ParsedForm;

/**
 * Reads the submitted form, runs `fn` with it, and always removes the temporary files. A form the
 * parser refuses (too large, malformed) answers with its message as an error toast.
 */
export async function withAdminForm<T>(request: Request, fn: (form: AdminForm) => Promise<T>) {
  try {
    return await withUploadedForm(request, fn);
  } catch (error) {
    if (!isUploadError(error)) throw error;
    log.warn("admin form refused", { status: error.status, message: error.message });
    const errors = error.field ? { [error.field]: error.message } : undefined;
    return data<AdminActionData>(
      { intent: "", values: {}, errors, toast: toastMessage("error", "Error", error.message) },
      { status: error.status },
    );
  }
}

/**
 * Stores the image chosen in a form's file field, if any. A file that is not an acceptable image
 * gives a message for that field instead. Home gallery images pass their position, so they are
 * named home-{position}-{timestamp}.
 */
export async function storeChosenImage(
  form: AdminForm,
  field: string,
  bucket: Bucket,
  homePosition?: number,
): Promise<{ image: StoredImage | null; error?: undefined } | { image?: undefined; error: string }> {
  const upload = form.file(field);
  if (!upload) return { image: null };
  try {
    return { image: await storeImage(bucket, upload, { homePosition, field }) };
  } catch (error) {
    if (error instanceof ImageError) return { error: error.message };
    throw error;
  }
}

/** Removes an image that nothing refers to any more; a failure is logged, never shown. */
export async function discardImage(url: string | null | undefined) {
  if (url) await removeImageQuietly(url);
}
