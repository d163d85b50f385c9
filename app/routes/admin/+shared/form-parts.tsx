import {
  useEffect,
  useId,
  useRef,
  useState,
  type FormEvent,
  type InputHTMLAttributes,
  type ReactNode,
  type TextareaHTMLAttributes,
} from "react";
import { useNavigation } from "react-router";
import type { z } from "zod";
import { fieldErrors, textFields, type FieldErrors } from "~/routes/admin/+shared/admin-forms";
import { cn } from "~/utils/cn";

export const buttonClass = {
  primary:
    "inline-flex items-center justify-center gap-2 rounded-md bg-brand-700 px-4 py-2 text-sm font-semibold text-white shadow-sm hover:bg-brand-800 disabled:cursor-not-allowed disabled:opacity-60",
  secondary:
    "inline-flex items-center justify-center gap-2 rounded-md border border-stone-300 bg-white px-4 py-2 text-sm font-semibold text-stone-800 hover:bg-stone-100 disabled:cursor-not-allowed disabled:opacity-60",
  small:
    "inline-flex items-center justify-center gap-1 rounded-md border border-stone-300 bg-white px-3 py-1.5 text-sm font-medium text-stone-800 hover:bg-stone-100 disabled:cursor-not-allowed disabled:opacity-40",
  danger:
    "inline-flex items-center justify-center gap-1 rounded-md border border-red-300 bg-white px-3 py-1.5 text-sm font-medium text-red-800 hover:bg-red-50 disabled:cursor-not-allowed disabled:opacity-60",
};

export function Card({
  title,
  titleId,
  children,
  className,
}: {
  title: ReactNode;
  titleId?: string;
  children: ReactNode;
  className?: string;
}) {
  return (
    <section
      aria-labelledby={titleId}
      className={cn("rounded-xl border border-stone-200 bg-white p-5 shadow-sm sm:p-6", className)}
    >
      <h2 id={titleId} tabIndex={-1} className="mb-4 text-xl font-semibold text-brand-900 outline-none">
        {title}
      </h2>
      {children}
    </section>
  );
}

const inputClass =
  "mt-1 block w-full rounded-md border border-stone-300 bg-white px-3 py-2 text-sm shadow-sm focus:border-brand-600 focus:outline-2 focus:outline-gold-500 aria-[invalid=true]:border-red-600";

function FieldShell({
  id,
  label,
  error,
  hint,
  children,
}: {
  id: string;
  label: string;
  error?: string;
  hint?: string;
  children: ReactNode;
}) {
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-stone-800">
        {label}
      </label>
      {children}
      {hint ? (
        <p id={`${id}-hint`} className="mt-1 text-xs text-stone-600">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="mt-1 text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}

function describedBy(id: string, error?: string, hint?: string) {
  return [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(" ") || undefined;
}

export function Field({
  label,
  error,
  hint,
  ...props
}: { label: string; name: string; error?: string; hint?: string } & InputHTMLAttributes<HTMLInputElement>) {
  const id = useId();
  return (
    <FieldShell id={id} label={label} error={error} hint={hint}>
      <input
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, error, hint)}
        className={inputClass}
        {...props}
      />
    </FieldShell>
  );
}

export function TextAreaField({
  label,
  error,
  hint,
  ...props
}: { label: string; name: string; error?: string; hint?: string } & TextareaHTMLAttributes<HTMLTextAreaElement>) {
  const id = useId();
  return (
    <FieldShell id={id} label={label} error={error} hint={hint}>
      <textarea
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, error, hint)}
        className={inputClass}
        {...props}
      />
    </FieldShell>
  );
}

export function SelectField({
  label,
  error,
  children,
  ...props
}: {
  label: string;
  name: string;
  error?: string;
  children: ReactNode;
} & React.SelectHTMLAttributes<HTMLSelectElement>) {
  const id = useId();
  return (
    <FieldShell id={id} label={label} error={error}>
      <select
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, error)}
        className={inputClass}
        {...props}
      >
        {children}
      </select>
    </FieldShell>
  );
}

/** True while this form (told apart by its intent and id) is being sent. */
export function useSubmitting(intent: string, id?: string) {
  const navigation = useNavigation();
  const form = navigation.formData;
  return navigation.state !== "idle" && form?.get("intent") === intent && (id === undefined || form?.get("id") === id);
}

/**
 * Checks a form against its schema before sending, showing the same messages the server would;
 * the server's own errors (after a round trip) show until the next attempt.
 */
export function useSchemaCheck(schema: z.ZodType, serverErrors: FieldErrors | undefined) {
  const [errors, setErrors] = useState<FieldErrors | undefined>(serverErrors);
  useEffect(() => setErrors(serverErrors), [serverErrors]);
  function onSubmit(event: FormEvent<HTMLFormElement>) {
    const result = schema.safeParse(textFields(new FormData(event.currentTarget)));
    if (!result.success) {
      event.preventDefault();
      setErrors(fieldErrors(result.error));
    } else {
      setErrors(undefined);
    }
  }
  return { errors: errors ?? {}, onSubmit };
}

/** Scrolls the edit form into view (and moves focus to its heading) 100 ms after it opens. */
export function useScrollIntoViewOnOpen(key: string | null) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!key) return;
    const timer = setTimeout(() => {
      ref.current?.scrollIntoView({ behavior: "smooth", block: "start" });
      ref.current?.querySelector<HTMLElement>("h2")?.focus({ preventScroll: true });
    }, 100);
    return () => clearTimeout(timer);
  }, [key]);
  return ref;
}

export function FormError({ message }: { message?: string }) {
  if (!message) return null;
  return (
    <p role="alert" className="rounded-md border border-red-300 bg-red-50 p-3 text-sm text-red-900">
      {message}
    </p>
  );
}
