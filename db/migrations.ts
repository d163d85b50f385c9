import { Migrator, type Kysely, type Migration } from "kysely";
import * as content from "./migrations/0001-content";
import * as rateLimits from "./migrations/0002-rate-limits";
import * as auth from "./migrations/0003-auth";
import * as contactMessages from "./migrations/0005-contact-messages";
import * as mailQueue from "./migrations/0010-mail-queue";
import * as formStamps from "./migrations/0011-form-stamps";

// Listed explicitly (not read from disk) so the bundled server carries its migrations.
const migrations: Record<string, Migration> = {
  "0001-content": content,
  "0002-rate-limits": rateLimits,
  "0003-auth": auth,
  "0005-contact-messages": contactMessages,
  "0010-mail-queue": mailQueue,
  "0011-form-stamps": formStamps,
};

export function migrator(db: Kysely<any>) {
  return new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
    migrationTableName: "schema_migrations",
    migrationLockTableName: "schema_migrations_lock",
  });
}

export async function migrateToLatest(db: Kysely<any>) {
  const { error, results } = await migrator(db).migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === "Success").map((r) => r.migrationName);
}
