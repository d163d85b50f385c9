import { checkContact, contactValues, type ContactField, type ContactFieldErrors } from "~/contact/contact-form";
import { fieldErrorClass } from "~/components/ui/field-classes";
import { showToast } from "./toaster";
import { pageLang, pageT } from "./page-lang";

const FIELDS: ContactField[] = ["name", "email", "message"];

/**
 * The contact form in the browser: the live character counter, the schema's checks before anything
 * is sent (a toast and a message beside each field, as the server would answer), and the busy
 * button. The form itself posts as it does without JavaScript.
 */
export function enhanceContactForm(form: HTMLFormElement) {
  form.noValidate = true;
  const control = (field: ContactField) => form.elements.namedItem(field) as HTMLInputElement | HTMLTextAreaElement;

  const message = control("message");
  const hint = document.getElementById(`${message.id}-hint`);
  // The hint's first text ("n/2000"); the rest of it is words for screen readers.
  const counter = hint && document.createTreeWalker(hint, NodeFilter.SHOW_TEXT).nextNode();
  const max = message.maxLength;
  const count = () => {
    if (counter) counter.nodeValue = `${message.value.length}/${max}`;
  };
  count();

  // The same message, place and links the server's answer would render (components/ui/field).
  const setError = (field: ContactField, error: string | undefined) => {
    const input = control(field);
    const errorId = `${input.id}-error`;
    document.getElementById(errorId)?.remove();
    const described = (input.getAttribute("aria-describedby") ?? "").split(" ").filter((id) => id && id !== errorId);
    if (error) {
      const p = document.createElement("p");
      p.id = errorId;
      p.className = fieldErrorClass;
      p.textContent = error;
      (input.closest("[data-field]") ?? input.parentElement)?.append(p);
      described.unshift(errorId);
      input.setAttribute("aria-invalid", "true");
    } else {
      input.removeAttribute("aria-invalid");
    }
    if (described.length) input.setAttribute("aria-describedby", described.join(" "));
    else input.removeAttribute("aria-describedby");
  };

  for (const field of FIELDS) {
    control(field).addEventListener("input", () => {
      if (field === "message") count();
      if (control(field).hasAttribute("aria-invalid")) setError(field, undefined);
    });
  }

  const button = form.querySelector<HTMLButtonElement>("button[type=submit]");
  const label = button?.textContent ?? "";
  // Back to a page kept in memory (back/forward cache): the button works again.
  window.addEventListener("pageshow", (event) => {
    if (event.persisted && button) {
      button.disabled = false;
      button.textContent = label;
    }
  });

  form.addEventListener("submit", (event) => {
    const checked = checkContact(contactValues(new FormData(form)), pageLang());
    const errors: ContactFieldErrors = checked.ok ? {} : checked.fieldErrors;
    for (const field of FIELDS) setError(field, errors[field]);
    if (checked.ok) {
      if (button) {
        // After the browser has taken the form: a disabled button would not submit it.
        setTimeout(() => {
          button.disabled = true;
          button.textContent = pageT()("contact.sending");
        });
      }
      return;
    }
    event.preventDefault();
    showToast({ type: "error", title: pageT()("contact.validationTitle"), description: checked.firstError });
    const first = FIELDS.find((f) => errors[f]);
    if (first) control(first).focus();
  });
}
