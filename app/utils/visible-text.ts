/**
 * Characters a visitor can type that change how the text around them reads without showing
 * themselves: direction overrides and isolates (U+202A–U+202E, U+2066–U+2069), zero-width and other
 * format characters (Unicode category Cf), control characters but tab and line breaks, and the
 * line and paragraph separators.
 */
const INVISIBLE = /[\p{Cf}\p{Cc}\u2028\u2029]/gu;
const KEPT = new Set(["\t", "\n", "\r"]);
const PICTOGRAPH = /\p{Extended_Pictographic}/u;
const ZERO_WIDTH_JOINER = "\u200D";

/**
 * Text from an anonymous visitor as the administrator sees it (the Activity log, Messages, contact
 * mail): each invisible character is shown by its code, e.g. "[U+202E]", so nothing reorders or
 * hides what is around it. A zero-width joiner inside an emoji sequence is kept.
 */
export function showInvisible(text: string): string {
  return text.replace(INVISIBLE, (char, offset: number, whole: string) => {
    if (KEPT.has(char)) return char;
    if (
      char === ZERO_WIDTH_JOINER &&
      PICTOGRAPH.test(whole.slice(Math.max(0, offset - 2), offset)) &&
      PICTOGRAPH.test(whole.slice(offset + 1, offset + 3))
    )
      return char;
    return `[U+${char.codePointAt(0)!.toString(16).toUpperCase().padStart(4, "0")}]`;
  });
}
