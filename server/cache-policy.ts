import { REGISTRY } from "~/pages/registry";
import { matchPath, type PageMatch } from "~/pages/page-match";

export type CacheDecision = { key: string } | { key: null; reason: string };

/** The registry entry a path or its client-navigation data request (`/horses.data`, `/_root.data`) names. */
export function pageOfRequest(pathname: string): (PageMatch & { data: boolean }) | null {
  const data = pathname.endsWith(".data");
  const page = pathname === "/_root.data" ? "/" : data ? pathname.slice(0, -".data".length) : pathname;
  const match = matchPath(page);
  if (!match || (data && match.entry.kind !== "page")) return null;
  return { ...match, data };
}

/** Whether responses to this path carry the contact form's stamp, put in at the edge (app/pages/registry.ts). */
export function isStamped(pathname: string) {
  return pageOfRequest(pathname)?.entry.cache === "stamped";
}

/**
 * Whether a request may be answered from the shared cache, and under which key. Anything that
 * could make a response personal bypasses it: any cookie (a session or a flash toast), an
 * Authorization header, a method other than GET/HEAD, a page the registry does not share (or an
 * owners' page), a download. Query parameters the page does not read are left out of the key (and out of the
 * render), so `?utm_source=…` or any made-up parameter gets the cached copy.
 */
export function cacheKeyFor(
  method: string,
  url: URL,
  headers: { cookie?: string; authorization?: string },
): CacheDecision {
  if (method !== "GET" && method !== "HEAD") return { key: null, reason: "method" };
  if (headers.cookie?.trim()) return { key: null, reason: "cookie" };
  if (headers.authorization) return { key: null, reason: "authorization" };
  const target = pageOfRequest(url.pathname);
  const { entry } = target ?? {};
  if (!target || !entry || entry.cache === "never" || ("audience" in entry && entry.audience !== "public"))
    return { key: null, reason: "path" };
  const kept: string[] = [];
  for (const name of [...new Set(url.searchParams.keys())].sort()) {
    if (!entry.reads?.includes(name)) continue;
    for (const value of url.searchParams.getAll(name))
      kept.push(`${encodeURIComponent(name)}=${encodeURIComponent(value)}`);
  }
  if (target.data) {
    // Client navigation names the routes it wants (?_routes=…): only the root and the page's own.
    const routes = knownRoutes(url.searchParams.getAll("_routes"), target.id);
    if (routes === null) return { key: null, reason: "query" };
    if (routes) kept.push(`_routes=${routes}`);
  }
  const query = kept.join("&");
  // The origin is part of the key: without PUBLIC_ORIGIN, canonical URLs come from the Host header,
  // which the host check has limited to this machine's own names.
  return { key: `${url.origin}${url.pathname}${query ? `?${query}` : ""}` };
}

/**
 * The `_routes` a navigation to a page can ask for (the root and the page's own route), in one
 * order; null for anything else, so made-up values cannot each take a place in the cache.
 */
function knownRoutes(values: string[], route: string): string | null {
  const allowed = ["root", route];
  const asked = new Set(values.flatMap((v) => v.split(",")).filter(Boolean));
  if ([...asked].some((id) => !allowed.includes(id))) return null;
  return allowed.filter((id) => asked.has(id)).join(",");
}

/** What the shared feeds and site files answer with (the calendars, the news feeds, the sitemap). */
const FILE_TYPES = new Set(
  REGISTRY.flatMap((e) =>
    (e.kind === "feed" || e.kind === "file") && e.cache === "shared" ? [e.contentType.split(";")[0]!] : [],
  ),
);

/** Whether a rendered response is the same for every anonymous visitor and may be stored. */
export function isStorable(status: number, headers: Headers) {
  if (status !== 200) return false;
  if (headers.has("set-cookie")) return false;
  const cacheControl = headers.get("cache-control") ?? "";
  if (/no-store|private/i.test(cacheControl)) return false;
  if (headers.has("content-encoding")) return false;
  const type = (headers.get("content-type") ?? "").split(";")[0]!.trim().toLowerCase();
  return type === "text/html" || type === "text/x-script" || FILE_TYPES.has(type);
}
