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
  /**
   * Marks a required field with a visible asterisk beside its label (the control's own `required`
   * tells assistive technology; the asterisk is hidden from it, so the name stays the label).
   */
  markRequired?: boolean;
};

/** The ids of a field's hint and error, and the `aria-describedby` value that names those shown. */
export function fieldDescription(id: string, shown: { hint?: unknown; error?: unknown }) {
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [shown.error ? errorId : null, shown.hint ? hintId : null].filter(Boolean).join(" ");
  return { hintId, errorId, describedBy: describedBy || undefined };
}

export function FieldShell({
  id,
  label,
  hint,
  hintBesideLabel = false,
  error,
  markRequired = false,
  children,
}: Omit<FieldText, "id"> & { id: string; children: ReactNode }) {
  const { hintId, errorId } = fieldDescription(id, { hint, error });
  const labelEl = markRequired ? (
    // The asterisk beside the label, not in it: the field's name stays the label's text.
    <span className="flex items-baseline">
      <label htmlFor={id} className="block text-sm font-medium text-stone-800">
        {label}
      </label>
      <RequiredMark />
    </span>
  ) : (
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

/** The asterisk of a required field (see FieldText.markRequired). */
export function RequiredMark() {
  return (
    <span aria-hidden="true" className="ml-0.5 text-red-700">
      *
    </span>
  );
}

type FieldProps = FieldText & { name: string; className?: string };

/** Splits a field's props into the shell around the control and the control's own attributes. */
function useField<P extends FieldProps>({
  label,
  hint,
  hintBesideLabel,
  error,
  id,
  className,
  markRequired,
  ...rest
}: P) {
  const generated = useId();
  const fieldId = id ?? generated;
  const wrap = (control: ReactNode) => (
    <FieldShell
      id={fieldId}
      label={label}
      hint={hint}
      hintBesideLabel={hintBesideLabel}
      error={error}
      markRequired={markRequired}
    >
      {control}
    </FieldShell>
  );
  const control = {
    ...rest,
    id: fieldId,
    "aria-invalid": error ? true : undefined,
    "aria-describedby": fieldDescription(fieldId, { hint, error }).describedBy,
    className: cn(controlClass, className),
  };
  return { wrap, control };
}

export function Field(props: FieldProps & InputHTMLAttributes<HTMLInputElement>) {
  const { wrap, control } = useField(props);
  return wrap(<input {...control} />);
}

export function TextAreaField(props: FieldProps & TextareaHTMLAttributes<HTMLTextAreaElement>) {
  const { wrap, control } = useField(props);
  return wrap(<textarea {...control} />);
}

export function SelectField({
  children,
  ...props
}: FieldProps & { children: ReactNode } & SelectHTMLAttributes<HTMLSelectElement>) {
  const { wrap, control } = useField(props);
  return wrap(<select {...control}>{children}</select>);
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
