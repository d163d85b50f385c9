import { data } from "react-router";
import type { FieldErrors } from "./admin-forms";
import { FAULT_STATUS, failureText, faultOf } from "~/platform/faults.server";
import { log } from "~/platform/log.server";
import { toastMessage, type Toast } from "~/toast/toast";
import { redirectWithToast } from "~/toast/toast.server";
import { readForPage } from "~/platform/public-read.server";

/** What an admin action answers when it does not redirect: the form it belongs to, what was typed, why it failed. */
export type AdminActionData = {
  intent: string;
  id?: string;
  values: Record<string, string>;
  errors?: FieldErrors;
  toast?: Toast;
};

/** Bad input: the field messages, the typed values back, status 400. */
export function invalid(intent: string, values: Record<string, string>, errors: FieldErrors, toastText?: string) {
  return data<AdminActionData>(
    { intent, id: values.id, values, errors, toast: toastText ? toastMessage("error", "Error", toastText) : undefined },
    { status: 400 },
  );
}

/** An error's message, with its cause's when it wraps one (e.g. a refused upload and the disk error behind it). */
function messageOf(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  return error.cause instanceof Error ? `${error.message} (${error.cause.message})` : error.message;
}

/**
 * The write failed: the spec's error toast, the typed values back. An operational fault (database
 * unreachable, disk full) adds its reason to the text and answers 503 or 507.
 */
export function failed(intent: string, values: Record<string, string>, text: string, error?: unknown, status = 500) {
  const fault = faultOf(error);
  if (error !== undefined) {
    log.error(text, {
      error: messageOf(error),
      ...(fault ? { fault: fault.kind, code: fault.code } : {}),
    });
  }
  return data<AdminActionData>(
    { intent, id: values.id, values, toast: toastMessage("error", "Error", failureText(text, fault)) },
    { status: fault ? FAULT_STATUS[fault.kind] : status },
  );
}

/**
 * A tab loader's read (logged like a page's, see readForPage): its value, or, when the read fails,
 * `fallback` (an empty list, say) and the spec's 'Failed to fetch <what>' toast, so that the tab still opens and its forms still work.
 */
export async function readForTab<T>(
  what: string,
  read: () => Promise<T>,
  fallback: T,
): Promise<{ value: T; error: Toast | null }> {
  const result = await readForPage(what, read);
  return result.ok
    ? { value: result.value, error: null }
    : { value: fallback, error: toastMessage("error", "Error", `Failed to fetch ${what}`) };
}

/** A form's write succeeded: back to its tab, which shows the success toast. */
export function succeeded(tab: string, title: string, description: string) {
  return redirectWithToast(tab, { type: "success", title, description });
}

/** The spec's toast for a deleted victory, runner or team member. */
const ITEM_DELETED = { title: "Item Deleted", description: "The item has been removed successfully." };

/**
 * A delete form's write: the record goes to the trash (`remove` answers its entry, null when it is
 * already gone: 404), and the tab shows the success toast (by default the spec's 'Item Deleted')
 * with Undo. A failure answers the form's 'Failed to …' text. The record's image stays until its
 * trash entry is purged, so that Undo brings it back.
 */
export async function deleteToTrash(
  { values }: { values: Record<string, string> },
  failure: string,
  remove: (id: string) => Promise<{ trashId: string } | null>,
  {
    tab,
    title = ITEM_DELETED.title,
    description = ITEM_DELETED.description,
  }: {
    tab: string;
    title?: string;
    description?: string;
  },
) {
  const intent = values.intent ?? "";
  let removed: { trashId: string } | null;
  try {
    removed = await remove(values.id ?? "");
  } catch (error) {
    return failed(intent, values, failure, error);
  }
  if (!removed) return failed(intent, values, failure, undefined, 404);
  return redirectWithToast(tab, {
    type: "success",
    title,
    description,
    undo: { trashId: removed.trashId, returnTo: tab },
  });
}
