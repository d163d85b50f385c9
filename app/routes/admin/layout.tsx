import { NavLink, Outlet, useLocation, useNavigation } from "react-router";
import type { Route } from "./+types/layout";
import { BackupNotice } from "~/backup/backup-notice";
import { backupFailureNotice } from "~/backup/schedule.server";
import { SessionControls } from "~/auth/session-controls";
import { requireAdmin } from "~/auth/auth.server";
import { cn } from "~/utils/cn";

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireAdmin(request);
  return { email: user.email, backupFailure: await backupFailureNotice() };
}

const TABS = [
  { to: "/admin", label: "Home", loading: ["Loading latest news...", "Loading images..."] },
  { to: "/admin/horses", label: "Horses", loading: ["Loading horses..."] },
  { to: "/admin/winners", label: "Winners", loading: ["Loading winners..."] },
  { to: "/admin/runners", label: "Runners", loading: ["Loading runners..."] },
  { to: "/admin/team", label: "Team", loading: ["Loading team members..."] },
  { to: "/admin/contact-info", label: "Contact Info", loading: ["Loading contact information..."] },
  { to: "/admin/messages", label: "Messages", loading: ["Loading messages..."] },
  { to: "/admin/trash", label: "Trash", loading: ["Loading trash..."] },
  { to: "/admin/activity", label: "Activity", loading: ["Loading activity..."] },
] as const;

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const location = useLocation();
  // Tab contents are read on the server; while another tab's data is on its way, say so.
  const next =
    navigation.state === "loading" && navigation.location.pathname !== location.pathname
      ? TABS.find((t) => t.to === navigation.location.pathname.replace(/\/$/, ""))
      : undefined;

  return (
    <div className="mx-auto max-w-6xl px-4 py-8 sm:py-12">
      <header className="mb-6 flex flex-wrap items-start justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold text-brand-900 sm:text-4xl">Admin Dashboard</h1>
          <p className="mt-2 text-stone-700">Manage your racing stable content with ease</p>
          <p className="mt-1 text-sm text-stone-600">
            Welcome back <span className="font-medium text-stone-900">{loaderData.email}</span>
          </p>
        </div>
        <SessionControls />
      </header>
      <BackupNotice failure={loaderData.backupFailure} />
      <nav aria-label="Admin sections" className="mb-8 overflow-x-auto">
        <ul className="flex min-w-max gap-1 rounded-lg bg-stone-100 p-1">
          {TABS.map((tab) => (
            <li key={tab.to}>
              <NavLink
                to={tab.to}
                end
                prefetch="intent"
                className={({ isActive }) =>
                  cn(
                    "block rounded-md px-4 py-2 text-sm font-medium transition-colors",
                    isActive
                      ? "bg-white text-brand-900 shadow-sm"
                      : "text-stone-700 hover:bg-white/60 hover:text-stone-900",
                  )
                }
              >
                {tab.label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      {next ? (
        <div role="status" className="space-y-2 py-8 text-center text-stone-600">
          {next.loading.map((text) => (
            <p key={text}>{text}</p>
          ))}
        </div>
      ) : (
        <Outlet />
      )}
    </div>
  );
}

export function meta() {
  return [{ title: "Admin Dashboard" }, { name: "robots", content: "noindex" }];
}
