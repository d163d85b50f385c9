import {
  useId,
  type InputHTMLAttributes,
  type ReactNode,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
} from "react";
import { cn } from "~/utils/cn";
import { controlClass, fieldErrorClass } from "./field-classes";

/**
 * A labelled form control with an optional hint and error message, both linked to the control by
 * `aria-describedby` (the error first: it is what needs reading). Every form on the site (admin,
 * sign-in, contact) is built from these, so a screen reader hears each field the same way.
 */

type FieldText = {
  label: string;
  /** Shown under the control, or beside the label (a character counter, say). */
  hint?: ReactNode;
  hintBesideLabel?: boolean;
  error?: string;
  /** A fixed id, where a script finds the control; otherwise one is generated. */
  id?: string;
};

/** The ids of a field's hint and error, and the `aria-describedby` value that names those shown. */
export function fieldDescription(id: string, shown: { hint?: unknown; error?: unknown }) {
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [shown.error ? errorId : null, shown.hint ? hintId : null].filter(Boolean).join(" ");
  return { hintId, errorId, describedBy: describedBy || undefined };
}

function useFieldId(id: string | undefined) {
  const generated = useId();
  return id ?? generated;
}

export function FieldShell({
  id,
  label,
  hint,
  hintBesideLabel = false,
  error,
  children,
}: Omit<FieldText, "id"> & { id: string; children: ReactNode }) {
  const { hintId, errorId } = fieldDescription(id, { hint, error });
  const labelEl = (
    <label htmlFor={id} className="block text-sm font-medium text-stone-800">
      {label}
    </label>
  );
  return (
    <div data-field>
      {hint && hintBesideLabel ? (
        <div className="flex items-baseline justify-between gap-4">
          {labelEl}
          <span id={hintId} className="text-sm tabular-nums text-stone-600">
            {hint}
          </span>
        </div>
      ) : (
        labelEl
      )}
      {children}
      {hint && !hintBesideLabel ? (
        <p id={hintId} className="mt-1 text-xs text-stone-600">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className={fieldErrorClass}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

function controlProps(id: string, { hint, error }: FieldText, className: string | undefined) {
  return {
    id,
    "aria-invalid": error ? true : undefined,
    "aria-describedby": fieldDescription(id, { hint, error }).describedBy,
    className: cn(controlClass, className),
  };
}

type Shell = Omit<FieldText, "id">;

export function Field({
  label,
  hint,
  hintBesideLabel,
  error,
  id,
  className,
  ...input
}: FieldText & { name: string } & InputHTMLAttributes<HTMLInputElement>) {
  const fieldId = useFieldId(id);
  const text: Shell = { label, hint, hintBesideLabel, error };
  return (
    <FieldShell id={fieldId} {...text}>
      <input {...input} {...controlProps(fieldId, text, className)} />
    </FieldShell>
  );
}

export function TextAreaField({
  label,
  hint,
  hintBesideLabel,
  error,
  id,
  className,
  ...textarea
}: FieldText & { name: string } & TextareaHTMLAttributes<HTMLTextAreaElement>) {
  const fieldId = useFieldId(id);
  const text: Shell = { label, hint, hintBesideLabel, error };
  return (
    <FieldShell id={fieldId} {...text}>
      <textarea {...textarea} {...controlProps(fieldId, text, className)} />
    </FieldShell>
  );
}

export function SelectField({
  label,
  hint,
  error,
  id,
  className,
  children,
  ...select
}: Omit<FieldText, "hintBesideLabel"> & {
  name: string;
  children: ReactNode;
} & SelectHTMLAttributes<HTMLSelectElement>) {
  const fieldId = useFieldId(id);
  const text: Shell = { label, hint, error };
  return (
    <FieldShell id={fieldId} {...text}>
      <select {...select} {...controlProps(fieldId, text, className)}>
        {children}
      </select>
    </FieldShell>
  );
}

/** A message about the whole form (a failed save), announced when it appears. */
export function FormError({ message }: { message?: string }) {
  if (!message) return null;
  return (
    <p role="alert" className="rounded-md border border-red-300 bg-red-50 p-3 text-sm text-red-900">
      {message}
    </p>
  );
}
