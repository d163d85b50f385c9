import { useEffect, useRef, type ReactNode } from "react";
import { Link, NavLink, useLocation } from "react-router";
// clsx, not cn(): these classes never conflict, and tailwind-merge would add ~8 kB to every public page.
import { clsx } from "clsx";
import { otherLang } from "~/i18n/lang";
import { LanguageSwitch } from "~/components/language-switch";
import { useLang, useT } from "~/i18n/use-lang";
import { navLinks, pathTo } from "~/pages/registry";
import { pageAlternates, readQuery } from "~/pages/page-match";

const NAV_LINKS = { en: navLinks({ lang: "en" }), da: navLinks({ lang: "da" }) };
const OWNER_NAV_LINKS = { en: navLinks({ owner: true, lang: "en" }), da: navLinks({ owner: true, lang: "da" }) };

function linkClass({ isActive }: { isActive: boolean }) {
  return clsx(
    "rounded-md px-3 py-2 text-sm font-medium transition-colors",
    isActive ? "bg-brand-800 text-gold-300" : "text-brand-50 hover:bg-brand-700 hover:text-white",
  );
}

/**
 * Sticky navigation. The mobile menu is a <details> element, so it opens and closes without
 * JavaScript; with JavaScript it also closes after a navigation.
 */
export function SiteHeader({
  stableName,
  logoUrl,
  actions,
  owner = false,
}: {
  stableName: string;
  logoUrl: string;
  actions?: ReactNode;
  /** A signed-in owner or guest: the owners' pages join the links. */
  owner?: boolean;
}) {
  const menu = useRef<HTMLDetailsElement>(null);
  const location = useLocation();
  const lang = useLang();
  const t = useT();
  useEffect(() => {
    if (menu.current) menu.current.open = false;
  }, [location.pathname]);
  const links = (owner ? OWNER_NAV_LINKS : NAV_LINKS)[lang].map((l) => ({ to: l.to, label: t(l.label) }));
  const alternates = pageAlternates(location.pathname);
  const other = otherLang(lang);
  // Pages that exist in English only (sign-in, admin) have no switch.
  const languageSwitch = alternates ? (
    <LanguageSwitch to={alternates[other] + readQuery(location.pathname, location.search)} lang={other} />
  ) : null;

  return (
    <header className="sticky top-0 z-40 bg-brand-900/95 shadow-md backdrop-blur">
      <nav aria-label={t("nav.label")} className="mx-auto flex max-w-7xl items-center justify-between gap-4 px-4 py-3">
        <Link to={pathTo("home", { lang })} className="flex items-center gap-3 text-white">
          <img src={logoUrl} alt="" width={40} height={40} className="h-10 w-10 object-contain" />
          <span className="font-serif text-lg font-bold tracking-wide">{stableName}</span>
        </Link>
        <ul className="hidden items-center gap-1 lg:flex">
          {links.map((l) => (
            <li key={l.to}>
              <NavLink to={l.to} end className={linkClass} prefetch="intent">
                {l.label}
              </NavLink>
            </li>
          ))}
        </ul>
        <div className="hidden items-center gap-2 lg:flex">
          {languageSwitch}
          {actions}
        </div>
        <details ref={menu} className="group lg:hidden">
          <summary
            className="flex cursor-pointer list-none items-center gap-2 rounded-md px-3 py-2 text-sm font-medium text-white hover:bg-brand-700 [&::-webkit-details-marker]:hidden"
            aria-label={t("nav.menu")}
          >
            <svg
              aria-hidden="true"
              viewBox="0 0 24 24"
              className="h-6 w-6"
              fill="none"
              stroke="currentColor"
              strokeWidth={2}
            >
              <path className="group-open:hidden" d="M4 6h16M4 12h16M4 18h16" />
              <path className="hidden group-open:block" d="M6 6l12 12M18 6L6 18" />
            </svg>
            <span>{t("nav.menu")}</span>
          </summary>
          <div className="absolute inset-x-0 top-full border-t border-brand-700 bg-brand-900 px-4 pb-4 shadow-lg">
            <ul className="flex flex-col gap-1 pt-2">
              {links.map((l) => (
                <li key={l.to}>
                  <NavLink to={l.to} end className={(s) => clsx(linkClass(s), "block")}>
                    {l.label}
                  </NavLink>
                </li>
              ))}
            </ul>
            {languageSwitch || actions ? (
              <div className="mt-3 flex flex-wrap gap-2 border-t border-brand-700 pt-3">
                {languageSwitch}
                {actions}
              </div>
            ) : null}
          </div>
        </details>
      </nav>
    </header>
  );
}
