/**
 * A deleted record's way back: the trash entry, the page to return to once it is restored, and the
 * button's label in the reader's language ('Undo' when not given).
 */
export type ToastUndo = { trashId: string; returnTo: string; label?: string };

export type Toast = {
  id: string;
  type: "success" | "error";
  title: string;
  description?: string;
  undo?: ToastUndo;
  /** Toasts of one slot replace each other on screen instead of stacking (a run of moves). */
  slot?: string;
};

/** Where the Undo button posts (intent=undo), with or without JavaScript. */
export const UNDO_ACTION = "/admin/trash";

/** How long a toast with an Undo button stays up (the spec's "at least 30 seconds", with room to spare). */
export const UNDO_TOAST_MS = 45_000;

export function toastMessage(
  type: Toast["type"],
  title: string,
  description?: string,
  { undo, slot }: Pick<Toast, "undo" | "slot"> = {},
): Toast {
  return { id: crypto.randomUUID(), type, title, description, ...(undo ? { undo } : {}), ...(slot ? { slot } : {}) };
}
