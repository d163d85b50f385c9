import type { ReactNode } from "react";
import { Link, useLocation } from "react-router";
import type { ContactInfo } from "~/models/contact-info.server";
import type { SocialNetwork } from "~/models/site-settings";
import { LanguageSwitch } from "~/components/language-switch";
import { otherLang, unprefixedPath } from "~/i18n/lang";
import { useLang, useT } from "~/i18n/use-lang";
import { pathTo } from "~/pages/registry";
import { pageAlternates } from "~/pages/page-match";

const NETWORK_NAMES: Record<SocialNetwork, string> = {
  facebook: "Facebook",
  instagram: "Instagram",
  youtube: "YouTube",
  x: "X",
};

const linkClass = "inline-flex min-h-11 items-center underline-offset-4 hover:text-white hover:underline";

/**
 * The stable's address, phone and e-mail (each only when set), its social links, the language
 * switch, the newsletter's Subscribe form on the public pages and, for visitors who are signed out,
 * the spec's Sign In link.
 */
export function SiteFooter({
  stableName,
  signedIn,
  contact,
  social,
  subscribe,
}: {
  stableName: string;
  signedIn: boolean;
  contact: ContactInfo | undefined;
  social: { network: SocialNetwork; url: string }[];
  /** The newsletter's Subscribe form, shown on the public pages but the news page (which has its own). */
  subscribe?: ReactNode;
}) {
  const t = useT();
  const lang = useLang();
  const location = useLocation();
  const other = otherLang(lang);
  // Pages that exist in English only (sign-in, admin) have no switch; the 404 page has its own.
  const alternates = pageAlternates(location.pathname);
  const page = unprefixedPath(location.pathname);
  // The Contact page shows them in its own card already.
  const details = page === pathTo("contact") ? undefined : contact;
  const withSubscribe = !!alternates && page !== pathTo("news") && page !== pathTo("auth");
  const address = details?.address.trim();
  const phone = details?.phoneNumber.trim();
  const email = details?.emailAddress.trim();
  return (
    <footer className="mt-16 bg-brand-900 text-brand-100">
      <div className="mx-auto grid max-w-7xl gap-8 px-4 py-10 text-sm sm:grid-cols-2 lg:grid-cols-3">
        {address || phone || email ? (
          <address className="not-italic">
            <p className="font-sans text-xs font-bold uppercase tracking-widest text-gold-300">{t("footer.contact")}</p>
            {address ? <p className="mt-2 whitespace-pre-line">{address}</p> : null}
            {phone ? (
              <p>
                <a href={`tel:${phone.replace(/[^\d+]/g, "")}`} className={linkClass}>
                  {phone}
                </a>
              </p>
            ) : null}
            {email ? (
              <p>
                <a href={`mailto:${email}`} className={linkClass}>
                  {email}
                </a>
              </p>
            ) : null}
          </address>
        ) : null}
        <div>
          {social.length ? (
            <nav aria-label={t("footer.follow")}>
              <p className="font-sans text-xs font-bold uppercase tracking-widest text-gold-300">
                {t("footer.follow")}
              </p>
              <ul className="mt-1 flex flex-wrap gap-x-4">
                {social.map((link) => (
                  <li key={link.network}>
                    <a href={link.url} rel="me noopener" className={linkClass}>
                      {NETWORK_NAMES[link.network]}
                    </a>
                  </li>
                ))}
              </ul>
            </nav>
          ) : null}
          <div className="mt-4 flex flex-wrap items-center gap-4">
            {alternates ? (
              <LanguageSwitch to={alternates[other]} lang={other} className="inline-flex min-h-11 items-center" />
            ) : null}
            {signedIn ? null : (
              <Link to={pathTo("auth", { lang })} className={linkClass}>
                {t("layout.signIn")}
              </Link>
            )}
          </div>
        </div>
        {withSubscribe ? subscribe : null}
      </div>
      <p className="border-t border-brand-800 px-4 py-4 text-center text-xs text-brand-200">
        © {new Date().getFullYear()} {stableName}
      </p>
    </footer>
  );
}
