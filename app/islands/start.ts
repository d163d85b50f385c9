import { stampFormsOnDemand } from "~/newsletter/stamp-on-demand";
import { showServerToasts } from "./toaster";

/**
 * Runs once the document is parsed: the server's toasts, the footer's Subscribe form, the page's
 * own enhancement, then the ready mark.
 */
export function startPage(enhance?: () => void) {
  const start = () => {
    showServerToasts();
    stampFormsOnDemand();
    enhance?.();
    // The moment the page's script has taken over (browser tests wait for it).
    document.documentElement.dataset.hydrated = "true";
  };
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
}
