/**
 * CSV as spreadsheets read it (RFC 4180): a cell with a comma, quote or line break is quoted, its
 * quotes doubled. A cell a spreadsheet would take for a formula (starting with = + - @, a tab or a
 * carriage return) gets a leading apostrophe, so an address typed by a visitor never runs as one; a
 * negative number stays a number.
 */
export function csvCell(value: string | number | null | undefined): string {
  let text = value == null ? "" : String(value);
  // A plain number ("-125.50") runs as nothing but itself.
  if (/^[=+\-@\t\r]/.test(text) && !/^-\d+(\.\d+)?$/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** Lines of cells, CRLF-terminated. */
export function csvLines(rows: readonly (readonly (string | number | null | undefined)[])[]): string {
  return rows.map((cells) => `${cells.map(csvCell).join(",")}\r\n`).join("");
}
