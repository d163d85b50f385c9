import { data, Link } from "react-router";
import type { Route } from "./+types/not-found";
import { translator } from "~/i18n/dictionary";
import { langFromPath, localizedPath } from "~/i18n/lang";
import { useLang, useT } from "~/i18n/use-lang";

export function loader({ request }: Route.LoaderArgs) {
  const { pathname } = new URL(request.url);
  console.warn(`404 Not Found: ${pathname}`);
  return data(null, { status: 404 });
}

export function meta({ location }: Route.MetaArgs) {
  const t = translator(langFromPath(location.pathname));
  return [{ title: t("notFound.title") }, { name: "robots", content: "noindex" }];
}

export default function NotFound() {
  const lang = useLang();
  const t = useT();
  return (
    <section className="mx-auto max-w-3xl px-4 py-24 text-center">
      <h1 className="text-6xl font-bold text-brand-800">404</h1>
      <p className="mt-4 text-xl text-stone-600">{t("notFound.text")}</p>
      <Link
        to={localizedPath("/", lang)}
        className="mt-8 inline-block rounded-md bg-brand-700 px-5 py-3 font-medium text-white hover:bg-brand-800"
      >
        {t("notFound.home")}
      </Link>
    </section>
  );
}
