import type { Toast } from "~/toast/toast";

const DURATION_MS = 5000;
let list: HTMLOListElement | null = null;

/**
 * The live region, made once: announced politely, with each toast a list item (as the React app's
 * toaster). Its labels come with the page (app/root.tsx), so this script carries no dictionary.
 */
function toaster() {
  if (list) return list;
  const region = document.createElement("section");
  region.setAttribute("aria-label", document.body.dataset.toastsLabel ?? "Notifications");
  region.setAttribute("aria-live", "polite");
  region.setAttribute("aria-relevant", "additions text");
  // At the bottom on a phone, where it covers none of the page's first content (its heading, its
  // form's answer); at the top right on a wider screen, beside it.
  region.className = "fixed bottom-4 right-4 z-50 w-[calc(100%-2rem)] max-w-sm sm:bottom-auto sm:top-4";
  list = document.createElement("ol");
  list.className = "flex flex-col gap-2";
  region.append(list);
  document.body.append(region);
  return list;
}

/** Shows a toast in the page's live region; it closes by itself or with its button. */
export function showToast(toast: Pick<Toast, "type" | "title" | "description">) {
  const item = document.createElement("li");
  item.className =
    toast.type === "error"
      ? "relative rounded-md border border-red-300 bg-red-50 p-4 pr-10 text-sm text-red-900 shadow-lg"
      : "relative rounded-md border border-emerald-300 bg-emerald-50 p-4 pr-10 text-sm text-emerald-900 shadow-lg";
  const title = document.createElement("p");
  title.className = "font-semibold";
  title.textContent = toast.title;
  item.append(title);
  if (toast.description) {
    const text = document.createElement("p");
    text.textContent = toast.description;
    item.append(text);
  }
  const close = document.createElement("button");
  close.type = "button";
  close.setAttribute("aria-label", document.body.dataset.toastCloseLabel ?? "Close toast");
  close.className = "absolute right-2 top-2 rounded px-2 leading-none hover:bg-black/5";
  close.textContent = "×";
  close.addEventListener("click", () => item.remove());
  item.append(close);
  toaster().append(item);
  setTimeout(() => item.remove(), DURATION_MS);
}

/** Toasts the server put in the page (a flash message, a form's outcome) as <template data-toast>. */
export function showServerToasts() {
  for (const el of document.querySelectorAll<HTMLTemplateElement>("template[data-toast]")) {
    const { toast: type, title, description } = el.dataset;
    if (title)
      showToast({ type: type === "error" ? "error" : "success", title, description: description || undefined });
  }
}
