import { useLang } from "~/i18n/use-lang";
import { adminTranslator, type AdminTranslate } from "./dictionary";

/**
 * The dashboard's texts in the administrator's language (the root layout sets the language of the
 * admin pages from the account's choice).
 */
export function useAdminT(): AdminTranslate {
  return adminTranslator(useLang());
}
