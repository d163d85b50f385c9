/**
 * Marks a form whose page carries no stamp, with where it gets one as its value (app/routes/form-stamp.ts,
 * so the plain pages' script needs no copy of the address); inside it, the hidden field the stamp goes
 * into, and the button.
 */
export const STAMP_ON_DEMAND = "data-stamp-on-demand";
export const STAMP_FIELD = "data-form-stamp";
export const BUSY_LABEL = "data-busy-label";

type Stamp = { stamp: string; waitMs: number };

/**
 * The footer's Subscribe form in the browser (decision 0193): the page is shared by every visitor,
 * so the form has no stamp of its own; when the visitor first turns to it (focus, typing, a press)
 * it asks for one, and a press that comes before the stamp is old enough to be accepted waits the
 * rest of the time, the button saying so. Without a stamp (offline, an error) the form is sent as
 * it is, and the news page asks for one more press. No layout changes: only a hidden field's value
 * and the button's text. Returns what undoes it (React's effect cleanup).
 */
export function stampOnDemand(form: HTMLFormElement): () => void {
  const field = form.querySelector<HTMLInputElement>(`input[${STAMP_FIELD}]`);
  const from = form.getAttribute(STAMP_ON_DEMAND);
  const button = form.querySelector<HTMLButtonElement>("button[type=submit]");
  if (!field || !from) return () => {};
  const label = button?.textContent ?? "";
  // The answer of a form sent back to be pressed again brings its stamp, old enough already.
  let asked: Promise<Stamp | null> | null = field.value ? Promise.resolve({ stamp: field.value, waitMs: 0 }) : null;
  let readyAt = 0;
  let sending = false;

  const ask = () =>
    (asked ??= fetch(from, { cache: "no-store", credentials: "same-origin" })
      .then((res) => (res.ok ? (res.json() as Promise<Stamp>) : null))
      .then((got) => {
        if (!got || typeof got.stamp !== "string") return null;
        field.value = got.stamp;
        readyAt = Date.now() + Math.max(0, Number(got.waitMs) || 0);
        return got;
      })
      .catch(() => null));

  const onSubmit = (event: SubmitEvent) => {
    if (sending) return;
    event.preventDefault();
    sending = true;
    if (button) {
      button.disabled = true;
      button.textContent = button.getAttribute(BUSY_LABEL) ?? label;
    }
    void ask().then(async () => {
      const wait = readyAt - Date.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait + 50));
      // The browser has checked the fields already (this is its submit event): send as it is.
      HTMLFormElement.prototype.submit.call(form);
    });
  };

  // Back to the page from the back/forward cache: the stamp was used up; ask again on the next turn.
  const onPageShow = (event: PageTransitionEvent) => {
    if (!event.persisted) return;
    sending = false;
    asked = null;
    field.value = "";
    if (button) {
      button.disabled = false;
      button.textContent = label;
    }
  };

  const turns = ["focusin", "input", "pointerdown"] as const;
  for (const type of turns) form.addEventListener(type, ask);
  form.addEventListener("submit", onSubmit);
  window.addEventListener("pageshow", onPageShow);
  return () => {
    for (const type of turns) form.removeEventListener(type, ask);
    form.removeEventListener("submit", onSubmit);
    window.removeEventListener("pageshow", onPageShow);
  };
}

/** Every such form on the page (the plain pages' script calls it once). */
export function stampFormsOnDemand() {
  for (const form of document.querySelectorAll<HTMLFormElement>(`form[${STAMP_ON_DEMAND}]`)) stampOnDemand(form);
}
