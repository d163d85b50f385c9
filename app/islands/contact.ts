/** The contact page's script: the common one plus the form's counter and checks (decision 0120). */
import "./zod-without-eval";
import { enhanceContactForm } from "./contact-form";
import { startPage } from "./start";

startPage(() => {
  for (const form of document.querySelectorAll<HTMLFormElement>("form[data-contact-form]")) enhanceContactForm(form);
});
