import { Link } from "react-router";
import { LANGUAGE_NAMES, otherLang } from "~/i18n/lang";
import { useLang, useT } from "~/i18n/use-lang";
import { navLinks, pathTo } from "~/pages/registry";
import { buttonClass } from "~/components/ui/button";
import { cn } from "~/utils/cn";

const PAGES = {
  en: navLinks({ lang: "en" }).filter((link) => link.to !== pathTo("home", { lang: "en" })),
  da: navLinks({ lang: "da" }).filter((link) => link.to !== pathTo("home", { lang: "da" })),
};

/**
 * The site's 404 page, for unknown addresses and for records that are not there, in the path's
 * language: the spec's texts, the way back home, the site's pages and the other language's home.
 */
export function NotFoundPage() {
  const lang = useLang();
  const t = useT();
  const other = otherLang(lang);
  return (
    <section className="mx-auto max-w-3xl px-4 py-24 text-center">
      <h1 className="text-6xl font-bold text-brand-800">404</h1>
      <p className="mt-4 text-xl text-stone-600">{t("notFound.text")}</p>
      <Link to={pathTo("home", { lang })} className={cn(buttonClass.primary, "mt-8 px-5 py-3 text-base")}>
        {t("notFound.home")}
      </Link>
      <nav aria-labelledby="not-found-pages" className="mt-12">
        <h2 id="not-found-pages" className="text-lg font-bold text-brand-900">
          {t("notFound.pages")}
        </h2>
        <ul className="mt-3 flex flex-wrap justify-center gap-x-2 gap-y-1">
          {PAGES[lang].map((link) => (
            <li key={link.to}>
              <Link
                to={link.to}
                className="inline-flex min-h-11 items-center px-3 font-medium text-brand-700 underline underline-offset-4"
              >
                {t(link.label)}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <p className="mt-8">
        <Link
          to={pathTo("home", { lang: other })}
          hrefLang={other}
          lang={other}
          className="inline-flex min-h-11 items-center rounded-md border border-stone-300 px-4 font-medium text-stone-800 hover:bg-stone-100"
        >
          {LANGUAGE_NAMES[other]}
        </Link>
      </p>
    </section>
  );
}
