import type { Route } from "./+types/sitemap";
import { publicOrigin } from "~/utils/origin.server";

export const SITEMAP_PATHS = ["/", "/horses", "/winners", "/team", "/contact"];

function escapeXml(value: string) {
  return value.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** GET /sitemap.xml: the public pages only (admin and sign-in are not listed). */
export function loader({ request }: Route.LoaderArgs) {
  const origin = publicOrigin(request);
  const urls = SITEMAP_PATHS.map((p) => `  <url><loc>${escapeXml(origin + p)}</loc></url>`).join("\n");
  const body = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
  return new Response(body, {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
