/**
 * `npm run restore -- <file> [--force] [--trust-unsigned]` restores a backup into the database and
 * DATA_DIR/media the settings point at (DATABASE_URL, DATA_DIR), whichever engine the backup was
 * taken on. A target that holds content is refused unless --force; a file that is not signed with
 * the backup key (BACKUP_KEY or DATA_DIR/secrets/backup_key) unless --trust-unsigned. Stop the site
 * first; start it again afterwards.
 */
import { parseArgs } from "node:util";
import { BackupFileError } from "~/backup/archive.server";
import { describeBackup } from "~/backup/describe.server";
import { RestoreRefusedError, restoreBackup } from "~/backup/restore-backup.server";
import { describeBackupError } from "~/backup/schedule.server";
import { closeDatabase, engine } from "~/platform/db.server";
import { mediaStorage } from "~/media/media-storage.server";

const USAGE = "Usage: npm run restore -- <backup file> [--force] [--trust-unsigned]";

let file: string | undefined;
let force = false;
let trustUnsigned = false;
try {
  const parsed = parseArgs({
    options: { force: { type: "boolean" }, "trust-unsigned": { type: "boolean" } },
    allowPositionals: true,
  });
  if (parsed.positionals.length !== 1) throw new Error("Name one backup file.");
  file = parsed.positionals[0];
  force = parsed.values.force ?? false;
  trustUnsigned = parsed.values["trust-unsigned"] ?? false;
} catch (error) {
  console.error(`${error instanceof Error ? error.message : String(error)}\n${USAGE}`);
  process.exit(2);
}

try {
  console.log(`Checking ${file}, then restoring it into the ${engine()} database and ${mediaStorage().describe()}…`);
  const result = await restoreBackup(file!, { force, trustUnsigned });
  console.log(`Restored in ${(result.ms / 1000).toFixed(1)} s:`);
  if (result.signature !== "signed")
    console.log(`  signature: ${result.signature} (--trust-unsigned): its origin was not checked`);
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
