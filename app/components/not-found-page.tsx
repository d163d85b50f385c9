import { Link } from "react-router";
import { localizedPath } from "~/i18n/lang";
import { useLang, useT } from "~/i18n/use-lang";
import { buttonClass } from "~/components/ui/button";
import { cn } from "~/utils/cn";

/** The site's 404 page, for unknown addresses and for records that are not there, in the path's language. */
export function NotFoundPage() {
  const lang = useLang();
  const t = useT();
  return (
    <section className="mx-auto max-w-3xl px-4 py-24 text-center">
      <h1 className="text-6xl font-bold text-brand-800">404</h1>
      <p className="mt-4 text-xl text-stone-600">{t("notFound.text")}</p>
      <Link to={localizedPath("/", lang)} className={cn(buttonClass.primary, "mt-8 px-5 py-3 text-base")}>
        {t("notFound.home")}
      </Link>
    </section>
  );
}
