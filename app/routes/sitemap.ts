import type { Route } from "./+types/sitemap";
import { LANGS } from "~/i18n/lang";
import { pageAlternates, TRANSLATED_PAGES } from "~/i18n/pages";
import { listHorses } from "~/models/horse.server";
import { log } from "~/platform/log.server";
import { publicOrigin } from "~/platform/origin.server";

function escapeXml(value: string) {
  return value.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);
}

/**
 * Each public page and each horse's page (`horseSlugs`) in each language, with links to its
 * versions in the other languages.
 */
export function sitemapXml(origin: string, horseSlugs: readonly string[] = []) {
  const pages = [...TRANSLATED_PAGES, ...horseSlugs.map((slug) => `/horses/${slug}`)];
  const urls = pages.flatMap((page) => {
    const alternates = pageAlternates(page);
    if (!alternates) return [];
    const links = [
      ...LANGS.map((lang) => [lang, alternates[lang]] as const),
      ["x-default", alternates.en] as const,
    ].map(
      ([hreflang, path]) =>
        `    <xhtml:link rel="alternate" hreflang="${hreflang}" href="${escapeXml(origin + path)}"/>`,
    );
    return LANGS.map((lang) =>
      [`  <url>`, `    <loc>${escapeXml(origin + alternates[lang])}</loc>`, ...links, `  </url>`].join("\n"),
    );
  });
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${urls.join("\n")}\n</urlset>\n`;
}

/** GET /sitemap.xml: the public pages and every horse's page, in both languages (admin and sign-in are not listed). */
export async function loader({ request }: Route.LoaderArgs) {
  // Without the database the fixed pages are still worth listing.
  const horses = await listHorses().catch((error: unknown) => {
    log.error("Reading horses for the sitemap failed", { error });
    return [];
  });
  return new Response(
    sitemapXml(
      publicOrigin(request),
      horses.map((h) => h.slug),
    ),
    {
      headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" },
    },
  );
}
