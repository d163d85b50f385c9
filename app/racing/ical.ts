/** Small pieces of RFC 5545 (iCalendar): text escaping and line folding. */

/** What a TEXT value may not hold (CONTROL, §3.1): C0 characters but tab and the line breaks written as \n, and DEL. */
// eslint-disable-next-line no-control-regex -- the control characters are what it drops
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/g;

/** TEXT values: control characters dropped, backslash, semicolon and comma escaped, line breaks as \n (§3.3.11). */
export function icalText(value: string): string {
  return value
    .replace(CONTROL, "")
    .replace(/\\/g, "\\\\")
    .replace(/;/g, "\\;")
    .replace(/,/g, "\\,")
    .replace(/\r\n|\r|\n/g, "\\n");
}

const encoder = new TextEncoder();

/**
 * Folds a content line so no line is longer than 75 octets (§3.1): continuation lines start with
 * one space, and a multi-byte character is never split.
 */
export function foldLine(line: string): string {
  if (encoder.encode(line).length <= 75) return line;
  const parts: string[] = [];
  let current = "";
  let size = 0;
  for (const char of line) {
    const bytes = encoder.encode(char).length;
    const limit = parts.length === 0 ? 75 : 74; // a continuation's leading space counts
    if (size + bytes > limit) {
      parts.push(current);
      current = "";
      size = 0;
    }
    current += char;
    size += bytes;
  }
  parts.push(current);
  return parts.join("\r\n ");
}

/** A calendar's lines, folded and ended with CRLF as the format requires. */
export function icalDocument(lines: string[]): string {
  return lines.map((line) => `${foldLine(line)}\r\n`).join("");
}

/** '2026-06-20' → '20260620'; '15:30' → '153000'. */
export const icalDate = (date: string) => date.replace(/-/g, "");
export const icalTime = (time: string) => `${time.replace(":", "")}00`;

/** An instant as UTC date-time: '20260620T133000Z'. */
export function icalUtc(iso: string): string {
  return new Date(iso)
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.\d{3}/, "");
}

/** Europe/Copenhagen's rules (CET/CEST, EU clock changes since 1996), for DTSTART;TZID=Europe/Copenhagen. */
export const COPENHAGEN_VTIMEZONE = [
  "BEGIN:VTIMEZONE",
  "TZID:Europe/Copenhagen",
  "BEGIN:DAYLIGHT",
  "TZOFFSETFROM:+0100",
  "TZOFFSETTO:+0200",
  "TZNAME:CEST",
  "DTSTART:19700329T020000",
  "RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU",
  "END:DAYLIGHT",
  "BEGIN:STANDARD",
  "TZOFFSETFROM:+0200",
  "TZOFFSETTO:+0100",
  "TZNAME:CET",
  "DTSTART:19701025T030000",
  "RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU",
  "END:STANDARD",
  "END:VTIMEZONE",
];
