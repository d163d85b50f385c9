import type { Route } from "./+types/robots";
import { publicOrigin } from "~/platform/origin.server";
import { contentTypeOf, pathTo } from "~/pages/registry";

/**
 * GET /robots.txt: admin, sign-in and owners' pages stay out of search engines; the sitemap is
 * absolute. `/ownership` starts like `/owners`: its longer Allow wins (RFC 9309, the longest match).
 */
export function loader({ request }: Route.LoaderArgs) {
  const body = [
    "User-agent: *",
    "Disallow: /admin",
    `Disallow: ${pathTo("auth")}`,
    `Disallow: ${pathTo("owners")}`,
    `Disallow: ${pathTo("owners", { lang: "da" })}`,
    `Allow: ${pathTo("ownership")}`,
    "",
    `Sitemap: ${publicOrigin(request)}${pathTo("sitemap")}`,
    "",
  ].join("\n");
  return new Response(body, {
    headers: { "Content-Type": contentTypeOf("robots"), "Cache-Control": "public, max-age=3600" },
  });
}
