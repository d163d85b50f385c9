import { Link } from "react-router";
import { clsx } from "clsx";
import { LANGUAGE_NAMES, type Lang } from "~/i18n/lang";

/** The page being read, in the other language: named in that language and marked so for screen readers. */
export function LanguageSwitch({ to, lang, className }: { to: string; lang: Lang; className?: string }) {
  return (
    <Link
      to={to}
      hrefLang={lang}
      lang={lang}
      className={clsx(
        "rounded-md border border-brand-50/40 px-3 py-2 text-sm font-medium text-brand-50 hover:bg-brand-700",
        className,
      )}
    >
      {LANGUAGE_NAMES[lang]}
    </Link>
  );
}
