import { Outlet } from "react-router";
import type { Route } from "./+types/layout";
import { SessionControls } from "~/components/session-controls";
import { requireAdmin } from "~/utils/auth.server";

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireAdmin(request);
  return { email: user.email };
}

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  return (
    <section className="mx-auto max-w-7xl px-4 py-10">
      <header className="mb-8 flex flex-wrap items-start justify-between gap-4">
        <div>
          <h1 className="font-serif text-4xl font-semibold text-brand-900">Admin Dashboard</h1>
          <p className="mt-1 text-stone-600">Manage your racing stable content with ease</p>
          <p className="mt-2 text-sm text-stone-700">Welcome back {loaderData.email}</p>
        </div>
        <SessionControls />
      </header>
      <Outlet />
    </section>
  );
}

export function meta() {
  return [{ title: "Admin Dashboard" }, { name: "robots", content: "noindex" }];
}
