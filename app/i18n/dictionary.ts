import { da } from "./da";
import { en } from "./en";
import type { Lang } from "./lang";

export type MessageKey = keyof typeof en;

/** Every language has exactly the English keys: `satisfies Dictionary` fails on a missing or extra one. */
export type Dictionary = { readonly [K in MessageKey]: string };

export type Values = Record<string, string | number>;

const DICTIONARIES: Record<Lang, Dictionary> = { en, da };

/** `{name}` in the text is replaced by `values.name`; a placeholder without a value stays as it is. */
export function interpolate(text: string, values?: Values) {
  if (!values) return text;
  return text.replace(/\{(\w+)\}/g, (whole, name: string) =>
    Object.hasOwn(values, name) ? String(values[name]) : whole,
  );
}

export type Translate = (key: MessageKey, values?: Values) => string;

/** The text for `key` in `lang`, with its placeholders filled. */
export function translator(lang: Lang): Translate {
  const dictionary = DICTIONARIES[lang];
  return (key, values) => interpolate(dictionary[key], values);
}

export function isMessageKey(key: string): key is MessageKey {
  return Object.hasOwn(en, key);
}
