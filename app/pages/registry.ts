// No import here runs: app/routes.ts reads this file while the build is configured, before the ~/ alias
// exists, so it holds what the route table needs itself and takes only types from elsewhere (decision 0262).
import type { MessageKey } from "~/i18n/dictionary";
import type { Lang } from "~/i18n/lang";

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

/** Who may fetch a download: everyone, the administrators, or the owners and guests of what it holds. */
export type DownloadAudience = "public" | "admin" | "owners";

/**
 * A file a person opens or saves (an export, a private photo, an invoice): a resource route like a
 * feed, never a document, never refreshes or sets a session. Its module checks its audience itself,
 * first; one for administrators or owners is never shared through any cache (`private, no-store`).
 */
export type DownloadEntry = Entry & {
  kind: "download";
  audience: DownloadAudience;
  /** The type every answer has; unset where each file has its own (a photo). */
  contentType?: string;
};

export type RegistryEntry = PageEntry | FileEntry | DownloadEntry;

/** Where each language's pages are: English at the root, Danish under /da. */
const LANGUAGE_ROOTS = { en: "/", da: "/da" } as const satisfies Record<Lang, string>;

const LANGUAGES = Object.keys(LANGUAGE_ROOTS) as Lang[];

/** An English path in `lang`: ('/horses', 'da') → '/da/horses', ('/', 'da') → '/da'. */
function localizedPath(path: string, lang: Lang): string {
  const root: string = LANGUAGE_ROOTS[lang];
  if (root === "/") return path;
  return path === "/" ? root : `${root}${path}`;
}

type PageFields = Omit<PageEntry, "kind" | "audience" | "danish"> & Partial<Pick<PageEntry, "audience" | "danish">>;

const page = <const P extends string>(entry: PageFields & { path: P }): PageEntry & { path: P } => ({
  kind: "page",
  audience: "public",
  danish: true,
  ...entry,
});

const feed = <const P extends string>(entry: Omit<FileEntry, "kind"> & { path: P }) => ({
  kind: "feed" as const,
  ...entry,
});

const file = <const P extends string>(entry: Omit<FileEntry, "kind"> & { path: P }) => ({
  kind: "file" as const,
  ...entry,
});

/** A download: never in the page cache, which keeps pages and feeds only. */
const download = <const E extends Omit<DownloadEntry, "kind" | "cache">>(entry: E) => ({
  kind: "download" as const,
  cache: "never" as const,
  ...entry,
});

/**
 * Every page, feed, site file and download outside the admin tabs, once, under the name of its route module. `app/routes.ts`,
 * the page cache's policy, the navigation, the language switch and hreflang links, the sitemap and
 * every link the code makes (`pathTo`) read it: adding a public page is an entry here and its route
 * module (docs/architecture.md).
 */
export const ENTRIES = {
  home: page({ path: "/", file: "routes/home.tsx", cache: "shared", nav: "nav.home", sitemap: "fixed" }),
  horses: page({
    path: "/horses",
    file: "routes/horses.tsx",
    cache: "shared",
    reads: ["page"],
    nav: "nav.horses",
    sitemap: "fixed",
  }),
  horse: page({
    path: "/horses/:slug",
    file: "routes/horse.tsx",
    cache: "shared",
    sitemap: "horses",
    reads: ["season"],
  }),
  winners: page({
    path: "/winners",
    file: "routes/winners.tsx",
    cache: "shared",
    reads: ["season", "page"],
    nav: "nav.winners",
    sitemap: "fixed",
  }),
  runners: page({
    path: "/runners",
    file: "routes/runners.tsx",
    cache: "shared",
    nav: "nav.runners",
    sitemap: "fixed",
  }),
  team: page({ path: "/team", file: "routes/team.tsx", cache: "shared", nav: "nav.team", sitemap: "fixed" }),
  ownership: page({
    path: "/ownership",
    danishPath: "/da/ejerskab",
    file: "routes/ownership.tsx",
    cache: "shared",
    nav: "nav.ownership",
    sitemap: "fixed",
  }),
  contact: page({
    path: "/contact",
    file: "routes/contact.tsx",
    cache: "stamped",
    nav: "nav.contact",
    sitemap: "fixed",
    // An enquiry about a share in a horse (the ownership page's links): its message starts with it.
    reads: ["horse"],
  }),
  news: page({
    path: "/news",
    file: "routes/news.tsx",
    cache: "stamped",
    nav: "nav.news",
    sitemap: "fixed",
    reads: ["page"],
  }),
  "news-confirm": page({ path: "/news/confirm", file: "routes/news-confirm.tsx", cache: "never", reads: ["token"] }),
  "news-unsubscribe": page({
    path: "/news/unsubscribe",
    file: "routes/news-unsubscribe.tsx",
    cache: "never",
    reads: ["token"],
  }),
  "news-item": page({ path: "/news/:slug", file: "routes/news-item.tsx", cache: "shared", sitemap: "news" }),
  // Sign-in (the spec's /auth, in English) and its Danish twin /da/auth, for the owners who read Danish.
  auth: page({ path: "/auth", file: "routes/auth.tsx", cache: "never", reads: ["mode", "token", "redirectTo"] }),
  owners: page({ path: "/owners", file: "routes/owners.tsx", cache: "never", audience: "owners", nav: "nav.myHorses" }),
  "owners-horse": page({
    path: "/owners/horses/:slug",
    file: "routes/owners-horse.tsx",
    cache: "never",
    audience: "owners",
    reads: ["season"],
  }),
  "owners-settings": page({
    path: "/owners/settings",
    file: "routes/owners-settings.tsx",
    cache: "never",
    audience: "owners",
  }),
  // An owner's invoices and credit notes, their statement of the year and the costs awaiting their approval.
  "owners-invoices": page({
    path: "/owners/invoices",
    file: "routes/owners-invoices.tsx",
    cache: "never",
    audience: "owners",
  }),
  // Reached from an invitation or a notice mail, signed out: the token is the authority.
  "owners-welcome": page({
    path: "/owners/welcome",
    file: "routes/owners-welcome.tsx",
    cache: "never",
    reads: ["token"],
  }),
  "owners-unsubscribe": page({
    path: "/owners/unsubscribe",
    file: "routes/owners-unsubscribe.tsx",
    cache: "never",
    reads: ["token"],
  }),
  "runners-ics": feed({
    path: "/runners.ics",
    file: "routes/runners-ics.ts",
    cache: "shared",
    contentType: "text/calendar; charset=utf-8",
  }),
  "horse-ics": feed({
    path: "/horses/:slug.ics",
    file: "routes/horse-ics.ts",
    cache: "shared",
    contentType: "text/calendar; charset=utf-8",
  }),
  "owners-calendar": feed({
    path: "/owners/calendar/:token.ics",
    file: "routes/owners-calendar.ts",
    cache: "never",
    contentType: "text/calendar; charset=utf-8",
  }),
  "news-rss": feed({
    path: "/news.rss",
    file: "routes/news-rss.ts",
    cache: "shared",
    contentType: "application/rss+xml; charset=utf-8",
  }),
  "news-atom": feed({
    path: "/news.atom",
    file: "routes/news-atom.ts",
    cache: "shared",
    contentType: "application/atom+xml; charset=utf-8",
  }),
  // Made once per content change; split into parts (?part=N) past the protocol's limits for one file.
  sitemap: file({
    path: "/sitemap.xml",
    file: "routes/sitemap.ts",
    cache: "shared",
    reads: ["part"],
    contentType: "application/xml; charset=utf-8",
  }),
  robots: file({
    path: "/robots.txt",
    file: "routes/robots.ts",
    cache: "never",
    contentType: "text/plain; charset=utf-8",
  }),
  healthz: file({ path: "/healthz", file: "routes/healthz.ts", cache: "never", contentType: "application/json" }),
  // The footer's Subscribe form asks for its stamp here, so the pages themselves carry none.
  "form-stamp": file({
    path: "/form-stamp",
    file: "routes/form-stamp.ts",
    cache: "never",
    contentType: "application/json; charset=utf-8",
  }),
  // Downloads (docs/architecture.md, "A download"). The admin ones sit beside their tab's address,
  // outside the tabs' layout, each behind its own admin check.
  "admin/subscribers-csv": download({
    path: "/admin/news/subscribers.csv",
    file: "routes/admin/subscribers-csv.ts",
    audience: "admin",
    contentType: "text/csv; charset=utf-8",
  }),
  // A cost's receipt (a private file, never under /media/), for the administrators.
  "admin/billing-receipt": download({
    path: "/admin/billing/costs/:id/receipt",
    file: "routes/admin/billing-receipt.ts",
    audience: "admin",
  }),
  // An issued invoice's or credit note's PDF or e-invoice (UBL), by its number: "12.pdf", "12.xml".
  "admin/billing-document": download({
    path: "/admin/billing/documents/*",
    file: "routes/admin/billing-document.ts",
    audience: "admin",
  }),
  // The accountant's CSV of a period's issued documents (?from, ?to, ?file=documents|lines).
  "admin/billing-export": download({
    path: "/admin/billing/export.csv",
    file: "routes/admin/billing-export.ts",
    audience: "admin",
    contentType: "text/csv; charset=utf-8",
    reads: ["from", "to", "file"],
  }),
  // Private photos of owners-only posts (never the page cache, never /media/): the rest of the path is the file's name.
  "owners-media": download({ path: "/owners/media/*", file: "routes/owners-media.ts", audience: "owners" }),
  // An owner's own issued invoice or credit note as a PDF and as an e-invoice, and a receipt of a cost
  // they pay part of (decision 0295): the same 404 for anything else.
  "owners-invoice-pdf": download({
    path: "/owners/invoices/:id.pdf",
    file: "routes/owners-invoice-pdf.ts",
    audience: "owners",
    contentType: "application/pdf",
  }),
  "owners-invoice-xml": download({
    path: "/owners/invoices/:id.xml",
    file: "routes/owners-invoice-xml.ts",
    audience: "owners",
    contentType: "application/xml",
  }),
  "owners-receipt": download({ path: "/owners/receipts/:id", file: "routes/owners-receipt.ts", audience: "owners" }),
};

type Entries = typeof ENTRIES;

/** A page, feed or site file by the name of its route module: "winners", "news-item", "runners-ics". */
export type EntryName = keyof Entries;

/** Every entry, in order: the route table's and the navigation's order. */
export const REGISTRY: readonly RegistryEntry[] = Object.values(ENTRIES);

/** The route id of an entry in a language: the file's for English, `da/<name>` for Danish. */
export function routeId(entry: RegistryEntry, lang: Lang): string {
  const base = entry.file.replace(/\.tsx?$/, "");
  return lang === "en" ? base : `da/${base.slice(base.lastIndexOf("/") + 1)}`;
}

/** The languages an entry exists in. */
export function languagesOf(entry: RegistryEntry): readonly Lang[] {
  return entry.kind === "page" && entry.danish ? LANGUAGES : ["en"];
}

/** An entry's address in `lang` (English unless said) with its parameters filled in; without them, its pattern. */
export function pathOf(entry: RegistryEntry, params: Record<string, string> = {}, lang: Lang = "en"): string {
  const pattern =
    lang === "en" ? entry.path : (entry.kind === "page" && entry.danishPath) || localizedPath(entry.path, lang);
  return pattern
    .replace(/:(\w+)/g, (whole, name: string) => params[name] ?? whole)
    .replace(/\/\*$/, (whole) => (params["*"] ? `/${params["*"]}` : whole));
}

/** The names of the parameters in an address pattern: "/horses/:slug.ics" → "slug". */
type ParamsIn<P extends string> = P extends `${string}:${infer Param}/${infer Rest}`
  ? NameOf<Param> | ParamsIn<`/${Rest}`>
  : P extends `${string}:${infer Param}`
    ? NameOf<Param>
    : never;
type NameOf<Segment extends string> = Segment extends `${infer Name}.${string}` ? Name : Segment;

type PathOptions<N extends EntryName> = [ParamsIn<Entries[N]["path"]>] extends [never]
  ? [options?: { lang?: Lang }]
  : [options: { lang?: Lang } & Record<ParamsIn<Entries[N]["path"]>, string>];

/**
 * The address of the page, feed or file `name`, in `lang` where it exists in it (else its English
 * one: a feed is one for both languages), its parameters filled in: pathTo("winners", { lang }) →
 * "/da/winners", pathTo("horse", { slug: "nordlys" }) → "/horses/nordlys". Every link the code
 * makes to a registered address comes from here, so each address is written once, above.
 */
export function pathTo<N extends EntryName>(name: N, ...[options]: PathOptions<N>): string {
  const entry: RegistryEntry = ENTRIES[name];
  const { lang = "en", ...params } = (options ?? {}) as { lang?: Lang } & Record<string, string>;
  return pathOf(entry, params, languagesOf(entry).includes(lang) ? lang : "en");
}

/** The entries that are feeds, site files or downloads of one type, by name. */
type FileName = {
  [N in EntryName]: Entries[N] extends { contentType: string } ? N : never;
}[EntryName];

/** The content type a feed, site file or download answers with (its route module sets it from here). */
export function contentTypeOf(name: FileName): string {
  return (ENTRIES[name] as { contentType: string }).contentType;
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
