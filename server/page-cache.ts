import { createHash } from "node:crypto";
import { promisify } from "node:util";
import zlib from "node:zlib";

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** The pages anonymous visitors share (with their route ids), and the data requests of client navigation to them. */
const PAGE_ROUTES = new Map([
  ["/", "routes/home"],
  ["/horses", "routes/horses"],
  ["/winners", "routes/winners"],
  ["/runners", "routes/runners"],
  ["/team", "routes/team"],
  ["/contact", "routes/contact"],
  // The Danish pages: the same modules under their own route ids (app/routes.ts).
  ["/da", "da/home"],
  ["/da/horses", "da/horses"],
  ["/da/winners", "da/winners"],
  ["/da/runners", "da/runners"],
  ["/da/team", "da/team"],
  ["/da/contact", "da/contact"],
]);
export const CACHEABLE_PAGES = [...PAGE_ROUTES.keys()];
/**
 * Each horse's page in each language, with its route id (its slug's shape only: an unknown one is
 * a 404, which is never stored).
 */
const HORSE_PAGE = /^(\/da)?\/horses\/[a-z0-9]+(?:-[a-z0-9]+)*$/;
const HORSE_ROUTES = { en: "routes/horse", da: "da/horse" };
/** Feeds shared like the pages (not documents, so no data requests). */
const FEEDS = ["/runners.ics"];

/** The page a path (or its client-navigation data request) belongs to, with its route id. */
function pageOf(path: string): { page: string; route: string } | null {
  const data = path === "/_root.data" ? "/" : path.endsWith(".data") ? path.slice(0, -".data".length) : null;
  const page = data ?? path;
  const route = PAGE_ROUTES.get(page) ?? horseRoute(page);
  return route ? { page, route } : null;
}

function horseRoute(page: string): string | undefined {
  const match = page.length <= 123 ? HORSE_PAGE.exec(page) : null;
  if (!match) return undefined;
  return match[1] ? HORSE_ROUTES.da : HORSE_ROUTES.en;
}
const TRACKING_PARAM = /^(utm_[a-z]+|fbclid|gclid|msclkid|mc_[a-z]+|ref)$/i;
export const MAX_ENTRIES = 200;

export type CachedPage = {
  status: number;
  headers: [string, string][];
  etag: string;
  body: Buffer;
  br: Buffer;
  gzip: Buffer;
};

export type CacheDecision = { key: string } | { key: null; reason: string };

/**
 * Whether a request may be answered from the shared cache. Anything that could make a response
 * personal bypasses it: any cookie (a session or a flash toast), an Authorization header, a method
 * other than GET/HEAD, or a query string the public pages do not ignore.
 */
export function cacheKeyFor(
  method: string,
  url: URL,
  headers: { cookie?: string; authorization?: string },
): CacheDecision {
  if (method !== "GET" && method !== "HEAD") return { key: null, reason: "method" };
  if (headers.cookie?.trim()) return { key: null, reason: "cookie" };
  if (headers.authorization) return { key: null, reason: "authorization" };
  const path = url.pathname;
  const target = FEEDS.includes(path) ? null : pageOf(path);
  if (target && path.endsWith(".data")) {
    // Client navigation asks for named routes (?_routes=…); nothing else is expected.
    for (const name of url.searchParams.keys()) if (name !== "_routes") return { key: null, reason: "query" };
    const routes = knownRoutes(url.searchParams.getAll("_routes"), target.route);
    if (routes === null) return { key: null, reason: "query" };
    return { key: `${url.origin}${path}${routes ? `?_routes=${routes}` : ""}` };
  }
  if (!target && !FEEDS.includes(path)) return { key: null, reason: "path" };
  // Links shared on social media carry tracking parameters the pages never read.
  for (const name of url.searchParams.keys()) if (!TRACKING_PARAM.test(name)) return { key: null, reason: "query" };
  // The origin is part of the key: without PUBLIC_ORIGIN, canonical URLs come from the Host header,
  // which the host check has limited to this machine's own names.
  return { key: `${url.origin}${path}` };
}

/**
 * The `_routes` a navigation to `page` can ask for (the root and the page's own route), in one
 * order; null for anything else, so made-up values cannot each take a place in the cache.
 */
function knownRoutes(values: string[], route: string): string | null {
  const allowed = ["root", route];
  const asked = new Set(values.flatMap((v) => v.split(",")).filter(Boolean));
  if ([...asked].some((id) => !allowed.includes(id))) return null;
  return allowed.filter((id) => id && asked.has(id)).join(",");
}

/** Whether a rendered response is the same for every anonymous visitor and may be stored. */
export function isStorable(status: number, headers: Headers) {
  if (status !== 200) return false;
  if (headers.has("set-cookie")) return false;
  const cacheControl = headers.get("cache-control") ?? "";
  if (/no-store|private/i.test(cacheControl)) return false;
  if (headers.has("content-encoding")) return false;
  const type = headers.get("content-type") ?? "";
  return /^text\/html|^text\/x-script|^text\/calendar/i.test(type);
}

/** Weak validator comparison (RFC 9110 §13.1.2): any listed tag that matches, or *. */
export function etagMatches(ifNoneMatch: string | undefined, etag: string) {
  if (!ifNoneMatch) return false;
  const bare = etag.replace(/^W\//, "");
  return ifNoneMatch.split(",").some((t) => {
    const tag = t.trim();
    return tag === "*" || tag.replace(/^W\//, "") === bare;
  });
}

/**
 * In-memory store of rendered public pages. Every invalidation bumps a generation counter; a render
 * is stored only if no invalidation happened between its start and its storing, so a render that
 * read the database before a save and finished after it never lands in the cache.
 *
 * Apart from the servable entries it keeps the last good render of each page, whatever happened
 * since: when rendering a page fails (its database is unreachable) that copy is served instead,
 * marked stale (RFC 5861 stale-if-error).
 */
export class PageCache {
  private entries = new Map<string, CachedPage>();
  private lastGood = new Map<string, { entry: CachedPage; storedAt: number }>();
  private gen = 0;
  private available = true;
  hits = 0;
  misses = 0;

  get generation() {
    return this.gen;
  }

  /** Drops every servable entry; renders in flight that started earlier will not be stored. */
  invalidate() {
    this.gen += 1;
    this.entries.clear();
  }

  /**
   * While invalidations from other instances cannot be received, nothing is served from the cache
   * (renders are still kept as last good copies). Coming back empties it once, since changes may
   * have been missed meanwhile.
   */
  setAvailable(available: boolean) {
    if (available && !this.available) this.invalidate();
    this.available = available;
  }

  get isAvailable() {
    return this.available;
  }

  get size() {
    return this.entries.size;
  }

  get(key: string): CachedPage | undefined {
    if (!this.available) return undefined;
    const entry = this.entries.get(key);
    if (entry) {
      this.hits += 1;
      // Least recently used goes first: a hit moves the entry to the end of the insertion order.
      this.entries.delete(key);
      this.entries.set(key, entry);
    } else this.misses += 1;
    return entry;
  }

  /** The last good render of `key` and its age in seconds, for when rendering it again fails. */
  stale(key: string): { entry: CachedPage; ageSeconds: number } | undefined {
    const kept = this.lastGood.get(key);
    return kept && { entry: kept.entry, ageSeconds: Math.max(0, Math.floor((Date.now() - kept.storedAt) / 1000)) };
  }

  /**
   * Compresses and stores a render that started at `startedAt` (the generation then). Returns the
   * stored entry, or undefined when content changed meanwhile (the render may be stale).
   */
  async store(
    key: string,
    startedAt: number,
    status: number,
    headers: Headers,
    body: Buffer,
  ): Promise<CachedPage | undefined> {
    if (startedAt !== this.gen) return undefined;
    const [br, gz] = await Promise.all([
      brotli(body, {
        params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 9, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length },
      }),
      gzip(body, { level: 9 }),
    ]);
    // Compression yields to the event loop: check again that nothing changed in between.
    if (startedAt !== this.gen) return undefined;
    const etag = `W/"${createHash("sha256").update(body).digest("base64url").slice(0, 27)}"`;
    const kept: [string, string][] = [];
    headers.forEach((value, name) => {
      if (!["content-length", "etag", "cache-control", "vary", "date"].includes(name)) kept.push([name, value]);
    });
    const entry: CachedPage = { status, headers: kept, etag, body, br, gzip: gz };
    setBounded(this.entries, key, entry);
    setBounded(this.lastGood, key, { entry, storedAt: Date.now() });
    return entry;
  }
}

/** Sets `key` last in insertion order, dropping the oldest entry when the map is full. */
function setBounded<V>(map: Map<string, V>, key: string, value: V) {
  map.delete(key);
  if (map.size >= MAX_ENTRIES) {
    const oldest = map.keys().next().value;
    if (oldest !== undefined) map.delete(oldest);
  }
  map.set(key, value);
}

/** Picks the stored variant for an Accept-Encoding header: brotli, else gzip, else identity. */
export function pickEncoding(acceptEncoding: string | undefined): "br" | "gzip" | "identity" {
  const accepted = new Map<string, number>();
  for (const part of (acceptEncoding ?? "").split(",")) {
    const [name, ...params] = part.trim().toLowerCase().split(";");
    if (!name) continue;
    const q = params.map((p) => /^\s*q=([\d.]+)/.exec(p)?.[1]).find(Boolean);
    accepted.set(name, q === undefined ? 1 : Number(q));
  }
  const wants = (name: string) => (accepted.get(name) ?? accepted.get("*") ?? 0) > 0;
  if (wants("br")) return "br";
  if (wants("gzip")) return "gzip";
  return "identity";
}
