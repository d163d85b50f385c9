import { data } from "react-router";
import type { FieldErrors } from "./admin-forms";
import { FAULT_STATUS, failureText, faultOf } from "../../../utils/faults.server";
import { log } from "../../../utils/log.server";
import { toastMessage, type Toast } from "../../../utils/toast";
import { redirectWithToast } from "../../../utils/toast.server";

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

/** A loader's list read failed: an empty list and the spec's 'Failed to fetch …' toast. */
export function fetchFailed(text: string, error: unknown): Toast {
  log.error(text, { error: error instanceof Error ? error.message : String(error) });
  return toastMessage("error", "Error", text);
}

/**
 * A delete form's write: the record goes to the trash (`remove` answers its entry, null when it is
 * already gone: 404), and the tab shows the success toast with Undo. A failure answers the form's
 * 'Failed to …' text. The record's image stays until its trash entry is purged, so that Undo
 * brings it back.
 */
/** The spec's toast for a deleted victory, runner or team member. */
export const ITEM_DELETED = { title: "Item Deleted", description: "The item has been removed successfully." };

export async function deleteToTrash(
  { values }: { values: Record<string, string> },
  failure: string,
  remove: (id: string) => Promise<{ trashId: string } | null>,
  done: { tab: string; title: string; description: string },
) {
  const intent = values.intent ?? "";
  let removed: { trashId: string } | null;
  try {
    removed = await remove(values.id ?? "");
  } catch (error) {
    return failed(intent, values, failure, error);
  }
  if (!removed) return failed(intent, values, failure, undefined, 404);
  return redirectWithToast(done.tab, {
    type: "success",
    title: done.title,
    description: done.description,
    undo: { trashId: removed.trashId, returnTo: done.tab },
  });
}
