import { createContext, useContext } from "react";
import { useLocation } from "react-router";
import { translator, type Translate } from "./dictionary";
import { langFromPath, type Lang } from "./lang";

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
