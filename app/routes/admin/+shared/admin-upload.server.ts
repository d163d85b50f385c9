import { data } from "react-router";
import { failed, invalid, type AdminActionData } from "./admin-actions.server";
import { runAs } from "~/platform/actor.server";
import type { FieldErrors } from "./admin-forms";
import { requireAdmin, type SessionUser } from "~/auth/auth.server";
import { faultOf } from "~/platform/faults.server";
import { ImageError, removeImageQuietly, storeImage, type StoreOptions, type StoredImage } from "~/media/images.server";
import { log } from "~/platform/log.server";
import type { Bucket } from "~/media/storage.server";
import { toastMessage } from "~/toast/toast";
import { isUploadError, parseUploadedForm, withUploadedForm, type ParsedForm } from "~/media/upload.server";

/**
 * The admin forms' way into the image pipeline: read a submitted form (files stream to temporary
 * storage, size-limited), store its chosen image in a bucket, and remove an image a record no
 * longer uses once the record's update has committed.
 */

export type AdminForm = ParsedForm;

/** A tab's 'Failed to …' texts (the spec's wording) by form intent; `other` for anything else. */
export type FailureTexts = { [intent: string]: string; other: string };

/** The toast for a fault, chosen by the form's intent; the typed values go back with it. */
function faultAnswer(texts: FailureTexts, values: Record<string, string>, error: unknown) {
  const intent = values.intent ?? "";
  const text = (Object.hasOwn(texts, intent) ? texts[intent] : undefined) ?? texts.other;
  return failed(intent, values, text, error);
}

/** A tab's forms by intent: each a named function of the submitted form. */
export type IntentHandlers<T> = { [intent: string]: (form: AdminForm) => Promise<T> };

/**
 * An admin tab's action: the admin check, then the submitted form (files stream to temporary
 * storage and are always removed afterwards), then the handler of the form's intent (an unknown
 * intent answers 400 with the tab's `other` text) or, for a tab with one form, its function. A form the parser refuses (too large,
 * malformed) answers with its message as an error toast. An operational fault anywhere (the
 * session cannot be checked because the database is down, a full disk while storing an upload)
 * answers the intent's 'Failed to …' toast with the reason, and nothing is written. The models
 * record what the handler changes in the activity log in the name of the signed-in administrator.
 */
export async function adminAction<T>(
  request: Request,
  texts: FailureTexts,
  handlers: IntentHandlers<T> | ((form: AdminForm) => Promise<T>),
) {
  const fn = (form: AdminForm) => {
    if (typeof handlers === "function") return handlers(form);
    const intent = form.values.intent ?? "";
    const handler = Object.hasOwn(handlers, intent) ? handlers[intent] : undefined;
    return handler ? handler(form) : Promise.resolve(failed(intent, form.values, texts.other, undefined, 400));
  };
  let user: SessionUser;
  try {
    user = await requireAdmin(request);
  } catch (error) {
    if (!faultOf(error)) throw error;
    // Only to answer for the right form: files are read and dropped, nothing is stored.
    const form = await parseUploadedForm(request, { discardFiles: true }).catch(() => null);
    return faultAnswer(texts, form?.values ?? {}, error);
  }
  try {
    return await withUploadedForm(request, async (form) => {
      try {
        // What the tab changes is recorded (activity log, trash) under this administrator's name.
        return await runAs({ userId: user.id, email: user.email, via: "dashboard" }, () => fn(form));
      } catch (error) {
        if (!faultOf(error)) throw error;
        return faultAnswer(texts, form.values, error);
      }
    });
  } catch (error) {
    if (!isUploadError(error)) throw error;
    if (faultOf(error)) return faultAnswer(texts, error.values, error);
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
 * named home-{position}-{timestamp}; a horse's photo also gets its link-preview crop (`socialCard`).
 */
export async function storeChosenImage(
  form: AdminForm,
  field: string,
  bucket: Bucket,
  extra: Pick<StoreOptions, "homePosition" | "socialCard"> = {},
): Promise<{ image: StoredImage | null; error?: undefined } | { image?: undefined; error: string }> {
  const upload = form.file(field);
  if (!upload) return { image: null };
  try {
    return { image: await storeImage(bucket, upload, { ...extra, field }) };
  } catch (error) {
    if (error instanceof ImageError) return { error: error.message };
    throw error;
  }
}

/** Removes an image that nothing refers to any more; a failure is logged, never shown. */
export async function discardImage(url: string | null | undefined) {
  if (url) await removeImageQuietly(url);
}

export type ImageSave = {
  /** The form's file field; an unacceptable image is reported on it. */
  field: string;
  bucket: Bucket;
  /** The spec's 'Failed to …' text for this form. */
  failure: string;
  /** Home gallery images are named after their position. */
  homePosition?: number;
  /** A horse's photo also gets its 1200 × 630 link-preview crop. */
  socialCard?: boolean;
  /** Field messages for errors of the write that are the administrator's to fix (answered 400). */
  refuse?: (error: unknown) => FieldErrors | undefined;
};

/** What a write reports: the image the record no longer uses, if it replaced one. */
type Written = { replacedImageUrl?: string | null };

/**
 * The one way a record with an image is saved, so that no image is lost or left behind: the form's
 * new image (if any) is stored first (an unacceptable file answers 400 on its field), then `write`
 * runs with it. When the write fails or finds no record (null: answered 404), the new image is
 * removed again; once it has succeeded, the image it replaced is removed.
 */
export async function saveWithImage<T extends object>(
  form: AdminForm,
  { field, bucket, failure, homePosition, socialCard, refuse }: ImageSave,
  write: (image: StoredImage | null) => Promise<T | null>,
): Promise<{ saved: T; answer?: undefined } | { saved?: undefined; answer: ReturnType<typeof failed> }> {
  const values = form.values;
  const intent = values.intent ?? "";
  const stored = await storeChosenImage(form, field, bucket, { homePosition, socialCard }).catch((e: unknown) => ({
    failure: e,
  }));
  if ("failure" in stored) return { answer: failed(intent, values, failure, stored.failure) };
  if (stored.error) return { answer: invalid(intent, values, { [field]: stored.error }) };
  let saved: T | null;
  try {
    saved = await write(stored.image ?? null);
  } catch (error) {
    await discardImage(stored.image?.url);
    const errors = refuse?.(error);
    return { answer: errors ? invalid(intent, values, errors) : failed(intent, values, failure, error) };
  }
  if (!saved) {
    await discardImage(stored.image?.url);
    return { answer: failed(intent, values, failure, undefined, 404) };
  }
  await discardImage((saved as Written).replacedImageUrl);
  return { saved };
}
