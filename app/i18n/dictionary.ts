import { da } from "./da";
import { en } from "./en";
import type { Lang } from "./lang";
import { possessive } from "./possessive";

export type MessageKey = keyof typeof en;

/** Every language has exactly the English keys: `satisfies Dictionary` fails on a missing or extra one. */
export type Dictionary = { readonly [K in MessageKey]: string };

export type Values = Record<string, string | number>;

const DICTIONARIES: Record<Lang, Dictionary> = { en, da };

/**
 * `{name}` in the text is replaced by `values.name`, `{name's}` by its possessive in `lang` (Danish
 * "Nordlys'", "Sølvpils"; app/i18n/possessive.ts); a placeholder without a value stays as it is.
 */
export function interpolate(text: string, values?: Values, lang: Lang = "en") {
  if (!values) return text;
  return text.replace(/\{(\w+)('s)?\}/g, (whole, name: string, owner?: string) => {
    if (!Object.hasOwn(values, name)) return whole;
    const value = String(values[name]);
    return owner ? possessive(value, lang) : value;
  });
}

export type Translate = (key: MessageKey, values?: Values) => string;

/** The text for `key` in `lang`, with its placeholders filled. */
export function translator(lang: Lang): Translate {
  const dictionary = DICTIONARIES[lang];
  return (key, values) => interpolate(dictionary[key], values, lang);
}

export function isMessageKey(key: string): key is MessageKey {
  return Object.hasOwn(en, key);
}
