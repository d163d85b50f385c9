import { data } from "react-router";
import type { Route } from "./+types/not-found";
import { NotFoundPage } from "~/components/not-found-page";
import { PLAIN_PAGE } from "~/utils/route-handle";

export const handle = PLAIN_PAGE;

export function loader({ request }: Route.LoaderArgs) {
  const { pathname } = new URL(request.url);
  console.warn(`404 Not Found: ${pathname}`);
  return data(null, { status: 404 });
}

export function meta() {
  return [{ title: "Page not found" }, { name: "robots", content: "noindex" }];
}

export default function NotFound() {
  return <NotFoundPage />;
}
