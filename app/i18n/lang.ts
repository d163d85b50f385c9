import { pathTo } from "~/pages/registry";

/** The languages the public site is written in; English is the default and has no prefix (app/pages/registry.ts). */
export const LANGS = ["en", "da"] as const;
export type Lang = (typeof LANGS)[number];
export const DEFAULT_LANG: Lang = "en";

/** Each language's name in itself, for the language switch. */
export const LANGUAGE_NAMES: Record<Lang, string> = { en: "English", da: "Dansk" };

/** `og:locale` of each language. */
export const LOCALES: Record<Lang, string> = { en: "en_GB", da: "da_DK" };

const DA_PREFIX = pathTo("home", { lang: "da" });

/**
 * The language of a path: Danish under /da (its client navigation data, /da.data, included),
 * English everywhere else.
 */
export function langFromPath(pathname: string): Lang {
  return pathname === DA_PREFIX || pathname === `${DA_PREFIX}.data` || pathname.startsWith(`${DA_PREFIX}/`)
    ? "da"
    : "en";
}

/** The path without its language prefix: /da/horses -> /horses, /da -> /. */
export function unprefixedPath(pathname: string): string {
  if (langFromPath(pathname) !== "da") return pathname;
  return pathname.slice(DA_PREFIX.length) || "/";
}

/** The other language, for the switch. */
export function otherLang(lang: Lang): Lang {
  return lang === "da" ? "en" : "da";
}
