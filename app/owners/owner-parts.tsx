import type { ReactNode } from "react";
import { NavLink, useRouteLoaderData } from "react-router";
import type { loader as rootLoader } from "~/root";
import { clsx } from "clsx";
import { pathTo } from "~/pages/registry";
import { useLang, useT } from "~/i18n/use-lang";
import type { Toast } from "~/toast/toast";
import { ShowToast } from "~/components/ui/toast";

/** The owners' area's own links: My Horses, Invoices (an owner's, never a guest's) and Settings. */
export function OwnerAreaNav() {
  const lang = useLang();
  const t = useT();
  const guest = useRouteLoaderData<typeof rootLoader>("root")?.user?.guest ?? true;
  const links = [
    { to: pathTo("owners", { lang }), label: t("nav.myHorses") },
    ...(guest ? [] : [{ to: pathTo("owners-invoices", { lang }), label: t("owners.invoices") }]),
    { to: pathTo("owners-settings", { lang }), label: t("owners.settings") },
  ];
  return (
    <nav aria-label={t("owners.area")} className="mb-8">
      <ul className="flex flex-wrap gap-2 text-sm">
        {links.map((link) => (
          <li key={link.to}>
            <NavLink
              to={link.to}
              end
              className={({ isActive }) =>
                clsx(
                  "inline-flex min-h-11 items-center rounded-md px-3 font-medium",
                  isActive ? "bg-brand-800 text-white" : "bg-stone-100 text-brand-800 hover:bg-stone-200",
                )
              }
            >
              {link.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** An owners' page: its width, the area's links and the toasts of its forms. */
export function OwnerPage({ toasts = [], children }: { toasts?: (Toast | null | undefined)[]; children: ReactNode }) {
  return (
    <div className="mx-auto max-w-6xl px-4 py-10 sm:py-14">
      {toasts.map((toast, i) => (
        <ShowToast key={i} toast={toast} />
      ))}
      <OwnerAreaNav />
      {children}
    </div>
  );
}
