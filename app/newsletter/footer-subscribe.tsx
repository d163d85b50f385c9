import { useEffect, useRef } from "react";
import { useLocation } from "react-router";
import { controlClass } from "~/components/ui/field-classes";
import { useLang, useT } from "~/i18n/use-lang";
import { pathTo } from "~/pages/registry";
import { readQuery } from "~/pages/page-match";
import { BUSY_LABEL, STAMP_FIELD, STAMP_ON_DEMAND, stampOnDemand } from "./stamp-on-demand";
import { SubscribeAnswer } from "./subscribe-panel";
import {
  FOOTER_SECTION,
  FORM_STAMP_FIELD,
  HONEYPOT_FIELD,
  RETURN_FIELD,
  type SubscribeActionData,
} from "./subscribe-form";
import { EMAIL_MAX } from "~/utils/email";
import { HoneypotField } from "~/components/ui/honeypot";

/**
 * The newsletter's Subscribe form in the footer of the public pages, in the page's language. It
 * carries no stamp, so every page stays shared in the page cache: with JavaScript it asks for one
 * when the visitor turns to it (the plain pages' script, or the effect below in the React app);
 * without, the answer asks for one press more, with a stamp (decision 0193). It posts to the news
 * page's action, which sends the visitor back to this page, scrolled to the form, with `answer`
 * beside it and, unless it was sent, the address filled in again (decision 0243).
 */
export function FooterSubscribe({ answer }: { answer: SubscribeActionData | null }) {
  const t = useT();
  const lang = useLang();
  const { pathname, search } = useLocation();
  const form = useRef<HTMLFormElement>(null);
  useEffect(() => (form.current ? stampOnDemand(form.current) : undefined), [answer?.formStamp]);
  const typed = answer?.values;
  return (
    <section id={FOOTER_SECTION} aria-labelledby="footer-newsletter-heading" className="scroll-mt-24">
      <h2
        id="footer-newsletter-heading"
        className="font-sans text-xs font-bold uppercase tracking-widest text-gold-300"
      >
        {t("newsletter.heading")}
      </h2>
      <p className="mt-2">{t("newsletter.footerIntro")}</p>
      {answer ? <SubscribeAnswer answer={answer} className="mt-3" /> : null}
      <form
        key={answer?.formStamp}
        ref={form}
        method="post"
        action={pathTo("news", { lang })}
        {...{ [STAMP_ON_DEMAND]: pathTo("form-stamp") }}
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
            defaultValue={typed?.email ?? ""}
            className={controlClass}
          />
        </div>
        <input type="hidden" name="language" value={lang} />
        <input type="hidden" name={RETURN_FIELD} value={`${pathname}${readQuery(pathname, search)}`} />
        <HoneypotField name={HONEYPOT_FIELD} label={t("contact.honeypot")} />
        {/* Empty in the shared page; the answer of a form sent back to be pressed again brings a stamp. */}
        <input
          type="hidden"
          name={FORM_STAMP_FIELD}
          defaultValue={answer && answer.result !== "sent" ? answer.formStamp : ""}
          {...{ [STAMP_FIELD]: "" }}
        />
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
