/** Characters XML 1.0 forbids (control characters but tab and line breaks, lone surrogates, U+FFFE/U+FFFF). */
const FORBIDDEN = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;

/** Text or an attribute value for XML: forbidden characters dropped, every markup character escaped. */
export function xmlText(value: string) {
  return value.replace(FORBIDDEN, "").replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);
}
