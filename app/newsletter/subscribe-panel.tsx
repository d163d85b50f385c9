import { Form } from "react-router";
import { SubmitButton } from "~/components/ui/button";
import { Field, SelectField } from "~/components/ui/field";
import { pathTo } from "~/pages/registry";
import { useLang, useT } from "~/i18n/use-lang";
import { FORM_STAMP_FIELD, HONEYPOT_FIELD, NEWSLETTER_SECTION, type SubscribeActionData } from "./subscribe-form";
import { EMAIL_MAX } from "~/utils/email";
import { HoneypotField } from "~/components/ui/honeypot";

const OUTCOME_CLASS: Record<SubscribeActionData["result"], string> = {
  sent: "bg-green-50 text-green-900",
  confirm: "bg-brand-50 text-brand-900",
  refused: "bg-red-50 text-red-900",
  error: "bg-red-50 text-red-900",
};

/** What the Subscribe form answered, beside the form (the news page's and the footer's). */
export function SubscribeAnswer({ answer, className }: { answer: SubscribeActionData; className?: string }) {
  return (
    <div role="status" className={`rounded-lg p-4 ${OUTCOME_CLASS[answer.result]} ${className ?? ""}`}>
      <p className="font-semibold">{answer.toast.title}</p>
      <p>{answer.toast.description}</p>
    </div>
  );
}

/**
 * The newsletter's Subscribe form (e-mail and language). It posts to the news page of the site's
 * language and works without JavaScript; the outcome shows beside the form, which comes back
 * filled in when it was not sent.
 */
export function NewsletterSubscribe({ stamp, outcome }: { stamp: string; outcome?: SubscribeActionData | null }) {
  const t = useT();
  const lang = useLang();
  const typed = outcome?.values;
  return (
    <section
      id={NEWSLETTER_SECTION}
      aria-labelledby="newsletter-heading"
      className="mt-16 scroll-mt-24 rounded-xl border border-stone-200 bg-white p-6 shadow-sm"
    >
      <h2 id="newsletter-heading" className="text-2xl font-bold text-brand-900">
        {t("newsletter.heading")}
      </h2>
      <p className="mt-2 text-stone-700">{t("newsletter.intro")}</p>
      {outcome ? <SubscribeAnswer answer={outcome} className="mt-4" /> : null}
      <Form
        key={outcome?.formStamp}
        method="post"
        action={pathTo("news", { lang })}
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
          defaultValue={typed?.email ?? ""}
        />
        <SelectField
          id="newsletter-language"
          label={t("newsletter.language")}
          name="language"
          defaultValue={typed?.language === "en" || typed?.language === "da" ? typed.language : lang}
        >
          <option value="en">{t("newsletter.languageEn")}</option>
          <option value="da">{t("newsletter.languageDa")}</option>
        </SelectField>
        <HoneypotField name={HONEYPOT_FIELD} label={t("contact.honeypot")} />
        <input type="hidden" name={FORM_STAMP_FIELD} value={stamp} />
        <SubmitButton busy={false} busyLabel={t("newsletter.subscribing")} className="px-5 py-3 text-base">
          {t("newsletter.subscribe")}
        </SubmitButton>
      </Form>
    </section>
  );
}
