import { Form, Link } from "react-router";
import { translator } from "~/i18n/dictionary";
import type { Lang } from "~/i18n/lang";
import { useT } from "~/i18n/use-lang";

/**
 * The navigation's buttons for a signed-in visitor: Admin and Sign Out, as the spec has them; an
 * owner or guest gets Sign Out only (My Horses is among the navigation's links).
 */
export function AuthActions({ admin }: { admin: boolean }) {
  const t = useT();
  return (
    <>
      {admin ? (
        <Link
          to="/admin"
          className="rounded-md bg-gold-400 px-3 py-2 text-sm font-semibold text-brand-900 hover:bg-gold-300"
        >
          {t("layout.admin")}
        </Link>
      ) : null}
      <Form method="post" action="/sign-out">
        <input type="hidden" name="scope" value="local" />
        <button
          type="submit"
          className="rounded-md border border-brand-50/40 px-3 py-2 text-sm font-medium text-brand-50 hover:bg-brand-700"
        >
          {t("layout.signOut")}
        </button>
      </Form>
    </>
  );
}

/**
 * What the page shows while the server checks admin access during a client-side navigation, in
 * the language of the dashboard it leads to.
 */
export function AdminLoading({ lang }: { lang: Lang }) {
  return (
    <div
      role="status"
      aria-live="polite"
      className="flex min-h-[50vh] items-center justify-center text-lg text-stone-600"
    >
      {translator(lang)("layout.loading")}
    </div>
  );
}
