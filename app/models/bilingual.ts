/** A value the stable gives in both of the site's languages. */
export type BothLanguages<T> = { en: T; da: T };

/**
 * A text a visitor reads, typed in English and in Danish side by side; "" where one is not given
 * (a page then shows the other: app/i18n/localized.ts).
 */
export type Bilingual = BothLanguages<string>;

/**
 * A record's text in both languages: its field `key` is the English one (the spec's), `<key>Da` the
 * Danish one, as every model names them (and the columns: `<column>_da`).
 */
export function both<K extends string>(record: { [F in K | `${K}Da`]?: string | null }, key: K): Bilingual {
  return { en: record[key] ?? "", da: record[`${key}Da`] ?? "" };
}
