import { adminEn, type AdminKey, type AdminTranslate } from "~/i18n/admin/dictionary";
import type { Lang } from "~/i18n/lang";
import type { Activity } from "~/models/activity.server";

/**
 * The activity log keeps what happened in the site's own English words (summaries, field names,
 * values). The Activity tab shows them in the administrator's language: each English wording of
 * the dictionary's `activity.said.*` texts is matched as a pattern (its `{placeholders}` the
 * names, titles and numbers in it), field names and values by their English text. A wording the
 * dictionary does not know (an entry older than its text) is shown as recorded.
 */

const keysWith = (prefix: string) => (Object.keys(adminEn) as AdminKey[]).filter((key) => key.startsWith(prefix));

/** A said-text's English as an anchored pattern: '{noun} deleted: {label}' → /^(.+?) deleted: (.+?)$/. */
function patternOf(english: string) {
  const names: string[] = [];
  const source = english
    .split(/\{(\w+)\}/)
    .map((part, i) => {
      if (i % 2 === 0) return part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
      names.push(part);
      return "(.+?)";
    })
    .join("");
  return { regex: new RegExp(`^${source}$`, "s"), names };
}

const SAID = keysWith("activity.said.").map((key) => ({ key, ...patternOf(adminEn[key]) }));

/** The English text of each key under a prefix, mapped to its key. */
const byEnglish = (prefix: string) => new Map(keysWith(prefix).map((key) => [adminEn[key] as string, key]));

const FIELDS = byEnglish("activity.field.");
const VALUES = byEnglish("activity.value.");
const NOUNS = byEnglish("trash.noun.");
const ORDINAL = /^(\d+)(st|nd|rd|th)$/;

/** The fields and placeholders whose values are the site's own words (never a name or title someone typed). */
const WORDS = new Set([
  "Status",
  "Draft",
  "Audience",
  "Send as Newsletter",
  "Language",
  "Dashboard language",
  "Notices",
  "Horse",
  "Result",
  "Prize Money",
]);
const WORD_PLACEHOLDERS = new Set(["noun", "notice", "language"]);

/** A value in the site's words as the tab shows it: a known word, a list of them, or a place ('1st', '1.'). */
function wordsIn(value: string, t: AdminTranslate, lang: Lang): string {
  const known = VALUES.get(value) ?? NOUNS.get(value);
  if (known) return t(known);
  const place = ORDINAL.exec(value);
  if (place) return lang === "da" ? `${place[1]}.` : value;
  const items = value.split(", ");
  return items.length > 1 && items.every((item) => VALUES.has(item))
    ? items.map((item) => t(VALUES.get(item)!)).join(", ")
    : value;
}

/** A recorded summary in the administrator's language. */
export function summaryIn(summary: string, t: AdminTranslate, lang: Lang): string {
  for (const { key, regex, names } of SAID) {
    const match = regex.exec(summary);
    if (!match) continue;
    const values = Object.fromEntries(
      names.map((name, i) => [name, WORD_PLACEHOLDERS.has(name) ? wordsIn(match[i + 1]!, t, lang) : match[i + 1]!]),
    );
    return t(key, values);
  }
  return summary;
}

/** An entry as the Activity tab shows it, in the administrator's language. */
export function entryIn(entry: Activity, t: AdminTranslate, lang: Lang): Activity {
  return {
    ...entry,
    summary: summaryIn(entry.summary, t, lang),
    changes: entry.changes.map((c) => {
      const field = FIELDS.get(c.field);
      const value = (text: string | null) => (text !== null && WORDS.has(c.field) ? wordsIn(text, t, lang) : text);
      return { field: field ? t(field) : c.field, old: value(c.old), new: value(c.new) };
    }),
  };
}
