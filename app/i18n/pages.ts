import { isSlugShaped } from "~/racing/slug";
import { localizedPath, unprefixedPath, type Lang } from "./lang";

/** The public pages, by their English paths; each has a Danish twin under /da. */
export const TRANSLATED_PAGES = ["/", "/horses", "/winners", "/runners", "/team", "/contact"] as const;

const HORSE_PAGE_PREFIX = "/horses/";

/** Whether an English path is a public page that exists in both languages (a horse's page included). */
export function isTranslatedPage(path: string) {
  if (path.startsWith(HORSE_PAGE_PREFIX)) return isSlugShaped(path.slice(HORSE_PAGE_PREFIX.length));
  return (TRANSLATED_PAGES as readonly string[]).includes(path);
}

/** The path of the same page in each language, or null where the page exists in English only. */
export function pageAlternates(pathname: string): Record<Lang, string> | null {
  const path = unprefixedPath(pathname.replace(/(.)\/+$/, "$1"));
  if (!isTranslatedPage(path)) return null;
  return { en: localizedPath(path, "en"), da: localizedPath(path, "da") };
}
