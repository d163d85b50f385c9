import { Migrator, type Kysely, type Migration } from "kysely";
import * as content from "./migrations/0001-content";
import * as rateLimits from "./migrations/0002-rate-limits";
import * as auth from "./migrations/0003-auth";
import * as contactMessages from "./migrations/0005-contact-messages";

// Listed explicitly (not read from disk) so the bundled server carries its migrations.
const migrations: Record<string, Migration> = {
  "0001-content": content,
  "0002-rate-limits": rateLimits,
  "0003-auth": auth,
  "0005-contact-messages": contactMessages,
};

export async function migrateToLatest(db: Kysely<any>) {
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
    migrationTableName: "schema_migrations",
    migrationLockTableName: "schema_migrations_lock",
  });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === "Success").map((r) => r.migrationName);
}
