import { escapeHtml } from "~/utils/html";

/** Lines of text as HTML paragraphs, escaped. */
export function htmlParagraphs(lines: readonly string[]) {
  return lines.map((line) => `<p>${escapeHtml(line)}</p>\n`).join("");
}
