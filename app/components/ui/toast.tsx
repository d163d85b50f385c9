import { useEffect } from "react";
import { useSubmit } from "react-router";
import { toast as sonner } from "sonner";
import { UNDO_ACTION, UNDO_TOAST_MS, type Toast, type ToastUndo } from "~/toast/toast";

const shown = new Set<string>();

/**
 * Shows a toast once. With JavaScript it appears in the live toaster (announced to screen readers);
 * without it, the same message is rendered in the page. A toast after a delete carries an Undo
 * button either way: a toast action, or a plain form posting intent=undo.
 * On the plain public pages (signed out, so never an Undo) the public script shows it from the
 * <template>.
 */
export function ShowToast({ toast }: { toast: Toast | null | undefined }) {
  const submit = useSubmit();
  useEffect(() => {
    if (!toast || shown.has(toast.id)) return;
    shown.add(toast.id);
    const show = toast.type === "error" ? sonner.error : sonner.success;
    const undo = toast.undo;
    show(toast.title, {
      // A toast of a slot takes the place of the one before it.
      id: toast.slot ?? toast.id,
      description: toast.description,
      ...(undo
        ? {
            duration: UNDO_TOAST_MS,
            action: {
              label: undo.label ?? "Undo",
              onClick: () =>
                void submit(
                  { intent: "undo", id: undo.trashId, returnTo: undo.returnTo },
                  { method: "post", action: UNDO_ACTION },
                ),
            },
          }
        : {}),
    });
  }, [toast, submit]);
  if (!toast) return null;
  return (
    <>
      {/* For the public pages' script (app/islands), which shows it as a toast. */}
      <template data-toast={toast.type} data-title={toast.title} data-description={toast.description ?? ""} />
      <noscript>
        <div
          role={toast.type === "error" ? "alert" : "status"}
          className={
            toast.type === "error"
              ? "mx-auto my-4 max-w-3xl rounded-md border border-red-300 bg-red-50 p-4 text-red-900"
              : "mx-auto my-4 max-w-3xl rounded-md border border-emerald-300 bg-emerald-50 p-4 text-emerald-900"
          }
        >
          <p className="font-semibold">{toast.title}</p>
          {toast.description ? <p>{toast.description}</p> : null}
          {toast.undo ? <UndoForm undo={toast.undo} /> : null}
        </div>
      </noscript>
    </>
  );
}

function UndoForm({ undo }: { undo: ToastUndo }) {
  return (
    <form method="post" action={UNDO_ACTION} className="mt-2">
      <input type="hidden" name="intent" value="undo" />
      <input type="hidden" name="id" value={undo.trashId} />
      <input type="hidden" name="returnTo" value={undo.returnTo} />
      <button
        type="submit"
        className="rounded-md border border-emerald-400 bg-white px-3 py-1 text-sm font-medium text-emerald-900 hover:bg-emerald-100"
      >
        {undo.label ?? "Undo"}
      </button>
    </form>
  );
}
