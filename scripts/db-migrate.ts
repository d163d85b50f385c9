/** `npm run db:migrate`: applies pending migrations to the configured database (SQLite or DATABASE_URL). */
import { closeDatabase, engine, migrate } from "~/platform/db.server";

try {
  const applied = await migrate();
  console.log(
    applied.length ? `Applied on ${engine()}: ${applied.join(", ")}` : `The ${engine()} database is up to date.`,
  );
} catch (error) {
  console.error(`Migration failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
} finally {
  await closeDatabase();
}
