/** The longest name a person's greeting carries (a guest's name as their owner types it). */
export const PERSON_NAME_MAX = 80;

/**
 * What a person's name never holds: control, format and direction characters; markup and address
 * characters; anything shaped like a web address ("www.", or a dot with letters straight after it,
 * as in "evil.example"). "J. R. Hartley", "Anne O'Brien" and "Holm-Ærø" are plain.
 */
const NOT_PLAIN = [/[\p{Cc}\p{Cf}\u2028\u2029]/u, /[<>@\\/:[\]{}|]/, /www\./i, /[\p{L}\p{N}_-]\.\p{L}{2,}/u];

/** Whether a name is plain text a mail may greet someone with: no link, address, markup or hidden character. */
export function isPlainName(name: string): boolean {
  return !NOT_PLAIN.some((pattern) => pattern.test(name));
}

/** The name to greet someone with, or null when it is not plain or longer than PERSON_NAME_MAX. */
export function greetingName(name: string): string | null {
  const trimmed = name.trim();
  return trimmed && trimmed.length <= PERSON_NAME_MAX && isPlainName(trimmed) ? trimmed : null;
}
