import { translator, type Translate } from "~/i18n/dictionary";
import { langFromPath, type Lang } from "~/i18n/lang";

/** The language of the page the script runs on, from its address as on the server. */
export function pageLang(): Lang {
  return langFromPath(window.location.pathname);
}

export function pageT(): Translate {
  return translator(pageLang());
}
