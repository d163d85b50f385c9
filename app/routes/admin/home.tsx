import type { Route } from "./+types/home";
import { requireAdmin } from "~/utils/auth.server";

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  return null;
}

export default function AdminHome(_: Route.ComponentProps) {
  return <p className="text-stone-700">The dashboard's tabs appear here.</p>;
}
