import type { Route } from "./+types/robots";
import { publicOrigin } from "~/platform/origin.server";
import { contentTypeOf } from "~/pages/registry";

/**
 * GET /robots.txt: admin, sign-in and owners' pages stay out of search engines; the sitemap is
 * absolute. `/ownership` starts like `/owners`: its longer Allow wins (RFC 9309, the longest match).
 */
export function loader({ request }: Route.LoaderArgs) {
  const body = [
    "User-agent: *",
    "Disallow: /admin",
    "Disallow: /auth",
    "Disallow: /owners",
    "Disallow: /da/owners",
    "Allow: /ownership",
    "",
    `Sitemap: ${publicOrigin(request)}/sitemap.xml`,
    "",
  ].join("\n");
  return new Response(body, {
    headers: { "Content-Type": contentTypeOf("/robots.txt"), "Cache-Control": "public, max-age=3600" },
  });
}
