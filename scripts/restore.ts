/**
 * `npm run restore -- <file> [--force]` restores a backup into the database and DATA_DIR/media the
 * settings point at (DATABASE_URL, DATA_DIR), whichever engine the backup was taken on. A target
 * that holds content is refused unless --force. Stop the site first; start it again afterwards.
 */
import { parseArgs } from "node:util";
import { BackupFileError } from "~/backup/archive.server";
import { describeBackup } from "~/backup/describe.server";
import { RestoreRefusedError, restoreBackup } from "~/backup/restore-backup.server";
import { describeBackupError } from "~/backup/schedule.server";
import { closeDatabase, engine } from "~/platform/db.server";
import { mediaStorage } from "~/media/media-storage.server";

const USAGE = "Usage: npm run restore -- <backup file> [--force]";

let file: string | undefined;
let force = false;
try {
  const parsed = parseArgs({ options: { force: { type: "boolean" } }, allowPositionals: true });
  if (parsed.positionals.length !== 1) throw new Error("Name one backup file.");
  file = parsed.positionals[0];
  force = parsed.values.force ?? false;
} catch (error) {
  console.error(`${error instanceof Error ? error.message : String(error)}\n${USAGE}`);
  process.exit(2);
}

try {
  console.log(`Checking ${file}, then restoring it into the ${engine()} database and ${mediaStorage().describe()}…`);
  const result = await restoreBackup(file!, { force });
  console.log(`Restored in ${(result.ms / 1000).toFixed(1)} s:`);
  for (const line of describeBackup(result.manifest)) console.log(`  ${line}`);
  const { written, unchanged, removed } = result.media;
  console.log(
    `  media restored: ${written} file(s) written, ${unchanged} already there${removed ? `, ${removed} removed` : ""}`,
  );
  console.log("Sessions and reset links were not restored: administrators sign in again. Start the site now.");
} catch (error) {
  if (error instanceof BackupFileError) {
    console.error(`NOT RESTORED: ${file} is not a usable backup: ${error.message}. Nothing was changed.`);
  } else if (error instanceof RestoreRefusedError) {
    console.error(`NOT RESTORED: ${error.message}`);
  } else {
    console.error(`Restore failed: ${describeBackupError(error)}. Nothing was changed.`);
  }
  process.exitCode = 1;
} finally {
  await closeDatabase();
}
