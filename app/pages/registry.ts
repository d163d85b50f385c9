// Relative imports: app/routes.ts reads this file while the build is configured, before the ~/ alias exists
// (eslint.config.js allows them here only).
import type { MessageKey } from "../i18n/dictionary";
import { LANGS, localizedPath, type Lang } from "../i18n/lang";
import { isSlugShaped } from "../racing/slug";

/**
 * Who a page is for: everyone, or signed-in owners only. An owners' page is never shared through
 * the page cache, never listed in the sitemap and shown in the navigation to owners only.
 */
export type Audience = "public" | "owners";

/**
 * How anonymous visitors share a response through the page cache: "shared" (rendered once, the same
 * bytes for everyone), "stamped" (shared, with a fresh contact-form stamp put into each response at
 * the edge: server/page-encoding.ts) or "never" (rendered for each request).
 */
export type CacheRule = "shared" | "stamped" | "never";

/** The kinds of records a page is listed once per in the sitemap (the sitemap route reads each). */
export type SitemapSource = "horses" | "news";

type Entry = {
  /** The English address. `:slug` is a segment with a slug's shape; a literal may follow it (`:slug.ics`). */
  path: string;
  /** The route module, relative to app/. */
  file: string;
  cache: CacheRule;
  /** Query parameters the page reads. Any other is ignored: it never keeps a visitor from the cached copy. */
  reads?: readonly string[];
};

export type PageEntry = Entry & {
  kind: "page";
  audience: Audience;
  /** The same page in Danish: at the same path under /da, or at `danishPath`. */
  danish: boolean;
  /** The Danish address where it is a word of its own, not the English one under /da: "/da/ejerskab". */
  danishPath?: string;
  /** Its place in the site header (registry order) and its label in the dictionaries. */
  nav?: MessageKey;
  /** "fixed": its own address is listed; a source: one address per record of that kind. */
  sitemap?: "fixed" | SitemapSource;
};

/** A feed or a site file (resource routes): never a document, never refreshes or sets a session. */
export type FileEntry = Entry & { kind: "feed" | "file"; contentType: string };

export type RegistryEntry = PageEntry | FileEntry;

const page = (entry: Omit<PageEntry, "kind" | "audience" | "danish"> & Partial<PageEntry>): PageEntry => ({
  kind: "page",
  audience: "public",
  danish: true,
  ...entry,
});

/**
 * Every public page, feed and site file, once. `app/routes.ts`, the page cache's policy, the
 * navigation, the language switch and hreflang links, and the sitemap all read it: adding a public
 * page is an entry here and its route module (docs/architecture.md).
 */
export const REGISTRY: readonly RegistryEntry[] = [
  page({ path: "/", file: "routes/home.tsx", cache: "shared", nav: "nav.home", sitemap: "fixed" }),
  page({ path: "/horses", file: "routes/horses.tsx", cache: "shared", nav: "nav.horses", sitemap: "fixed" }),
  page({ path: "/horses/:slug", file: "routes/horse.tsx", cache: "shared", sitemap: "horses" }),
  page({ path: "/winners", file: "routes/winners.tsx", cache: "shared", nav: "nav.winners", sitemap: "fixed" }),
  page({ path: "/runners", file: "routes/runners.tsx", cache: "shared", nav: "nav.runners", sitemap: "fixed" }),
  page({ path: "/team", file: "routes/team.tsx", cache: "shared", nav: "nav.team", sitemap: "fixed" }),
  page({
    path: "/ownership",
    danishPath: "/da/ejerskab",
    file: "routes/ownership.tsx",
    cache: "shared",
    nav: "nav.ownership",
    sitemap: "fixed",
  }),
  page({
    path: "/contact",
    file: "routes/contact.tsx",
    cache: "stamped",
    nav: "nav.contact",
    sitemap: "fixed",
    // An enquiry about a share in a horse (the ownership page's links): its message starts with it.
    reads: ["horse"],
  }),
  page({
    path: "/news",
    file: "routes/news.tsx",
    cache: "stamped",
    nav: "nav.news",
    sitemap: "fixed",
    reads: ["page"],
  }),
  page({ path: "/news/confirm", file: "routes/news-confirm.tsx", cache: "never", reads: ["token"] }),
  page({ path: "/news/unsubscribe", file: "routes/news-unsubscribe.tsx", cache: "never", reads: ["token"] }),
  page({ path: "/news/:slug", file: "routes/news-item.tsx", cache: "shared", sitemap: "news" }),
  // Sign-in (the spec's /auth, in English) and its Danish twin /da/auth, for the owners who read Danish.
  page({ path: "/auth", file: "routes/auth.tsx", cache: "never", reads: ["mode", "token", "redirectTo"] }),
  page({ path: "/owners", file: "routes/owners.tsx", cache: "never", audience: "owners", nav: "nav.myHorses" }),
  page({ path: "/owners/horses/:slug", file: "routes/owners-horse.tsx", cache: "never", audience: "owners" }),
  page({ path: "/owners/settings", file: "routes/owners-settings.tsx", cache: "never", audience: "owners" }),
  // Reached from an invitation or a notice mail, signed out: the token is the authority.
  page({ path: "/owners/welcome", file: "routes/owners-welcome.tsx", cache: "never", reads: ["token"] }),
  page({ path: "/owners/unsubscribe", file: "routes/owners-unsubscribe.tsx", cache: "never", reads: ["token"] }),
  {
    kind: "feed",
    path: "/runners.ics",
    file: "routes/runners-ics.ts",
    cache: "shared",
    contentType: "text/calendar; charset=utf-8",
  },
  {
    kind: "feed",
    path: "/horses/:slug.ics",
    file: "routes/horse-ics.ts",
    cache: "shared",
    contentType: "text/calendar; charset=utf-8",
  },
  {
    kind: "feed",
    path: "/owners/calendar/:token.ics",
    file: "routes/owners-calendar.ts",
    cache: "never",
    contentType: "text/calendar; charset=utf-8",
  },
  {
    kind: "feed",
    path: "/news.rss",
    file: "routes/news-rss.ts",
    cache: "shared",
    contentType: "application/rss+xml; charset=utf-8",
  },
  {
    kind: "feed",
    path: "/news.atom",
    file: "routes/news-atom.ts",
    cache: "shared",
    contentType: "application/atom+xml; charset=utf-8",
  },
  // Made once per content change; split into parts (?part=N) past the protocol's limits for one file.
  {
    kind: "file",
    path: "/sitemap.xml",
    file: "routes/sitemap.ts",
    cache: "shared",
    reads: ["part"],
    contentType: "application/xml; charset=utf-8",
  },
  {
    kind: "file",
    path: "/robots.txt",
    file: "routes/robots.ts",
    cache: "never",
    contentType: "text/plain; charset=utf-8",
  },
  { kind: "file", path: "/healthz", file: "routes/healthz.ts", cache: "never", contentType: "application/json" },
  // The footer's Subscribe form asks for its stamp here, so the pages themselves carry none.
  {
    kind: "file",
    path: "/form-stamp",
    file: "routes/form-stamp.ts",
    cache: "never",
    contentType: "application/json; charset=utf-8",
  },
];

/** The route id of an entry in a language: the file's for English, `da/<name>` for Danish. */
export function routeId(entry: RegistryEntry, lang: Lang): string {
  const base = entry.file.replace(/\.tsx?$/, "");
  return lang === "en" ? base : `da/${base.slice(base.lastIndexOf("/") + 1)}`;
}

/** The languages an entry exists in. */
export function languagesOf(entry: RegistryEntry): readonly Lang[] {
  return entry.kind === "page" && entry.danish ? LANGS : ["en"];
}

/** An entry's address pattern in a language: its English path, or its Danish one (`danishPath`, else under /da). */
function patternIn(entry: RegistryEntry, lang: Lang): string {
  if (lang === "en") return entry.path;
  return (entry.kind === "page" && entry.danishPath) || localizedPath(entry.path, lang);
}

/** What each kind of path segment accepts. */
const PARAMS: Record<string, (value: string) => boolean> = {
  slug: isSlugShaped,
  // A private address's token (app/platform/signed-token.server.ts): 43 URL-safe characters.
  token: (value) => /^[A-Za-z0-9_-]{43}$/.test(value),
};

type Segment = { literal: string } | { param: string; suffix: string };

const compiled = new WeakMap<RegistryEntry, Record<Lang, Segment[]>>();

/** An entry's address in a language as segments ("/" is one empty segment). */
function segmentsOf(entry: RegistryEntry, lang: Lang): Segment[] {
  let both = compiled.get(entry);
  if (!both) {
    const parse = (path: string) =>
      path
        .split("/")
        .slice(1)
        .map((part): Segment => {
          const m = /^:(\w+)(.*)$/.exec(part);
          if (!m) return { literal: part };
          if (!PARAMS[m[1]!])
            throw new Error(`app/pages/registry.ts: ${entry.path} has a segment of unknown kind :${m[1]}`);
          return { param: m[1]!, suffix: m[2]! };
        });
    both = { en: parse(patternIn(entry, "en")), da: parse(patternIn(entry, "da")) };
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
  if (segments.length !== parts.length) return null;
  const params: Record<string, string> = {};
  for (let i = 0; i < segments.length; i++) {
    const segment = segments[i]!;
    const part = parts[i]!;
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

/** An entry's address in `lang` (English unless said) with its parameters filled in. */
export function pathOf(entry: RegistryEntry, params: Record<string, string> = {}, lang: Lang = "en"): string {
  return patternIn(entry, lang).replace(/:(\w+)/g, (whole, name: string) => params[name] ?? whole);
}

/**
 * The address of the page at the English `path` in `lang`: "/ownership" → "/da/ejerskab",
 * "/horses/nordlys" → "/da/horses/nordlys". A link to a page whose Danish address is a word of its
 * own goes through here; any other may use localizedPath().
 */
export function pagePath(path: string, lang: Lang, registry: readonly RegistryEntry[] = REGISTRY): string {
  if (lang === "en") return path;
  const match = matchPath(path, registry);
  return match && match.lang === "en" && languagesOf(match.entry).includes(lang)
    ? pathOf(match.entry, match.params, lang)
    : localizedPath(path, lang);
}

/**
 * The canonical address of a case or trailing-slash variant of a page or feed (`/DA` → `/da`,
 * `/horses/` → `/horses`), null when `pathname` is canonical already or names no entry.
 */
export function canonicalPath(pathname: string, registry: readonly RegistryEntry[] = REGISTRY): string | null {
  if (pathname.length > MAX_PATH || matchPath(pathname, registry)) return null;
  const folded = pathname.toLowerCase().replace(/(.)\/+$/, "$1");
  if (folded === pathname || !folded.startsWith("/") || folded.startsWith("//")) return null;
  return matchPath(folded, registry) ? folded : null;
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

export type NavLink = { to: string; label: MessageKey };

/**
 * The site header's links in `lang`, in registry order: public pages, and owners' pages for a
 * signed-in owner.
 */
export function navLinks(
  { owner = false, lang = "en" }: { owner?: boolean; lang?: Lang } = {},
  registry: readonly RegistryEntry[] = REGISTRY,
): NavLink[] {
  return registry.flatMap((entry) =>
    entry.kind === "page" && entry.nav && (entry.audience === "public" || owner)
      ? [{ to: pathOf(entry, {}, languagesOf(entry).includes(lang) ? lang : "en"), label: entry.nav }]
      : [],
  );
}

/** A sitemap address and its versions in each language (one for a page in English only). */
export type SitemapEntry = { versions: { lang: Lang; path: string }[] };

/**
 * What the sitemap lists: each public page with a sitemap rule, in each of its languages, with
 * one address per record for pages listed from a source (`records`: the records' parameters).
 */
export function sitemapEntries(
  records: Partial<Record<SitemapSource, readonly Record<string, string>[]>>,
  registry: readonly RegistryEntry[] = REGISTRY,
): SitemapEntry[] {
  return registry.flatMap((entry) => {
    if (entry.kind !== "page" || entry.audience !== "public" || !entry.sitemap) return [];
    const all = entry.sitemap === "fixed" ? [{}] : (records[entry.sitemap] ?? []);
    return all.map((params) => ({
      versions: languagesOf(entry).map((lang) => ({ lang, path: pathOf(entry, params, lang) })),
    }));
  });
}

/** The content type a feed or site file answers with (its route module sets it from here). */
export function contentTypeOf(path: string): string {
  const entry = REGISTRY.find((e) => e.kind !== "page" && e.path === path);
  if (!entry || entry.kind === "page") throw new Error(`app/pages/registry.ts lists no feed or file at ${path}`);
  return entry.contentType;
}
