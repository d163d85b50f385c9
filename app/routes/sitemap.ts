import type { Route } from "./+types/sitemap";
import { LANGS } from "~/i18n/lang";
import { pageAlternates, TRANSLATED_PAGES } from "~/i18n/pages";
import { publicOrigin } from "~/utils/origin.server";

function escapeXml(value: string) {
  return value.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** Each public page in each language, with links to its versions in the other languages. */
export function sitemapXml(origin: string) {
  const urls = TRANSLATED_PAGES.flatMap((page) => {
    const alternates = pageAlternates(page)!;
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

/** GET /sitemap.xml: the public pages only (admin and sign-in are not listed), in both languages. */
export function loader({ request }: Route.LoaderArgs) {
  return new Response(sitemapXml(publicOrigin(request)), {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
