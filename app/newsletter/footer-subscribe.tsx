import { useEffect, useRef } from "react";
import { controlClass } from "~/components/ui/field-classes";
import { localizedPath } from "~/i18n/lang";
import { useLang, useT } from "~/i18n/use-lang";
import { BUSY_LABEL, STAMP_FIELD, STAMP_ON_DEMAND, stampOnDemand } from "./stamp-on-demand";
import { FORM_STAMP_FIELD, HONEYPOT_FIELD, NEWSLETTER_SECTION } from "./subscribe-form";
import { EMAIL_MAX } from "~/utils/email";
import { HoneypotField } from "~/components/ui/honeypot";

/**
 * The newsletter's Subscribe form in the footer of the public pages, in the page's language. It
 * carries no stamp, so every page stays shared in the page cache: with JavaScript it asks for one
 * when the visitor turns to it (the plain pages' script, or the effect below in the React app);
 * without, the news page answers with the form filled in, to be sent once more (decision 0193).
 */
export function FooterSubscribe() {
  const t = useT();
  const lang = useLang();
  const form = useRef<HTMLFormElement>(null);
  useEffect(() => (form.current ? stampOnDemand(form.current) : undefined), []);
  return (
    <section aria-labelledby="footer-newsletter-heading">
      <h2
        id="footer-newsletter-heading"
        className="font-sans text-xs font-bold uppercase tracking-widest text-gold-300"
      >
        {t("newsletter.heading")}
      </h2>
      <p className="mt-2">{t("newsletter.footerIntro")}</p>
      <form
        ref={form}
        method="post"
        action={`${localizedPath("/news", lang)}#${NEWSLETTER_SECTION}`}
        {...{ [STAMP_ON_DEMAND]: "" }}
        className="mt-3 flex flex-wrap items-end gap-2"
      >
        <div className="min-w-0 flex-1 basis-48">
          <label htmlFor="footer-newsletter-email" className="block text-sm font-medium text-brand-100">
            {t("newsletter.email")}
          </label>
          <input
            id="footer-newsletter-email"
            type="email"
            name="email"
            autoComplete="email"
            required
            maxLength={EMAIL_MAX}
            className={controlClass}
          />
        </div>
        <input type="hidden" name="language" value={lang} />
        <HoneypotField name={HONEYPOT_FIELD} label={t("contact.honeypot")} />
        <input type="hidden" name={FORM_STAMP_FIELD} defaultValue="" {...{ [STAMP_FIELD]: "" }} />
        <button
          type="submit"
          {...{ [BUSY_LABEL]: t("newsletter.subscribing") }}
          className="inline-flex min-h-11 items-center justify-center rounded-md bg-gold-400 px-4 py-2 text-sm font-semibold text-brand-900 shadow-sm hover:bg-gold-300 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-gold-300 disabled:cursor-not-allowed disabled:opacity-70"
        >
          {t("newsletter.subscribe")}
        </button>
      </form>
    </section>
  );
}
