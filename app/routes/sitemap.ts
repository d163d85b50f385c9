import type { Route } from "./+types/sitemap";
import { listHorses } from "~/models/horse.server";
import { log } from "~/utils/log.server";
import { publicOrigin } from "~/utils/origin.server";

export const SITEMAP_PATHS = ["/", "/horses", "/winners", "/runners", "/team", "/contact"];

function escapeXml(value: string) {
  return value.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** GET /sitemap.xml: the public pages and every horse's page (admin and sign-in are not listed). */
export async function loader({ request }: Route.LoaderArgs) {
  const origin = publicOrigin(request);
  // Without the database the fixed pages are still worth listing.
  const horses = await listHorses().catch((error: unknown) => {
    log.error("Reading horses for the sitemap failed", { error });
    return [];
  });
  const paths = [...SITEMAP_PATHS, ...horses.map((h) => `/horses/${h.slug}`)];
  const urls = paths.map((p) => `  <url><loc>${escapeXml(origin + p)}</loc></url>`).join("\n");
  const body = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
  return new Response(body, {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
