import type { Bilingual } from "~/models/bilingual";
import { otherLang, type Lang } from "./lang";

/** A text as a page shows it, and the language it is in (a page's own, or the other as a fallback). */
export type Shown = { text: string; lang: Lang };

/** The text in `lang`, or, where the stable gave it only in the other language, that one. */
export function shownIn(text: Bilingual, lang: Lang): Shown {
  if (text[lang].trim()) return { text: text[lang], lang };
  const other = otherLang(lang);
  return text[other].trim() ? { text: text[other], lang: other } : { text: "", lang };
}

/** The `lang` attribute of an element showing `shown` on a page in `pageLang`: set only when they differ. */
export function langAttr(shown: Pick<Shown, "lang">, pageLang: Lang): Lang | undefined {
  return shown.lang === pageLang ? undefined : shown.lang;
}
