import { useEffect, useState, type ComponentProps, type FormEvent, type ReactNode } from "react";
import { Form, Link } from "react-router";
import { buttonClass, SubmitButton } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { useSubmitting } from "~/components/ui/use-submitting";
import { useAdminT } from "~/i18n/admin/use-admin-t";
import { ImageUploadField, type ImageUploadFieldProps } from "~/media/image-upload-field";
import { disarmUpload } from "~/media/upload-progress";
import type { z } from "zod";
import type { AdminActionData } from "./admin-action.server";
import { fieldErrors, textFields, type FieldErrors } from "~/routes/admin/+shared/admin-forms";

/**
 * Checks a form against its schema before sending, showing the same messages the server would;
 * the server's own errors (after a round trip) show until the next attempt.
 */
function useSchemaCheck(schema: z.ZodType, serverErrors: FieldErrors | undefined) {
  const t = useAdminT();
  const [errors, setErrors] = useState<FieldErrors | undefined>(serverErrors);
  useEffect(() => setErrors(serverErrors), [serverErrors]);
  function onSubmit(event: FormEvent<HTMLFormElement>) {
    const result = schema.safeParse(textFields(new FormData(event.currentTarget)));
    if (!result.success) {
      event.preventDefault();
      // The image fields armed the upload's progress for a submission that is not going out.
      disarmUpload(event.currentTarget);
      const found = fieldErrors(result.error, t);
      setErrors(found);
      // As after a round trip without JavaScript: the first field in error is where to start.
      event.currentTarget.querySelector<HTMLElement>(`[name="${Object.keys(found)[0]}"]`)?.focus();
    } else {
      setErrors(undefined);
    }
  }
  return { errors: errors ?? {}, onSubmit };
}

/** A text field's own attributes, beside its name, label, value and error. */
export type FieldOptions = Omit<ComponentProps<typeof Field>, "name" | "label" | "defaultValue" | "error">;

/**
 * A record form's state: its live check, whether it is being sent (told apart by intent and the
 * record's id), `val`, the value a field shows (what was typed when the action refused it, else
 * the record's), and `field`, a text field for one of the record's own values (a required one
 * marked so).
 */
export function useRecordForm<R extends object>(
  schema: z.ZodType,
  result: AdminActionData | undefined,
  intent: string,
  record?: R,
) {
  const { errors, onSubmit } = useSchemaCheck(schema, result?.errors);
  const id = record && "id" in record && typeof record.id === "string" ? record.id : undefined;
  const submitting = useSubmitting(intent, id);
  const val = (name: string, fallback?: string | number | null) =>
    result?.values[name] ?? (fallback == null ? "" : String(fallback));
  const field = (name: Extract<keyof R, string>, label: string, options: FieldOptions = {}) => {
    const shown = record?.[name];
    const fallback = typeof shown === "string" || typeof shown === "number" ? shown : null;
    return (
      <Field
        label={label}
        name={name}
        markRequired={options.required}
        {...options}
        defaultValue={val(name, fallback)}
        error={errors[name]}
      />
    );
  };
  return { intent, id, errors, onSubmit, submitting, val, field };
}

export type RecordFormState<R extends object> = ReturnType<typeof useRecordForm<R>>;

/**
 * An admin form posting `intent` (and the `id` of the record it edits), labelled by its card's
 * heading. The browser's own checks are off: the site's messages show beside the fields, in the
 * administrator's language, with or without JavaScript (the server answers them too).
 */
export function IntentForm({
  intent,
  id,
  titleId,
  onSubmit,
  multipart = false,
  className = "grid gap-4 sm:grid-cols-2",
  children,
}: {
  intent: string;
  id?: string;
  titleId: string;
  onSubmit?: (event: FormEvent<HTMLFormElement>) => void;
  multipart?: boolean;
  className?: string;
  children: ReactNode;
}) {
  return (
    <Form
      method="post"
      encType={multipart ? "multipart/form-data" : undefined}
      aria-labelledby={titleId}
      onSubmit={onSubmit}
      noValidate
      className={className}
    >
      <input type="hidden" name="intent" value={intent} />
      {id ? <input type="hidden" name="id" value={id} /> : null}
      {children}
    </Form>
  );
}

/** The line at the top of a form with required fields: what the asterisk means. */
export function RequiredNote({ className = "text-sm text-stone-600 sm:col-span-2" }: { className?: string }) {
  const t = useAdminT();
  return <p className={className}>{t("form.requiredNote")}</p>;
}

/**
 * A tab's add-or-edit form on the two-column grid: the note on required fields, its fields, then
 * the add button (`create`) or save and Cancel (an edit, or `label` for another form of the record).
 */
export function RecordFormShell({
  form,
  titleId,
  multipart,
  addLabel,
  label,
  cancelTo,
  children,
}: {
  form: Pick<RecordFormState<object>, "intent" | "id" | "onSubmit" | "submitting">;
  titleId: string;
  multipart?: boolean;
  addLabel?: string;
  label?: string;
  cancelTo: string;
  children: ReactNode;
}) {
  return (
    <IntentForm intent={form.intent} id={form.id} titleId={titleId} onSubmit={form.onSubmit} multipart={multipart}>
      <RequiredNote />
      {children}
      <SaveOrCancel
        submitting={form.submitting}
        cancelTo={cancelTo}
        addLabel={form.intent === "create" ? addLabel : undefined}
        label={label}
        className="flex gap-2 sm:col-span-2"
      />
    </IntentForm>
  );
}

/**
 * A record form's picture: the current one previewed, a chosen file replacing it. The field is
 * remounted when its error or the stored image changes, so neither a file the action refused nor
 * one it has just saved stays chosen (or says it is yet to be saved).
 */
export function RecordImageField({
  form,
  name,
  label,
  current,
  alt,
  wide = false,
  only,
  note,
}: {
  form: Pick<RecordFormState<object>, "errors">;
  name: string;
  label: string;
  current: ImageUploadFieldProps["currentImage"];
  alt: string | undefined;
  /** Across both columns of the form's grid. */
  wide?: boolean;
} & Pick<ImageUploadFieldProps, "only" | "note">) {
  const error = form.errors[name];
  return (
    <div className={wide ? "sm:col-span-2" : undefined}>
      <ImageUploadField
        // Afresh after a save that stored a new image, and after a refusal (the chosen file is gone).
        key={`${error ?? ""}|${current?.url ?? ""}`}
        label={label}
        name={name}
        currentImage={current}
        currentAlt={alt}
        error={error}
        only={only}
        note={note}
      />
    </div>
  );
}

/**
 * A form's buttons: save (busy while sending) and Cancel back to the tab; a form that adds a record
 * (`addLabel`) has no Cancel, as there is nothing to leave.
 */
export function SaveOrCancel({
  submitting,
  cancelTo,
  addLabel,
  label,
  className = "flex gap-2",
}: {
  submitting: boolean;
  cancelTo?: string;
  addLabel?: string;
  label?: string;
  className?: string;
}) {
  const t = useAdminT();
  return (
    <div className={className}>
      <SubmitButton busy={submitting} busyLabel={addLabel ? t("form.adding") : t("form.saving")}>
        {addLabel ?? label ?? t("form.saveChanges")}
      </SubmitButton>
      {cancelTo && !addLabel ? (
        <Link to={cancelTo} preventScrollReset className={buttonClass.secondary}>
          {t("form.cancel")}
        </Link>
      ) : null}
    </div>
  );
}
