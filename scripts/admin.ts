/**
 * `npm run admin -- <create|list|revoke> …`: manage administrators from the command line (for
 * scripted deployments). Uses the same database settings as the site (DATA_DIR, DATABASE_URL).
 */
import { closeDatabase, migrate } from "~/platform/db.server";
import { runAdminCommand } from "./admin-command";

async function main() {
  await migrate();
  const code = await runAdminCommand(process.argv.slice(2), {
    out: (line) => console.log(line),
    err: (line) => console.error(line),
  });
  await closeDatabase();
  process.exit(code);
}

main().catch(async (error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  await closeDatabase().catch(() => {});
  process.exit(1);
});
