import type { SiteSettings } from "~/models/site-settings";
import { translator } from "./dictionary";
import type { Lang } from "./lang";

/** The home page's Excellence and 24/7 texts as the site ships them, in `lang`. */
export function standardHomeTexts(lang: Lang) {
  const t = translator(lang);
  return { excellence: `${t("home.excellenceText1")}\n\n${t("home.excellenceText2")}`, care: t("home.careText") };
}

/** The ownership page's text as the site ships it, in `lang`. */
export function standardOwnershipText(lang: Lang) {
  const t = translator(lang);
  return [t("ownership.text1"), t("ownership.text2"), t("ownership.text3")].join("\n\n");
}

/** The ownership page's paragraphs in `lang`: the stable's own text, or the standard one. */
export function ownershipTextIn(site: SiteSettings, lang: Lang): string[] {
  return paragraphs(site.ownership?.[lang] ?? standardOwnershipText(lang));
}

const STANDARD = {
  excellence: (lang: Lang) => standardHomeTexts(lang).excellence,
  care: (lang: Lang) => standardHomeTexts(lang).care,
  ownership: standardOwnershipText,
};

/** The texts the home page shows in `lang`: the stable's own, or the standard ones. */
export function homeTextsIn(site: SiteSettings, lang: Lang) {
  const standard = standardHomeTexts(lang);
  return {
    excellence: paragraphs(site.excellence?.[lang] ?? standard.excellence),
    care: paragraphs(site.care?.[lang] ?? standard.care),
  };
}

/** A text's paragraphs: a blank line starts a new one. */
export function paragraphs(text: string): string[] {
  return text
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean);
}

/** What the Site tab stores for one of the site's texts: null when it is the standard text (or empty). */
export function ownTextOrNull(text: string | null, lang: Lang, which: keyof typeof STANDARD): string | null {
  if (!text) return null;
  return paragraphs(text).join("\n\n") === paragraphs(STANDARD[which](lang)).join("\n\n") ? null : text;
}
