import type { ReactNode } from "react";
import { Form, Link, useSearchParams } from "react-router";
import { buttonClass, type ButtonVariant } from "~/components/ui/button";
import { FormError } from "~/components/ui/field";
import { useSubmitting } from "~/components/ui/use-submitting";
import { useAdminT } from "~/i18n/admin/use-admin-t";
import type { ImageRef } from "~/models/image-columns";
import { ResponsiveImage } from "~/media/responsive-image";
import { cn } from "~/utils/cn";
import type { Toast } from "~/toast/toast";
import { itemAnchor, SAVED_PARAM } from "./item-links";

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

/** Whether the address opens the tab at this record, just saved (see item-links.ts). */
export function useJustSaved(recordId: string | undefined) {
  const [params] = useSearchParams();
  return !!recordId && params.get(SAVED_PARAM) === recordId;
}

/** The highlight of a record just saved, or just moved. */
export const highlightClass = "rounded-lg bg-gold-50 ring-2 ring-gold-400";

/** Where a record is seen on the public site: the page and the record's name, for the link's label. */
export type PublicPage = { href: string; name: string };

/**
 * A list row: the record's thumbnail (if it has a `picture`), its lines, and its buttons. The row
 * of the record just saved (`?saved=id`) is highlighted, is where the address's fragment scrolls to,
 * and links to the record's public page.
 */
export function RecordRow({
  recordId,
  picture,
  actions,
  publicPage,
  highlighted = false,
  children,
}: {
  recordId?: string;
  picture?: { image: ImageRef | null; alt: string; round?: boolean };
  actions: ReactNode;
  publicPage?: PublicPage;
  /** Highlighted for another reason than being saved (a member just moved). */
  highlighted?: boolean;
  children: ReactNode;
}) {
  const t = useAdminT();
  const saved = useJustSaved(recordId);
  return (
    <li
      id={recordId ? itemAnchor(recordId) : undefined}
      className={cn(
        "flex scroll-mt-24 flex-col gap-3 py-4 sm:flex-row sm:items-center",
        (saved || highlighted) && cn(highlightClass, "-mx-3 px-3"),
      )}
    >
      {picture ? (
        <ResponsiveImage
          image={picture.image}
          alt={picture.alt}
          sizes="64px"
          className={cn("h-16 w-16 shrink-0 object-cover", picture.round ? "rounded-full" : "rounded-md")}
        />
      ) : null}
      <div className="min-w-0 flex-1 text-sm">
        {children}
        {saved ? (
          <p className="mt-1 flex flex-wrap items-center gap-3">
            <span className="rounded-full bg-emerald-100 px-2.5 py-0.5 text-xs font-semibold text-emerald-900">
              {t("form.saved")}
            </span>
            {publicPage ? (
              <Link
                to={publicPage.href}
                className="font-medium text-brand-700 underline underline-offset-4"
                aria-label={t("form.viewOnSiteLabel", { name: publicPage.name })}
              >
                {t("form.viewOnSite")}
              </Link>
            ) : null}
          </p>
        ) : null}
      </div>
      <div className="flex flex-wrap gap-2">{actions}</div>
    </li>
  );
}

/** A row's link that opens one of the tab's forms for the record (`?edit=id`, `?result=id`). */
export function OpenLink({
  param = "edit",
  id,
  label,
  to = "",
  children,
}: {
  param?: string;
  id: string;
  label: string;
  /** The tab the form is on, when it is not this one. */
  to?: string;
  children: ReactNode;
}) {
  return (
    <Link to={`${to}?${param}=${id}`} preventScrollReset className={buttonClass.small} aria-label={label}>
      {children}
    </Link>
  );
}

/** A row's Edit link and Delete button; `name` tells the record apart for a screen reader. */
export function EditAndDelete({ id, name }: { id: string; name: string }) {
  const t = useAdminT();
  return (
    <>
      <OpenLink id={id} label={t("form.editLabel", { name })}>
        {t("form.edit")}
      </OpenLink>
      <RowAction intent="delete" id={id} label={t("form.deleteLabel", { name })} busyText={t("form.deleting")}>
        {t("form.delete")}
      </RowAction>
    </>
  );
}

/** A row's one-button form (delete, restore), disabled while it is being sent. */
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
