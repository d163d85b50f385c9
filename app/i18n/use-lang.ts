import { createContext, useContext } from "react";
import { useLocation } from "react-router";
import { translator, type Translate } from "./dictionary";
import { langFromPath, type Lang } from "./lang";
import { langAttr, shownIn, type Shown } from "./localized";
import type { Bilingual } from "~/models/bilingual";

/**
 * Set where a view shows another page than the current location's (the destination's loading view
 * during a client navigation); everywhere else the language is the current path's.
 */
export const LangContext = createContext<Lang | null>(null);

export function useLang(): Lang {
  const { pathname } = useLocation();
  return useContext(LangContext) ?? langFromPath(pathname);
}

export function useT(): Translate {
  return translator(useLang());
}

/**
 * Shows the stable's texts in the page's language: `show(text)` picks the page's language or the
 * other, `lang(shown)` is the element's `lang` attribute (set only for the other language).
 */
export function useShown() {
  const page = useLang();
  return {
    show: (text: Bilingual): Shown => shownIn(text, page),
    lang: (shown: Pick<Shown, "lang">) => langAttr(shown, page),
  };
}
