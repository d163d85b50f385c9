import { env } from "~/platform/env.server";
import { escapeHtml } from "~/utils/html";

/**
 * The site's address in owners' mail: PUBLIC_ORIGIN, else the one the change that queued the mail
 * came through (an allowed local address: the host check let nothing else in), never a Host header's.
 */
export function mailOrigin(linkOrigin: string | null): string {
  const configured = env().PUBLIC_ORIGIN;
  if (configured) return new URL(configured).origin;
  return linkOrigin ?? `http://localhost:${env().PORT}`;
}

/** Lines of text as HTML paragraphs, escaped. */
export function htmlParagraphs(lines: readonly string[]) {
  return lines.map((line) => `<p>${escapeHtml(line)}</p>\n`).join("");
}

/** A subject is one header line: names typed with line breaks lose them. */
export function oneLine(text: string) {
  return text.replace(/[\p{Cc}\u2028\u2029]+/gu, " ").trim();
}
