/**
 * What XML 1.0 does not allow in a document at all, escaped or not (its `Char` production): the C0
 * control characters but tab, line feed and carriage return; a surrogate without its pair; U+FFFE
 * and U+FFFF. One such character (Word's manual line break, U+000B, say) makes a feed malformed.
 */
export const XML_FORBIDDEN = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/u;

const FORBIDDEN_ALL = new RegExp(XML_FORBIDDEN.source, "gu");

/** Text or an attribute value for any XML the site writes: forbidden characters dropped, every markup character escaped. */
export function xmlText(value: string): string {
  return value.replace(FORBIDDEN_ALL, "").replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);
}
