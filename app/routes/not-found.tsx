import { data, Link } from "react-router";
import type { Route } from "./+types/not-found";
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
  return (
    <section className="mx-auto max-w-3xl px-4 py-24 text-center">
      <h1 className="text-6xl font-bold text-brand-800">404</h1>
      <p className="mt-4 text-xl text-stone-600">Oops! Page not found</p>
      <Link
        to="/"
        className="mt-8 inline-block rounded-md bg-brand-700 px-5 py-3 font-medium text-white hover:bg-brand-800"
      >
        Return to Home
      </Link>
    </section>
  );
}
