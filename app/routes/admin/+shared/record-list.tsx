import type { ReactNode } from "react";
import { Form, Link } from "react-router";
import { buttonClass, type ButtonVariant } from "~/components/ui/button";
import { FormError } from "~/components/ui/field";
import { useSubmitting } from "~/components/ui/use-submitting";
import type { ImageRef } from "~/models/image-columns";
import { ResponsiveImage } from "~/media/responsive-image";
import { cn } from "~/utils/cn";
import type { Toast } from "~/toast/toast";

/** A tab's list of records: the read's failure, the empty text, or a row per record. */
export function RecordList<T>({
  fetchError,
  empty,
  records,
  ordered = false,
  label,
  children,
}: {
  fetchError: Toast | null;
  empty: ReactNode;
  records: T[];
  ordered?: boolean;
  label?: string;
  children: (record: T, index: number) => ReactNode;
}) {
  if (fetchError) return <FormError message={fetchError.description} />;
  if (records.length === 0) return <p className="text-stone-600">{empty}</p>;
  const List = ordered ? "ol" : "ul";
  return (
    <List className="divide-y divide-stone-200" aria-label={label}>
      {records.map(children)}
    </List>
  );
}

/** A list row: the record's thumbnail (if it has a `picture`), its lines, and its buttons. */
export function RecordRow({
  picture,
  actions,
  children,
}: {
  picture?: { image: ImageRef | null; alt: string; round?: boolean };
  actions: ReactNode;
  children: ReactNode;
}) {
  return (
    <li className="flex flex-col gap-3 py-4 sm:flex-row sm:items-center">
      {picture ? (
        <ResponsiveImage
          image={picture.image}
          alt={picture.alt}
          sizes="64px"
          className={cn("h-16 w-16 shrink-0 object-cover", picture.round ? "rounded-full" : "rounded-md")}
        />
      ) : null}
      <div className="min-w-0 flex-1 text-sm">{children}</div>
      <div className="flex flex-wrap gap-2">{actions}</div>
    </li>
  );
}

/** A row's link that opens one of the tab's forms for the record (`?edit=id`, `?result=id`). */
export function OpenLink({
  param = "edit",
  id,
  label,
  children,
}: {
  param?: string;
  id: string;
  label: string;
  children: ReactNode;
}) {
  return (
    <Link to={`?${param}=${id}`} preventScrollReset className={buttonClass.small} aria-label={label}>
      {children}
    </Link>
  );
}

/** A row's Edit link and Delete button; `name` tells the record apart for a screen reader. */
export function EditAndDelete({ id, name }: { id: string; name: string }) {
  return (
    <>
      <OpenLink id={id} label={`Edit ${name}`}>
        Edit
      </OpenLink>
      <RowAction intent="delete" id={id} label={`Delete ${name}`} busyText="Deleting...">
        Delete
      </RowAction>
    </>
  );
}

/** A row's one-button form (delete, move, restore), disabled while it is being sent. */
export function RowAction({
  intent,
  id,
  label,
  variant = "danger",
  busyText,
  disabled = false,
  children,
}: {
  intent: string;
  id: string;
  label: string;
  variant?: ButtonVariant;
  busyText?: string;
  disabled?: boolean;
  children: ReactNode;
}) {
  const busy = useSubmitting(intent, id);
  return (
    <Form method="post" preventScrollReset>
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="id" value={id} />
      <button type="submit" className={buttonClass[variant]} disabled={disabled || busy} aria-label={label}>
        {busy && busyText ? busyText : children}
      </button>
    </Form>
  );
}
