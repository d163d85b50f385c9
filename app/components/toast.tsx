import { useEffect } from "react";
import { toast as sonner } from "sonner";
import type { Toast } from "~/utils/toast";

const shown = new Set<string>();

/**
 * Shows a toast once. With JavaScript it appears in the live toaster (announced to screen readers);
 * without it, the same message is rendered in the page. On the plain public pages the public script
 * shows it from the <template>.
 */
export function ShowToast({ toast }: { toast: Toast | null | undefined }) {
  useEffect(() => {
    if (!toast || shown.has(toast.id)) return;
    shown.add(toast.id);
    const show = toast.type === "error" ? sonner.error : sonner.success;
    show(toast.title, { id: toast.id, description: toast.description });
  }, [toast]);
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
        </div>
      </noscript>
    </>
  );
}
