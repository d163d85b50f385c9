import type { ReactNode } from "react";
import { Link } from "react-router";
import { pathTo } from "~/pages/registry";

/** The sign-in and set-up pages' card: the title, the page's forms, and the way back to the site. */
export function AuthCard({
  title,
  home = { to: pathTo("home"), label: "Back to Home" },
  children,
}: {
  title: string;
  /** The way back to the site: the home page of the page's language. */
  home?: { to: string; label: string };
  children: ReactNode;
}) {
  return (
    <section className="mx-auto w-full max-w-md px-4 py-16">
      <div className="rounded-xl border border-stone-200 bg-white p-8 shadow-sm">
        <h1 className="mb-2 text-center font-serif text-3xl font-bold text-brand-900">{title}</h1>
        {children}
        <p className="mt-6 text-center">
          <Link to={home.to} className="text-sm text-brand-700 underline-offset-4 hover:underline">
            {home.label}
          </Link>
        </p>
      </div>
    </section>
  );
}
