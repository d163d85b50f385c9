import type { Route } from "./+types/sitemap";
import { listHorses } from "~/models/horse.server";
import { listPublishedSlugs } from "~/models/post.server";
import { log } from "~/platform/log.server";
import { publicOrigin } from "~/platform/origin.server";
import { xmlText } from "~/utils/xml";
import { contentTypeOf, sitemapEntries, type SitemapSource } from "~/pages/registry";

type Records = Record<SitemapSource, readonly Record<string, string>[]>;

/** The records each listed-per-record page is listed for (app/pages/registry.ts names the source). */
const SOURCES: { [S in SitemapSource]: () => Promise<Records[S]> } = {
  horses: async () => (await listHorses()).map((h) => ({ slug: h.slug })),
  news: async () => (await listPublishedSlugs()).map((p) => ({ slug: p.slug })),
};

/**
 * Each public page of the registry in each of its languages (one address per record for the pages
 * listed per record), with links to its versions in the other languages.
 */
export function sitemapXml(origin: string, records: Partial<Records> = {}) {
  const urls = sitemapEntries(records).flatMap(({ versions }) => {
    const english = versions.find((v) => v.lang === "en") ?? versions[0]!;
    const links =
      versions.length < 2
        ? []
        : [...versions.map((v) => [v.lang, v.path] as const), ["x-default", english.path] as const].map(
            ([hreflang, path]) =>
              `    <xhtml:link rel="alternate" hreflang="${hreflang}" href="${xmlText(origin + path)}"/>`,
          );
    return versions.map((v) =>
      [`  <url>`, `    <loc>${xmlText(origin + v.path)}</loc>`, ...links, `  </url>`].join("\n"),
    );
  });
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${urls.join("\n")}\n</urlset>\n`;
}

/** GET /sitemap.xml: the public pages and every horse's page, in both languages (admin and sign-in are not listed). */
export async function loader({ request }: Route.LoaderArgs) {
  // Without the database the fixed pages are still worth listing.
  const read = async <S extends SitemapSource>(source: S) =>
    SOURCES[source]().catch((error: unknown) => {
      log.error(`Reading ${source} for the sitemap failed`, { error });
      return [];
    });
  const records: Records = { horses: await read("horses"), news: await read("news") };
  return new Response(sitemapXml(publicOrigin(request), records), {
    headers: { "Content-Type": contentTypeOf("sitemap"), "Cache-Control": "public, max-age=3600" },
  });
}
