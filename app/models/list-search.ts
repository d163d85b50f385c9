import { sql, type RawBuilder } from "kysely";
import { containsPattern } from "~/utils/paging";

/**
 * Whether a column holds the searched text anywhere, letter case aside: `lower(column)` against the
 * text in lower case, or the column against the text as typed (SQLite's lower() folds A-Z only, so
 * "Ødegård" typed as stored still finds "Åse Ødegård"). `%`, `_` and `\` are taken as typed.
 */
export function holds(column: string, text: string): RawBuilder<boolean> {
  const lower = containsPattern(text.toLowerCase());
  const typed = containsPattern(text);
  return sql<boolean>`(lower(${sql.ref(column)}) like ${lower} escape '\\' or ${sql.ref(column)} like ${typed} escape '\\')`;
}

/** A search that is a year (`2026`), or null. */
export function searchedYear(text: string): number | null {
  return /^(19|20)\d\d$/.test(text) ? Number(text) : null;
}
