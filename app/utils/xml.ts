/**
 * What XML 1.0 does not allow in a document at all, escaped or not (its `Char` production): the C0
 * control characters but tab, line feed and carriage return; a surrogate without its pair; U+FFFE
 * and U+FFFF. One such character (Word's manual line break, U+000B, say) makes a feed malformed.
 */
export const XML_FORBIDDEN =
  // eslint-disable-next-line no-control-regex -- the control characters are what it finds
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

const FORBIDDEN_ALL = new RegExp(XML_FORBIDDEN.source, "g");

/** Text for any XML the site writes (feeds, sitemap): forbidden characters dropped, markup escaped. */
export function xmlText(value: string): string {
  return value.replace(FORBIDDEN_ALL, "").replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);
}
