import { interpolate, type Values } from "~/i18n/dictionary";
import type { Lang } from "~/i18n/lang";
import type { Translations } from "./section";
import { accountTexts } from "./account";
import { activityTexts } from "./activity";
import { billingSetupTexts } from "./billing-setup";
import { newsTexts } from "./news";
import { ownersTexts } from "./owners";
import { billingTexts } from "./billing";
import { contactInfoTexts } from "./contact-info";
import { dashboardTexts } from "./dashboard";
import { formTexts } from "./forms";
import { homeTexts } from "./home";
import { horsesTexts } from "./horses";
import { messagesTexts } from "./messages";
import { raceTexts } from "./race";
import { runnersTexts } from "./runners";
import { siteTexts } from "./site";
import { teamTexts } from "./team";
import { todayTexts } from "./today";
import { trashTexts } from "./trash";
import { uploadTexts } from "./upload";
import { winnersTexts } from "./winners";
import { dhTexts } from "./dh";

/**
 * The admin dashboard's texts, a section per tab (and one each for the frame, the forms, uploads
 * and the account page). English is the specification's wording; Danish is chosen per account. A
 * new tab adds its section file and one line here (docs/architecture.md, "An admin tab").
 */
export const ADMIN_SECTIONS = [
  dashboardTexts,
  accountTexts,
  formTexts,
  uploadTexts,
  todayTexts,
  homeTexts,
  horsesTexts,
  raceTexts,
  winnersTexts,
  runnersTexts,
  teamTexts,
  contactInfoTexts,
  siteTexts,
  messagesTexts,
  trashTexts,
  activityTexts,
  newsTexts,
  ownersTexts,
  dhTexts,
  billingSetupTexts,
  billingTexts,
] as const;

type Sections = (typeof ADMIN_SECTIONS)[number];
type UnionToIntersection<U> = (U extends unknown ? (x: U) => void : never) extends (x: infer I) => void ? I : never;

export const adminEn = Object.assign({}, ...ADMIN_SECTIONS.map((s) => s.en)) as UnionToIntersection<Sections["en"]>;

export type AdminKey = keyof typeof adminEn;
export type AdminDictionary = Translations<typeof adminEn>;

export const adminDa = Object.assign({}, ...ADMIN_SECTIONS.map((s) => s.da)) as AdminDictionary;

const DICTIONARIES: Record<Lang, AdminDictionary> = { en: adminEn, da: adminDa };

/** A text to show: its key, with the values of its `{placeholders}`, or text already in the reader's language. */
export type AdminText = AdminKey | { key: AdminKey; values?: Values } | { shown: string };

/** A text with values for its placeholders: msg("horses.addedText", { name }). */
export function msg(key: AdminKey, values?: Values): AdminText {
  return { key, values };
}

export type AdminTranslate = (text: AdminText, values?: Values) => string;

export function isAdminKey(key: unknown): key is AdminKey {
  return typeof key === "string" && Object.hasOwn(adminEn, key);
}

/** The dashboard's texts in `lang`. */
export function adminTranslator(lang: Lang): AdminTranslate {
  const dictionary = DICTIONARIES[lang];
  return (text, values) => {
    if (typeof text === "string") return interpolate(dictionary[text], values, lang);
    if ("shown" in text) return text.shown;
    return interpolate(dictionary[text.key], text.values ?? values, lang);
  };
}

/** The texts as the log has them: the site's own records are in English. */
export const inEnglish = adminTranslator("en");
