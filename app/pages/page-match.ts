import type { Lang } from "~/i18n/lang";
import { languagesOf, pathOf, REGISTRY, routeId, type RegistryEntry } from "~/pages/registry";
import { isSlugShaped } from "~/racing/slug";

/**
 * Which registered page, feed or file an address names: the page cache's key, the address
 * variants' 301s, the language switch and hreflang links all ask here (app/pages/registry.ts).
 */

/** What each kind of path segment accepts. */
const PARAMS: Record<string, (value: string) => boolean> = {
  slug: isSlugShaped,
  // A private address's token (app/platform/signed-token.server.ts): 43 URL-safe characters.
  token: (value) => /^[A-Za-z0-9_-]{43}$/.test(value),
  // A record's id as the models give it (crypto.randomUUID()): a cost's, for its receipt.
  id: (value) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/.test(value),
};

/** `*`, the last segment: the rest of the path (a file's name under its folder), at least one segment of it. */
type Segment = { literal: string } | { param: string; suffix: string } | { splat: true };

const compiled = new WeakMap<RegistryEntry, Record<Lang, Segment[]>>();

/** An entry's address in a language as segments ("/" is one empty segment). */
function segmentsOf(entry: RegistryEntry, lang: Lang): Segment[] {
  let both = compiled.get(entry);
  if (!both) {
    const parse = (path: string) =>
      path
        .split("/")
        .slice(1)
        .map((part, i, all): Segment => {
          if (part === "*" && i === all.length - 1) return { splat: true };
          const m = /^:(\w+)(.*)$/.exec(part);
          if (!m) return { literal: part };
          if (!PARAMS[m[1]!])
            throw new Error(`app/pages/registry.ts: ${entry.path} has a segment of unknown kind :${m[1]}`);
          return { param: m[1]!, suffix: m[2]! };
        });
    both = { en: parse(pathOf(entry, {}, "en")), da: parse(pathOf(entry, {}, "da")) };
    compiled.set(entry, both);
  }
  return both[lang];
}

export type PageMatch = { entry: RegistryEntry; lang: Lang; id: string; params: Record<string, string> };

/** Longest address matched: a longer one cannot be a page (so no work is spent on it). */
const MAX_PATH = 200;

/** The registry entry an exact, canonical path names (its language and parameters), or null. */
export function matchPath(pathname: string, registry: readonly RegistryEntry[] = REGISTRY): PageMatch | null {
  if (pathname.length > MAX_PATH || (pathname.endsWith("/") && pathname !== "/")) return null;
  const parts = pathname.split("/").slice(1);
  for (const entry of registry) {
    for (const lang of languagesOf(entry)) {
      const params = matchSegments(segmentsOf(entry, lang), parts);
      if (params) return { entry, lang, id: routeId(entry, lang), params };
    }
  }
  return null;
}

function matchSegments(segments: Segment[], parts: string[]): Record<string, string> | null {
  const last = segments.at(-1);
  const splat = !!last && "splat" in last;
  if (splat ? parts.length < segments.length : parts.length !== segments.length) return null;
  const params: Record<string, string> = {};
  for (let i = 0; i < segments.length; i++) {
    const segment = segments[i]!;
    const part = parts[i]!;
    if ("splat" in segment) {
      const rest = parts.slice(i).join("/");
      if (!rest) return null;
      params["*"] = rest;
      break;
    }
    if ("literal" in segment) {
      if (segment.literal !== part) return null;
      continue;
    }
    if (!part.endsWith(segment.suffix)) return null;
    const value = part.slice(0, part.length - segment.suffix.length);
    if (!PARAMS[segment.param]!(value)) return null;
    params[segment.param] = value;
  }
  return params;
}

/**
 * Whether other spellings of an address (its case, a trailing slash, escaped letters) lead to it: a
 * page's, a feed's or a site file's do, a download's never (a file's name is exact, an escape in it refused).
 */
export function hasVariants(match: PageMatch | null): match is PageMatch {
  return !!match && match.entry.kind !== "download";
}

/**
 * The canonical address of a case or trailing-slash variant of a page or feed (`/DA` → `/da`,
 * `/horses/` → `/horses`), null when `pathname` is canonical already or names no entry.
 */
export function canonicalPath(pathname: string, registry: readonly RegistryEntry[] = REGISTRY): string | null {
  if (pathname.length > MAX_PATH || matchPath(pathname, registry)) return null;
  const folded = pathname.toLowerCase().replace(/(.)\/+$/, "$1");
  if (folded === pathname || !folded.startsWith("/") || folded.startsWith("//")) return null;
  return hasVariants(matchPath(folded, registry)) ? folded : null;
}

/** The path of the same page in each language, or null where the page exists in English only. */
export function pageAlternates(
  pathname: string,
  registry: readonly RegistryEntry[] = REGISTRY,
): Record<Lang, string> | null {
  const match = matchPath(pathname.replace(/(.)\/+$/, "$1"), registry);
  if (!match || match.entry.kind !== "page" || !match.entry.danish) return null;
  return { en: pathOf(match.entry, match.params, "en"), da: pathOf(match.entry, match.params, "da") };
}

/**
 * The part of a query string the page at `pathname` reads (its `reads`), for a link to the same page
 * in the other language: a token from a mail or a page number survives the switch, nothing else.
 */
export function readQuery(pathname: string, search: string, registry: readonly RegistryEntry[] = REGISTRY): string {
  const reads = matchPath(pathname.replace(/(.)\/+$/, "$1"), registry)?.entry.reads;
  if (!reads?.length || !search) return "";
  const kept = new URLSearchParams();
  for (const [name, value] of new URLSearchParams(search)) if (reads.includes(name)) kept.append(name, value);
  const query = kept.toString();
  return query ? `?${query}` : "";
}
