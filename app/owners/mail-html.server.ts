import type { Translate } from "~/i18n/dictionary";
import { escapeHtml } from "~/utils/html";
import { greetingName } from "~/utils/person-name";

/** Lines of text as HTML paragraphs, escaped. */
export function htmlParagraphs(lines: readonly string[]) {
  return lines.map((line) => `<p>${escapeHtml(line)}</p>\n`).join("");
}

/** An owner's or guest's mail greets them by name only when the name is plain text (never a link). */
export function greeting(t: Translate, name: string) {
  const plain = greetingName(name);
  return plain ? t("owners.mail.greeting", { name: plain }) : t("owners.mail.greetingNoName");
}
