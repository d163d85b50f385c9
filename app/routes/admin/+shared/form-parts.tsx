import { useEffect, useRef, useState, type FormEvent } from "react";
import { Link } from "react-router";
import { buttonClass, SubmitButton } from "~/components/ui/button";
import type { z } from "zod";
import { fieldErrors, textFields, type FieldErrors } from "~/routes/admin/+shared/admin-forms";

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

/**
 * A form's buttons: save (busy while sending) and Cancel back to the tab; a form that adds a record
 * (`addLabel`) has no Cancel, as there is nothing to leave.
 */
export function SaveOrCancel({
  submitting,
  cancelTo,
  addLabel,
  label = "Save Changes",
  className = "flex gap-2",
}: {
  submitting: boolean;
  cancelTo?: string;
  addLabel?: string;
  label?: string;
  className?: string;
}) {
  return (
    <div className={className}>
      <SubmitButton busy={submitting} busyLabel={addLabel ? "Adding..." : "Saving..."}>
        {addLabel ?? label}
      </SubmitButton>
      {cancelTo && !addLabel ? (
        <Link to={cancelTo} preventScrollReset className={buttonClass.secondary}>
          Cancel
        </Link>
      ) : null}
    </div>
  );
}
