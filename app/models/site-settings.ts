import type { BothLanguages } from "./bilingual";
import type { ImageRef } from "./image-columns";

export const SOCIAL_NETWORKS = ["facebook", "instagram", "youtube", "x"] as const;
export type SocialNetwork = (typeof SOCIAL_NETWORKS)[number];

export type SiteSettings = {
  stableName: string;
  /** The tagline in English (the Danish pages show `taglineDa`). */
  tagline: string;
  taglineDa: string;
  /** The logo: an upload, or the site's own drawing. */
  logoUrl: string;
  /** The uploaded logo, null while the site's own drawing is used. */
  logo: ImageRef | null;
  /** The home page's first picture; the first gallery image stands in until one is set. */
  hero: ImageRef | null;
  heroAlt: BothLanguages<string>;
  /** The Excellence block and the 24/7 panel; null: the site's standard text in that language. */
  excellence: BothLanguages<string | null>;
  care: BothLanguages<string | null>;
  /** The ownership page's text; null: the site's standard text in that language. */
  ownership: BothLanguages<string | null>;
  social: Record<SocialNetwork, string | null>;
};

export const DEFAULT_LOGO_URL = "/logo.svg";

/** Used until the settings row is read, and whenever it cannot be. */
export const DEFAULT_SITE_SETTINGS: SiteSettings = {
  stableName: "Stald Nordlys",
  tagline: "Thoroughbred training from Klampenborg to the winner's circle",
  taglineDa: "Fuldblodstræning fra Klampenborg til vindercirklen",
  logoUrl: DEFAULT_LOGO_URL,
  logo: null,
  hero: null,
  heroAlt: { en: "", da: "" },
  excellence: { en: null, da: null },
  care: { en: null, da: null },
  ownership: { en: null, da: null },
  social: { facebook: null, instagram: null, youtube: null, x: null },
};

export function taglineIn(site: SiteSettings, lang: "en" | "da"): string {
  return lang === "da" ? site.taglineDa : site.tagline;
}

/** The social links that are set, in the order the footer shows them. */
export function socialLinks(site: SiteSettings): { network: SocialNetwork; url: string }[] {
  return SOCIAL_NETWORKS.flatMap((network) => {
    const url = site.social?.[network];
    return url ? [{ network, url }] : [];
  });
}

/** A link the site may show: an https address with a host, nothing else (no javascript:, no http). */
export function isHttpsUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === "https:" && url.hostname.includes(".") && !url.username && !url.password;
  } catch {
    return false;
  }
}

/** The stable's name from the root loader's data in a route's `meta` (defaults before it is read). */
export function stableNameFrom(matches: ReadonlyArray<{ id: string; loaderData?: unknown } | undefined>): string {
  return siteFrom(matches).stableName;
}

/** The site settings from the root loader's data in a route's `meta` (defaults before they are read). */
export function siteFrom(matches: ReadonlyArray<{ id: string; loaderData?: unknown } | undefined>): SiteSettings {
  const root = matches.find((m) => m?.id === "root")?.loaderData as { site?: SiteSettings } | undefined;
  return root?.site ?? DEFAULT_SITE_SETTINGS;
}
