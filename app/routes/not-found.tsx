import { data } from "react-router";
import type { Route } from "./+types/not-found";
import { NotFoundPage } from "~/components/not-found-page";
import { translator } from "~/i18n/dictionary";
import { langFromPath } from "~/i18n/lang";
import { PLAIN_PAGE } from "~/routes/+shared/route-handle";

export const handle = PLAIN_PAGE;

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
  return <NotFoundPage />;
}
