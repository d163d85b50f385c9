import { Form } from "react-router";
import { SubmitButton } from "~/components/ui/button";
import { Field, SelectField } from "~/components/ui/field";
import { localizedPath } from "~/i18n/lang";
import { useLang, useT } from "~/i18n/use-lang";
import type { Toast } from "~/toast/toast";
import { FORM_STAMP_FIELD, HONEYPOT_FIELD } from "./subscribe-form";
import { EMAIL_MAX } from "~/utils/email";

/**
 * The newsletter's Subscribe form (e-mail and language). It posts to the news page of the site's
 * language and works without JavaScript; the outcome shows beside the form.
 */
export function NewsletterSubscribe({ stamp, outcome }: { stamp: string; outcome?: Toast | null }) {
  const t = useT();
  const lang = useLang();
  return (
    <section
      aria-labelledby="newsletter-heading"
      className="mt-16 rounded-xl border border-stone-200 bg-white p-6 shadow-sm"
    >
      <h2 id="newsletter-heading" className="text-2xl font-bold text-brand-900">
        {t("newsletter.heading")}
      </h2>
      <p className="mt-2 text-stone-700">{t("newsletter.intro")}</p>
      {outcome ? (
        <div
          role="status"
          className={
            outcome.type === "success"
              ? "mt-4 rounded-lg bg-green-50 p-4 text-green-900"
              : "mt-4 rounded-lg bg-red-50 p-4 text-red-900"
          }
        >
          <p className="font-semibold">{outcome.title}</p>
          <p>{outcome.description}</p>
        </div>
      ) : null}
      <Form
        method="post"
        action={localizedPath("/news", lang)}
        className="mt-4 grid gap-4 sm:grid-cols-[2fr_1fr_auto] sm:items-end"
      >
        <Field
          id="newsletter-email"
          label={t("newsletter.email")}
          name="email"
          type="email"
          autoComplete="email"
          required
          maxLength={EMAIL_MAX}
        />
        <SelectField id="newsletter-language" label={t("newsletter.language")} name="language" defaultValue={lang}>
          <option value="en">{t("newsletter.languageEn")}</option>
          <option value="da">{t("newsletter.languageDa")}</option>
        </SelectField>
        <div aria-hidden="true" className="absolute -left-[10000px] top-auto h-px w-px overflow-hidden">
          <label>
            {t("contact.honeypot")}
            <input type="text" name={HONEYPOT_FIELD} tabIndex={-1} autoComplete="off" defaultValue="" />
          </label>
        </div>
        <input type="hidden" name={FORM_STAMP_FIELD} value={stamp} />
        <SubmitButton busy={false} busyLabel={t("newsletter.subscribing")} className="px-5 py-3 text-base">
          {t("newsletter.subscribe")}
        </SubmitButton>
      </Form>
    </section>
  );
}
