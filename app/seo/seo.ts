import type { MetaDescriptor } from "react-router";
import { langFromPath, LANGS, LOCALES, otherLang } from "~/i18n/lang";
import { pageAlternates } from "~/pages/page-match";
import { feedLinks } from "./feed-links";

export const SOCIAL_IMAGE = { path: "/social-card.png", width: 1200, height: 630 };

type PageSeo = {
  title: string;
  description: string;
  /** An absolute or site-relative image for link previews; the stable's card by default. */
  image?: string;
  imageAlt?: string;
  /** Pages that should stay out of search results (admin, sign-in). */
  noindex?: boolean;
};

type MetaArgsLike = {
  location: { pathname: string };
  matches: ReadonlyArray<{ id: string; data?: unknown } | undefined>;
};

/** The origin the root loader resolved (PUBLIC_ORIGIN or the request's), for absolute URLs. */
export function siteOrigin(matches: MetaArgsLike["matches"]): string {
  const root = matches.find((m) => m?.id === "root")?.data;
  if (root && typeof root === "object" && "origin" in root && typeof root.origin === "string") return root.origin;
  return "";
}

function siteName(matches: MetaArgsLike["matches"]): string | undefined {
  const root = matches.find((m) => m?.id === "root")?.data;
  if (
    root &&
    typeof root === "object" &&
    "site" in root &&
    root.site &&
    typeof root.site === "object" &&
    "stableName" in root.site
  ) {
    return String(root.site.stableName);
  }
  return undefined;
}

/**
 * A page's meta tags: title, description, canonical URL, Open Graph and Twitter card. Use it from a
 * route's meta(): `export const meta: Route.MetaFunction = (args) => seo(args, { title, description })`.
 */
export function seo(args: MetaArgsLike, page: PageSeo): MetaDescriptor[] {
  const origin = siteOrigin(args.matches);
  const url = `${origin}${args.location.pathname}`;
  const image = page.image ?? SOCIAL_IMAGE.path;
  const imageUrl = /^https?:\/\//.test(image) ? image : `${origin}${image}`;
  const name = siteName(args.matches);
  const tags: MetaDescriptor[] = [{ title: page.title }, { name: "description", content: page.description }];
  if (page.noindex) {
    tags.push({ name: "robots", content: "noindex, nofollow" });
    return tags;
  }
  tags.push(
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:type", content: "website" },
    { property: "og:url", content: url },
    { property: "og:title", content: page.title },
    { property: "og:description", content: page.description },
    { property: "og:image", content: imageUrl },
    { property: "og:locale", content: LOCALES[langFromPath(args.location.pathname)] },
    { name: "twitter:card", content: "summary_large_image" },
    { name: "twitter:title", content: page.title },
    { name: "twitter:description", content: page.description },
    { name: "twitter:image", content: imageUrl },
  );
  if (!page.image) {
    tags.push(
      { property: "og:image:width", content: String(SOCIAL_IMAGE.width) },
      { property: "og:image:height", content: String(SOCIAL_IMAGE.height) },
    );
  }
  if (page.imageAlt)
    tags.push(
      { property: "og:image:alt", content: page.imageAlt },
      { name: "twitter:image:alt", content: page.imageAlt },
    );
  if (name) tags.push({ property: "og:site_name", content: name });
  tags.push(...languageAlternates(args.location.pathname, origin));
  tags.push(...feedLinks(origin, name));
  return tags;
}

/**
 * The same page in each language (hreflang), English doubling as the default for other languages,
 * and Open Graph's pointer to the other locale; nothing for pages that exist in English only.
 */
function languageAlternates(pathname: string, origin: string): MetaDescriptor[] {
  const alternates = pageAlternates(pathname);
  if (!alternates) return [];
  return [
    ...LANGS.map((lang) => ({
      tagName: "link",
      rel: "alternate",
      hrefLang: lang,
      href: `${origin}${alternates[lang]}`,
    })),
    { tagName: "link", rel: "alternate", hrefLang: "x-default", href: `${origin}${alternates.en}` },
    { property: "og:locale:alternate", content: LOCALES[otherLang(langFromPath(pathname))] },
  ];
}
