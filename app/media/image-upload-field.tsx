import { useEffect, useId, useRef, useState, useSyncExternalStore, type ChangeEvent } from "react";
import { useNavigation } from "react-router";
import { ACCEPTED_IMAGE_TYPES, declaredTypeProblem, formatBytes } from "~/media/image";
import { useAdminT } from "~/i18n/admin/use-admin-t";
import type { ImageRef } from "~/models/image-columns";
import { DEFAULT_UPLOAD_MAX_BYTES } from "~/platform/upload-limit";
import {
  armUpload,
  getServerUploadSnapshot,
  getUploadSnapshot,
  subscribeUpload,
  type UploadSnapshot,
} from "~/media/upload-progress";
import { ResponsiveImage } from "./responsive-image";
import { fieldDescription } from "~/components/ui/field";
import { fieldErrorClass } from "~/components/ui/field-classes";

export type ImageUploadFieldProps = {
  /** The form field name the action reads (`form.file(name)`). */
  name: string;
  label: string;
  /** The record's image now: previewed until a new file is chosen. */
  currentImage?: ImageRef | null;
  currentAlt?: string;
  /** The server's message for this field (from the action's data). */
  error?: string | null;
  /** Require a file unless the record already has an image. */
  required?: boolean;
  /** The largest file the server accepts (pass UPLOAD_MAX_BYTES from the loader if it is changed). */
  maxBytes?: number;
  id?: string;
  /**
   * Fewer file types than every image the site takes (a logo), with the field's hint for them and
   * the message for a file of another type; without it, any accepted image.
   */
  only?: { types: readonly string[]; hint: (limit: string) => string; refused: string };
  /** Said after the hint: what the picture is for. */
  note?: string;
};

/** The upload in progress, for a submit button: `disabled={useUploadStatus().busy}`. */
export function useUploadStatus(): UploadSnapshot & { busy: boolean } {
  const upload = useSyncExternalStore(subscribeUpload, getUploadSnapshot, getServerUploadSnapshot);
  const navigation = useNavigation();
  const submitting = navigation.state !== "idle" && navigation.formData !== undefined;
  return { ...upload, busy: upload.phase !== "idle" || submitting };
}

/**
 * An image file picker for admin forms: images only, a preview of the current image and of the
 * chosen file, the upload percentage while a large photo is sent and then "Processing…" while
 * the server checks and resizes it. While the form is busy a second submission is ignored.
 *
 * It is an ordinary file input inside an ordinary form, so the form works without JavaScript;
 * with JavaScript the progress comes from ~/media/upload-progress. The action reads the file with
 * `withUploadedForm` and stores it with `storeImage`/`replaceImage` (~/media/images.server).
 *
 *   <Form method="post" encType="multipart/form-data">
 *     <ImageUploadField name="image" label="Horse Image" currentImage={horse.image}
 *       currentAlt={horse.name} error={actionData?.errors?.image} />
 *     <button type="submit" disabled={useUploadStatus().busy}>Save Changes</button>
 *   </Form>
 */
/** Submissions a field of the form has already handled. */
const seenSubmissions = new WeakSet<Event>();

export function ImageUploadField({
  name,
  label,
  currentImage,
  currentAlt,
  error,
  required = false,
  maxBytes = DEFAULT_UPLOAD_MAX_BYTES,
  id,
  only,
  note,
}: ImageUploadFieldProps) {
  const t = useAdminT();
  const autoId = useId();
  const inputId = id ?? `${autoId}-file`;
  const inputRef = useRef<HTMLInputElement>(null);
  const [preview, setPreview] = useState<{ url: string; name: string } | null>(null);
  const [clientError, setClientError] = useState<string | null>(null);
  // A server message stays until the file is changed; the next submission's answer replaces it.
  const [changed, setChanged] = useState(false);
  const status = useUploadStatus();
  const busyRef = useRef(false);
  busyRef.current = status.busy;

  useEffect(() => () => (preview ? URL.revokeObjectURL(preview.url) : undefined), [preview]);

  useEffect(() => {
    const form = inputRef.current?.form;
    if (!form) return;
    const onSubmit = (event: SubmitEvent) => {
      // A form with several image fields: the first one's handler decides for the submission (the
      // upload it arms would otherwise make the next field's handler take the form for busy).
      const first = !seenSubmissions.has(event);
      seenSubmissions.add(event);
      // Runs before React Router's own submit handler, which skips a prevented event.
      if (first && busyRef.current) {
        event.preventDefault();
        event.stopImmediatePropagation();
        return;
      }
      setChanged(false);
      if (first && [...form.querySelectorAll<HTMLInputElement>('input[type="file"]')].some((i) => i.files?.length)) {
        armUpload(form);
      }
    };
    form.addEventListener("submit", onSubmit);
    return () => form.removeEventListener("submit", onSubmit);
  }, []);

  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    const file = input.files?.[0];
    setChanged(true);
    let problem: string | null = null;
    if (file) {
      const declared = declaredTypeProblem(file.type);
      if (file.size === 0) problem = t("upload.empty");
      else if (file.size > maxBytes) problem = t("upload.fileTooLarge", { limit: formatBytes(maxBytes) });
      else if (declared) problem = t(`upload.${declared}`);
      else if (only && !only.types.includes(file.type.toLowerCase())) problem = only.refused;
    }
    // The browser will not submit the form while the field is invalid, and says why.
    input.setCustomValidity(problem ?? "");
    setClientError(problem);
    setPreview(file && !problem ? { url: URL.createObjectURL(file), name: file.name } : null);
  };

  const mine = status.form !== null && status.form === inputRef.current?.form;
  const shownError = clientError ?? (changed || status.busy ? null : error);
  const { hintId, errorId, describedBy } = fieldDescription(inputId, { hint: true, error: shownError });
  const percent = status.percent;

  return (
    <div className="space-y-2">
      <label htmlFor={inputId} className="block text-sm font-medium text-stone-900">
        {label}
      </label>
      {preview || currentImage ? (
        <figure className="flex items-center gap-3">
          {preview ? (
            <img
              src={preview.url}
              alt={t("upload.chosenFile", { name: preview.name })}
              className="h-24 w-32 rounded-md border border-stone-200 object-cover"
            />
          ) : (
            <ResponsiveImage
              image={currentImage}
              alt={currentAlt || t("upload.currentImage")}
              sizes="128px"
              className="h-24 w-32 rounded-md border border-stone-200 object-cover"
            />
          )}
          <figcaption className="text-sm text-stone-600">
            {preview ? t("upload.newImage") : t("upload.currentImage")}
          </figcaption>
        </figure>
      ) : null}
      <input
        ref={inputRef}
        id={inputId}
        name={name}
        type="file"
        accept={(only?.types ?? ACCEPTED_IMAGE_TYPES).join(",")}
        required={required && !currentImage}
        aria-invalid={shownError ? true : undefined}
        aria-describedby={describedBy}
        onChange={onChange}
        className="block w-full text-sm text-stone-700 file:mr-3 file:rounded-md file:border-0 file:bg-stone-800 file:px-3 file:py-2 file:text-sm file:font-medium file:text-white hover:file:bg-stone-700"
      />
      <p id={hintId} className="text-xs text-stone-600">
        {only ? only.hint(formatBytes(maxBytes)) : t("upload.hint", { limit: formatBytes(maxBytes) })}
        {note ? ` ${note}` : null}
      </p>
      {shownError ? (
        <p id={errorId} role="alert" className={fieldErrorClass}>
          {shownError}
        </p>
      ) : null}
      <div role="status" aria-live="polite" className="text-sm text-stone-700">
        {mine && status.phase === "uploading" ? (
          <span className="flex items-center gap-2">
            <progress max={100} value={percent ?? undefined} aria-label={t("upload.progress")} className="h-2 w-40" />
            <span>{percent === null ? t("upload.uploading") : t("upload.uploadingPercent", { percent })}</span>
          </span>
        ) : mine && status.phase === "processing" ? (
          <span>{t("upload.processing")}</span>
        ) : null}
      </div>
    </div>
  );
}
