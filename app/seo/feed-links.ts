import type { MetaDescriptor } from "react-router";
import { pathTo } from "~/pages/registry";

/** The news feeds' autodiscovery links, on every public page. */
export function feedLinks(origin: string, siteName = "News"): MetaDescriptor[] {
  return [
    {
      tagName: "link",
      rel: "alternate",
      type: "application/rss+xml",
      title: `${siteName} (RSS)`,
      href: `${origin}${pathTo("news-rss")}`,
    },
    {
      tagName: "link",
      rel: "alternate",
      type: "application/atom+xml",
      title: `${siteName} (Atom)`,
      href: `${origin}${pathTo("news-atom")}`,
    },
  ];
}
