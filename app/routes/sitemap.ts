import type { Route } from "./+types/sitemap";
import { listHorses } from "~/models/horse.server";
import { listPublishedSlugs } from "~/models/post.server";
import { log } from "~/platform/log.server";
import { publicOrigin } from "~/platform/origin.server";
import { xmlText } from "~/utils/xml";
import { contentTypeOf, pathTo, sitemapEntries, type SitemapSource } from "~/pages/registry";

type Records = Record<SitemapSource, readonly Record<string, string>[]>;

/** The records each listed-per-record page is listed for (app/pages/registry.ts names the source). */
const SOURCES: { [S in SitemapSource]: () => Promise<Records[S]> } = {
  horses: async () => (await listHorses()).map((h) => ({ slug: h.slug })),
  news: async () => (await listPublishedSlugs()).map((p) => ({ slug: p.slug })),
};

/** What one sitemap file may hold (sitemaps.org): 50,000 addresses and 50 MB uncompressed. */
export type SitemapLimits = { urls: number; bytes: number };
export const SITEMAP_LIMITS: SitemapLimits = { urls: 50_000, bytes: 50 * 1024 * 1024 };

let limits = SITEMAP_LIMITS;

/** The limits the loader splits at (tests give small ones); returns the previous ones. */
export function setSitemapLimits(next: SitemapLimits = SITEMAP_LIMITS) {
  const previous = limits;
  limits = next;
  return previous;
}

const URLSET_OPEN = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n`;
const URLSET_CLOSE = `\n</urlset>\n`;

/** Each address's `<url>` element, with links to its versions in the other languages. */
function urlElements(origin: string, records: Partial<Records>): string[] {
  return sitemapEntries(records).flatMap(({ versions }) => {
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
}

const urlset = (urls: readonly string[]) => `${URLSET_OPEN}${urls.join("\n")}${URLSET_CLOSE}`;

/** The `<url>` elements in files within `limits`, in order: one file while they fit in one. */
function split(urls: string[], { urls: most, bytes }: SitemapLimits): string[][] {
  // Each element costs its bytes and the line break before the next (the last one's is the close's).
  const room = bytes - Buffer.byteLength(URLSET_OPEN) - Buffer.byteLength(URLSET_CLOSE) + 1;
  const files: string[][] = [[]];
  let size = 0;
  for (const url of urls) {
    const cost = Buffer.byteLength(url) + 1;
    const file = files.at(-1)!;
    if (file.length && (file.length >= most || size + cost > room)) {
      files.push([url]);
      size = cost;
    } else {
      file.push(url);
      size += cost;
    }
  }
  return files;
}

/** The address of one part of a split sitemap. */
const partAddress = (origin: string, part: number) => `${origin}${pathTo("sitemap")}?part=${part}`;

/**
 * What `/sitemap.xml` answers (`part` undefined) and `/sitemap.xml?part=N`: each public page of the
 * registry in each of its languages (one address per record for the pages listed per record), with
 * links to its versions in the other languages. Past the protocol's limits for one file the
 * addresses are split into parts and `/sitemap.xml` is their sitemap index. Null: no such part.
 */
export function sitemapDocument(
  origin: string,
  records: Partial<Records> = {},
  part?: number,
  within: SitemapLimits = limits,
): string | null {
  const files = split(urlElements(origin, records), within);
  if (part !== undefined)
    return files.length > 1 && part >= 1 && part <= files.length ? urlset(files[part - 1]!) : null;
  if (files.length === 1) return urlset(files[0]!);
  const parts = files.map((_, i) => `  <sitemap>\n    <loc>${xmlText(partAddress(origin, i + 1))}</loc>\n  </sitemap>`);
  return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${parts.join("\n")}\n</sitemapindex>\n`;
}

/** The document at /sitemap.xml (a list of addresses, or the index of its parts). */
export function sitemapXml(origin: string, records: Partial<Records> = {}, within?: SitemapLimits) {
  return sitemapDocument(origin, records, undefined, within)!;
}

/**
 * GET /sitemap.xml (and ?part=N once split): the public pages and every horse's page and post, in
 * both languages (admin, sign-in and owners' pages are not listed). Shared through the page cache
 * (app/pages/registry.ts), so it is made once per content change, like the pages.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const asked = new URL(request.url).searchParams.get("part");
  const part = asked === null ? undefined : /^[1-9]\d{0,8}$/.test(asked) ? Number(asked) : NaN;
  const type = { "Content-Type": contentTypeOf("sitemap") };
  if (Number.isNaN(part)) return new Response("Not Found", { status: 404, headers: { "Cache-Control": "no-store" } });
  let complete = true;
  // Without the database the fixed pages are still worth listing, but such a list is never kept.
  const read = async <S extends SitemapSource>(source: S) =>
    SOURCES[source]().catch((error: unknown) => {
      log.error(`Reading ${source} for the sitemap failed`, { error });
      complete = false;
      return [];
    });
  const records: Records = { horses: await read("horses"), news: await read("news") };
  const xml = sitemapDocument(publicOrigin(request), records, part);
  if (xml === null) return new Response("Not Found", { status: 404, headers: { "Cache-Control": "no-store" } });
  return new Response(xml, {
    headers: { ...type, "Cache-Control": complete ? "public, max-age=3600" : "no-store" },
  });
}
