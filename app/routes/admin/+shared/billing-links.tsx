import { NavLink } from "react-router";
import { buttonClass } from "~/components/ui/button";
import { useAdminT } from "~/i18n/admin/use-admin-t";
import { cn } from "~/utils/cn";

/** The billing setup's pages, one to the other (the Billing tab links to them too). */
export const BILLING_SETUP_PAGES = [
  { to: "/admin/billing/horses", label: "tabs.feesShares" },
  { to: "/admin/billing/costs", label: "tabs.costs" },
] as const;

export function BillingSetupLinks() {
  const t = useAdminT();
  return (
    <nav aria-label={t("billing.setup")} className="flex flex-wrap gap-2">
      {BILLING_SETUP_PAGES.map((page) => (
        <NavLink
          key={page.to}
          to={page.to}
          end
          className={({ isActive }) => cn(buttonClass.small, isActive && "bg-stone-100 font-semibold")}
        >
          {t(page.label)}
        </NavLink>
      ))}
    </nav>
  );
}
