/** A section's texts in another language: exactly the English keys, each a text. */
export type Translations<E> = { readonly [K in keyof E]: string };

/**
 * One section of the dashboard's texts (a tab, the forms, the account page) in both languages,
 * side by side. The Danish object must have exactly the English keys: a missing or extra one fails
 * the typecheck.
 */
export function section<const E extends Record<string, string>>(en: E, da: Translations<E>) {
  return { en, da };
}
