import { PostgresAdapter, sql, type Kysely } from "kysely";

export function isPostgres(db: Kysely<any>) {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

/** Column types that differ between the two engines; everything else in a migration is portable. */
export function columnTypes(db: Kysely<any>) {
  const pg = isPostgres(db);
  return {
    /** Whole øre; bigint on PostgreSQL (parsed back to a JS number), integer on SQLite (64-bit). */
    money: pg ? ("bigint" as const) : ("integer" as const),
    /** Instants are stored as ISO-8601 UTC text on both engines so they compare and sort the same way. */
    timestamp: "text" as const,
    nowIso: pg
      ? sql`(to_char(now() at time zone 'utc', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))`
      : sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`,
  };
}
