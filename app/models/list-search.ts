import { sql, type RawBuilder } from "kysely";

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

/** A list's page: its records, the page it is and how many there are. */
export type Paged<T> = { items: T[]; page: number; pages: number; total: number };

/** How many pages `count` records fill, at least one. */
export function pageCount(count: number, perPage: number): number {
  return Math.max(1, Math.ceil(count / perPage));
}

/** The first and last date (ISO, inclusive lower, exclusive upper) of a season. */
export function seasonRange(season: number): { from: string; to: string } {
  return { from: `${season}-01-01`, to: `${season + 1}-01-01` };
}

/** A LIKE pattern matching `text` anywhere, its own `%`, `_` and `\` taken literally (ESCAPE '\'). */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
