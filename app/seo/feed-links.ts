import type { MetaDescriptor } from "react-router";

/** The news feeds' autodiscovery links, on every public page. */
export function feedLinks(origin: string, siteName = "News"): MetaDescriptor[] {
  return [
    {
      tagName: "link",
      rel: "alternate",
      type: "application/rss+xml",
      title: `${siteName} (RSS)`,
      href: `${origin}/news.rss`,
    },
    {
      tagName: "link",
      rel: "alternate",
      type: "application/atom+xml",
      title: `${siteName} (Atom)`,
      href: `${origin}/news.atom`,
    },
  ];
}
