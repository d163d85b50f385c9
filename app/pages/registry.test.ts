import fs from "node:fs";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import routes from "~/routes";
import { LANGS } from "~/i18n/lang";
import { canonicalPath, matchPath, pageAlternates, readQuery } from "./page-match";
import {
  contentTypeOf,
  ENTRIES,
  languagesOf,
  navLinks,
  pathOf,
  pathTo,
  REGISTRY,
  routeId,
  sitemapEntries,
  type RegistryEntry,
} from "./registry";

/** The registry as it will be with more news pages, their feeds and a horse's calendar. */
const NEXT: readonly RegistryEntry[] = [
  ...REGISTRY,
  {
    kind: "page",
    path: "/news",
    file: "routes/news.tsx",
    audience: "public",
    danish: true,
    cache: "shared",
    nav: "nav.home",
    sitemap: "fixed",
    reads: ["page"],
  },
  {
    kind: "page",
    path: "/news/:slug",
    file: "routes/news-item.tsx",
    audience: "public",
    danish: true,
    cache: "shared",
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
    path: "/horses/:slug.ics",
    file: "routes/horse-ics.ts",
    cache: "shared",
    contentType: "text/calendar; charset=utf-8",
  },
];

describe("the page registry", () => {
  it("imports nothing that runs: app/routes.ts reads it before the ~/ alias exists (decision 0262)", () => {
    const file = new URL("./registry.ts", import.meta.url);
    const source = ts.createSourceFile("registry.ts", fs.readFileSync(file, "utf8"), ts.ScriptTarget.Latest);
    const running = source.statements
      .filter((s) => (ts.isImportDeclaration(s) && !s.importClause?.isTypeOnly) || ts.isImportEqualsDeclaration(s))
      .map((s) => s.getText(source));
    expect(running).toEqual([]);
    expect(source.statements.some((s) => ts.isExportDeclaration(s) && s.moduleSpecifier)).toBe(false);
  });

  it("is what the route table serves, in both languages, under the route ids the cache keys use", () => {
    type RouteEntry = { id?: string; path?: string; index?: boolean; file: string };
    const table = new Map((routes as RouteEntry[]).map((r) => [r.id, r]));
    for (const entry of REGISTRY) {
      const en = table.get(routeId(entry, "en"));
      expect(en?.file, entry.path).toBe(entry.file);
      expect(en?.index ? "/" : `/${en?.path}`).toBe(entry.path);
      if (entry.kind === "page" && entry.danish)
        expect(table.get(routeId(entry, "da"))?.path).toBe(
          (entry.danishPath ?? `/da${entry.path === "/" ? "" : entry.path}`).slice(1),
        );
    }
    expect(routeId(REGISTRY[0]!, "da")).toBe("da/home");
    expect(
      routeId(
        REGISTRY.find((e) => e.path === "/horses/:slug")!,
        "en",
      ),
    ).toBe("routes/horse");
  });

  it("matches canonical paths only, with their language and parameters", () => {
    expect(matchPath("/da/horses/kongens-aere")).toMatchObject({
      lang: "da",
      id: "da/horse",
      params: { slug: "kongens-aere" },
    });
    expect(matchPath("/runners.ics")).toMatchObject({ lang: "en", id: "routes/runners-ics" });
    for (const path of [
      "/da/runners.ics",
      "/da/",
      "/horses/",
      "/Horses",
      "/horses/Kongens",
      "/da/da",
      "/admin",
      "//horses",
    ]) {
      expect(matchPath(path), path).toBeNull();
    }
    expect(matchPath(`/horses/${"a".repeat(300)}`)).toBeNull();
  });

  it("names the canonical address of case and trailing-slash variants, and nothing else", () => {
    expect(canonicalPath("/DA")).toBe("/da");
    expect(canonicalPath("/da/")).toBe("/da");
    expect(canonicalPath("/horses/")).toBe("/horses");
    expect(canonicalPath("/Horses//")).toBe("/horses");
    expect(canonicalPath("/da/Horses/Kongens-Aere/")).toBe("/da/horses/kongens-aere");
    expect(canonicalPath("/Runners.ICS")).toBe("/runners.ics");
    expect(canonicalPath("///")).toBe("/");
    expect(canonicalPath("/Auth")).toBe("/auth");
    for (const path of ["/horses", "/", "/da", "/ADMIN", "/admin/", "/no-such-page/", "//horses", "//horses/"]) {
      expect(canonicalPath(path), path).toBeNull();
    }
  });

  it("gives alternates for the public pages only", () => {
    expect(pageAlternates("/")).toEqual({ en: "/", da: "/da" });
    expect(pageAlternates("/da")).toEqual({ en: "/", da: "/da" });
    expect(pageAlternates("/da/winners")).toEqual({ en: "/winners", da: "/da/winners" });
    expect(pageAlternates("/contact/")).toEqual({ en: "/contact", da: "/da/contact" });
    expect(pageAlternates("/runners")).toEqual({ en: "/runners", da: "/da/runners" });
    expect(pageAlternates("/da/horses/kongens-aere")).toEqual({
      en: "/horses/kongens-aere",
      da: "/da/horses/kongens-aere",
    });
    // The sign-in page is one in each language (decision 0242).
    expect(pageAlternates("/da/auth")).toEqual({ en: "/auth", da: "/da/auth" });
    for (const path of [
      "/admin",
      "/da/admin",
      "/no-such-page",
      "/da/da",
      "/runners.ics",
      "/da/runners.ics",
      "/horses/Kongens",
      "/horses/a/b",
      "/da/horses/-a",
    ]) {
      expect(pageAlternates(path), path).toBeNull();
    }
  });

  it("gives the navigation in registry order with each page's label", () => {
    expect(navLinks()).toEqual([
      { to: "/", label: "nav.home" },
      { to: "/horses", label: "nav.horses" },
      { to: "/winners", label: "nav.winners" },
      { to: "/runners", label: "nav.runners" },
      { to: "/team", label: "nav.team" },
      { to: "/ownership", label: "nav.ownership" },
      { to: "/contact", label: "nav.contact" },
      { to: "/news", label: "nav.news" },
    ]);
    expect(navLinks({ lang: "da" }).map((l) => l.to)).toEqual([
      "/da",
      "/da/horses",
      "/da/winners",
      "/da/runners",
      "/da/team",
      "/da/ejerskab",
      "/da/contact",
      "/da/news",
    ]);
  });

  it("gives a page a Danish address of its own where it has one, everywhere the registry is read", () => {
    expect(matchPath("/da/ejerskab")).toMatchObject({ lang: "da", id: "da/ownership" });
    expect(matchPath("/ownership")).toMatchObject({ lang: "en", id: "routes/ownership" });
    expect(matchPath("/da/ownership")).toBeNull();
    expect(matchPath("/ejerskab")).toBeNull();
    expect(pageAlternates("/ownership")).toEqual({ en: "/ownership", da: "/da/ejerskab" });
    expect(pageAlternates("/da/ejerskab")).toEqual({ en: "/ownership", da: "/da/ejerskab" });
    expect(canonicalPath("/DA/Ejerskab/")).toBe("/da/ejerskab");
    expect(pathTo("ownership", { lang: "da" })).toBe("/da/ejerskab");
    expect(pathTo("ownership", { lang: "en" })).toBe("/ownership");
    expect(pathTo("horse", { slug: "nordlys", lang: "da" })).toBe("/da/horses/nordlys");
    const listed = sitemapEntries({}).find((e) => e.versions.some((v) => v.path === "/ownership"));
    expect(listed?.versions).toEqual([
      { lang: "en", path: "/ownership" },
      { lang: "da", path: "/da/ejerskab" },
    ]);
  });
});

describe("an address from code", () => {
  it("names the entry by its route module and fills in its language and parameters", () => {
    for (const [name, entry] of Object.entries(ENTRIES)) {
      expect(entry.file.replace(/^routes\/|\.tsx?$/g, ""), name).toBe(name);
    }
    expect(pathTo("winners")).toBe("/winners");
    expect(pathTo("winners", { lang: "da" })).toBe("/da/winners");
    expect(pathTo("home", { lang: "da" })).toBe("/da");
    expect(pathTo("news-item", { slug: "derby-dag", lang: "da" })).toBe("/da/news/derby-dag");
    expect(pathTo("owners-horse", { slug: "nordlys" })).toBe("/owners/horses/nordlys");
    expect(pathTo("horse-ics", { slug: "nordlys" })).toBe("/horses/nordlys.ics");
    // A feed or file is one for both languages: a Danish page links to the same address.
    expect(pathTo("runners-ics", { lang: "da" })).toBe("/runners.ics");
    expect(pathTo("owners-calendar", { token: "t".repeat(43), lang: "da" })).toBe(
      `/owners/calendar/${"t".repeat(43)}.ics`,
    );
  });

  it("is what the registry matches, for every entry in each of its languages", () => {
    const params = { slug: "kongens-aere", token: "a".repeat(43), id: "0b9f2c4e-6a1d-4c3b-9e8f-7a6b5c4d3e2f" };
    for (const [name, entry] of Object.entries(ENTRIES) as [keyof typeof ENTRIES, RegistryEntry][]) {
      for (const lang of languagesOf(entry)) {
        const path = (pathTo as (n: string, o: object) => string)(name, { ...params, lang });
        expect(matchPath(path), path).toMatchObject({ entry, lang, id: routeId(entry, lang) });
      }
    }
    expect(languagesOf(ENTRIES.home)).toEqual(LANGS);
  });
});

describe("a link to the same page in the other language", () => {
  it("keeps only the query parameters the page reads", () => {
    expect(readQuery("/owners/welcome", "?token=abc&utm_source=mail")).toBe("?token=abc");
    expect(readQuery("/da/news", "?page=2&x=1")).toBe("?page=2");
    expect(readQuery("/horses", "?token=abc")).toBe("");
    expect(readQuery("/no-such-page", "?token=abc")).toBe("");
  });
});

describe("what comes next fits the registry", () => {
  it("matches news pages, feeds and a horse's calendar by their shape", () => {
    expect(matchPath("/da/news/derby-dag", NEXT)).toMatchObject({ id: "da/news-item", params: { slug: "derby-dag" } });
    expect(matchPath("/news.rss", NEXT)).toMatchObject({ id: "routes/news-rss" });
    expect(matchPath("/horses/kongens-aere.ics", NEXT)).toMatchObject({
      id: "routes/horse-ics",
      params: { slug: "kongens-aere" },
    });
    expect(matchPath("/horses/Kongens.ics", NEXT)).toBeNull();
    expect(matchPath("/da/news.rss", NEXT)).toBeNull();
  });

  it("keeps owners' pages out of the sitemap and out of the visitors' navigation", () => {
    expect(navLinks({ owner: true }).at(-1)).toEqual({ to: "/owners", label: "nav.myHorses" });
    expect(matchPath(`/owners/calendar/${"a".repeat(43)}.ics`)).toMatchObject({ id: "routes/owners-calendar" });
    expect(matchPath(`/owners/calendar/${"a".repeat(42)}.ics`)).toBeNull();
    expect(matchPath("/da/owners/calendar/x.ics")).toBeNull();
    const listed = sitemapEntries({ horses: [{ slug: "kongens-aere" }] }, NEXT).flatMap((e) =>
      e.versions.map((v) => v.path),
    );
    expect(listed).toContain("/news");
    expect(listed).toContain("/da/news");
    expect(listed).toContain("/da/horses/kongens-aere");
    expect(listed).not.toContain("/owners");
    expect(navLinks({}, NEXT).map((l) => l.to)).not.toContain("/owners");
    expect(navLinks({ owner: true }, NEXT).map((l) => l.to)).toContain("/owners");
  });
});

describe("downloads", () => {
  it("are registered here, each with its audience, and every resource route is an entry", () => {
    type RouteEntry = { path?: string; file: string; children?: RouteEntry[] };
    const flat = (entries: RouteEntry[]): RouteEntry[] => entries.flatMap((r) => [r, ...flat(r.children ?? [])]);
    // A route module without a component answers a file, not a page: a feed, a site file or a
    // download, all in the registry. Sign-out answers only its form.
    const FORM_ONLY = ["routes/sign-out.tsx"];
    for (const route of flat(routes as RouteEntry[])) {
      const source = fs.readFileSync(new URL(`../${route.file}`, import.meta.url), "utf8");
      if (/^export default /m.test(source) || FORM_ONLY.includes(route.file)) continue;
      const entry = REGISTRY.find((e) => e.file === route.file);
      expect(entry?.kind, `${route.file} answers a file: register it in app/pages/registry.ts`).toMatch(
        /^(feed|file|download)$/,
      );
    }
    const downloads = REGISTRY.filter((e) => e.kind === "download");
    expect(downloads.map((d) => [d.path, d.audience])).toEqual([
      ["/admin/news/subscribers.csv", "admin"],
      ["/admin/billing/costs/:id/receipt", "admin"],
      ["/admin/billing/documents/*", "admin"],
      ["/admin/billing/export.csv", "admin"],
      ["/owners/media/*", "owners"],
      ["/owners/invoices/:id.pdf", "owners"],
      ["/owners/invoices/:id.xml", "owners"],
      ["/owners/receipts/:id", "owners"],
    ]);
    for (const d of downloads) expect(d.cache, d.path).toBe("never");
    expect(contentTypeOf("admin/subscribers-csv")).toBe("text/csv; charset=utf-8");
    expect(contentTypeOf("owners-invoice-pdf")).toBe("application/pdf");
  });

  it("take a record's id only in the shape the site makes them", () => {
    const id = "0b9f2c4e-6a1d-4c3b-9e8f-7a6b5c4d3e2f";
    expect(matchPath(`/owners/invoices/${id}.pdf`)).toMatchObject({ id: "routes/owners-invoice-pdf", params: { id } });
    expect(matchPath(`/owners/receipts/${id}`)).toMatchObject({ id: "routes/owners-receipt", params: { id } });
    for (const other of [id.toUpperCase(), "1", `${id}0`, "../etc/passwd"])
      expect(matchPath(`/owners/invoices/${other}.pdf`), other).toBeNull();
  });

  it("match a file's whole name under their folder, and have no variants", () => {
    expect(matchPath("/owners/media/post-photos/1-aaaaaaaaaaaa.w320.webp")).toMatchObject({
      id: "routes/owners-media",
      params: { "*": "post-photos/1-aaaaaaaaaaaa.w320.webp" },
    });
    expect(matchPath("/admin/news/subscribers.csv")).toMatchObject({ id: "routes/admin/subscribers-csv" });
    for (const path of ["/owners/media", "/owners/media/", "/da/owners/media/x.jpg", "/admin/news/subscribers.csv/x"])
      expect(matchPath(path), path).toBeNull();
    // A file's name is exact: neither its case nor a trailing slash leads to it.
    for (const path of [
      "/Owners/Media/post-photos/X.jpg",
      "/admin/news/Subscribers.csv",
      "/admin/news/subscribers.csv/",
    ])
      expect(canonicalPath(path), path).toBeNull();
    expect(pathOf(ENTRIES["owners-media"], { "*": "post-photos/1-aaaaaaaaaaaa.jpg" })).toBe(
      "/owners/media/post-photos/1-aaaaaaaaaaaa.jpg",
    );
  });
});

describe("a record's id in an address", () => {
  it("is a model's id (a UUID) and nothing else", () => {
    const id = "0123abcd-0000-4000-8000-00000000beef";
    expect(matchPath(`/admin/billing/costs/${id}/receipt`)).toMatchObject({ params: { id } });
    for (const other of ["x", `${id}x`, id.toUpperCase(), "../receipt", `${id.slice(0, -1)}%`]) {
      expect(matchPath(`/admin/billing/costs/${other}/receipt`), other).toBeNull();
    }
  });
});
