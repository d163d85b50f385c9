/**
 * `npm run backup` writes one backup file (database snapshot, media, manifest) to BACKUP_DIR
 * (default ./backups) while the site keeps running. `--out <file>` names the file itself.
 * `npm run backup -- --verify <file>` checks a backup file from end to end without restoring it,
 * its signature with the backup key included. Backups are signed with BACKUP_KEY, or with a key
 * generated at the first backup into DATA_DIR/secrets/backup_key (printed once, with the advice to
 * keep a copy apart from the backups).
 */
import { parseArgs } from "node:util";
import { BackupFileError } from "~/backup/archive.server";
import { createBackup, pruneBackups } from "~/backup/create-backup.server";
import { describeBackup } from "~/backup/describe.server";
import { describeBackupError } from "~/backup/schedule.server";
import { verifyBackup } from "~/backup/verify-backup.server";
import { closeDatabase, engine } from "~/platform/db.server";
import { env } from "~/platform/env.server";
import { formatBytes } from "~/media/image";

/** A key generated at this backup: said once, with where it is and the advice to keep it apart. */
function announce(line: string) {
  console.log(`\n${line}\n`);
}

const USAGE = "Usage: npm run backup [-- --out <file>]  |  npm run backup -- --verify <file>";

let args: { verify?: string; out?: string };
try {
  args = parseArgs({ options: { verify: { type: "string" }, out: { type: "string" } } }).values;
} catch (error) {
  console.error(`${error instanceof Error ? error.message : String(error)}\n${USAGE}`);
  process.exit(2);
}

if (args.verify) {
  try {
    const verified = await verifyBackup(args.verify);
    console.log(`Backup ${verified.file}`);
    for (const line of describeBackup(verified.manifest)) console.log(`  ${line}`);
    console.log(
      `  Checked ${verified.manifest.entries.length + 1} entries: gzip and tar intact, every checksum, row count and column matches the manifest.`,
    );
    console.log("  Signed with this site's backup key: it is the site's own and unaltered.");
    console.log("OK: the backup is complete and can be restored.");
  } catch (error) {
    if (!(error instanceof BackupFileError)) throw error;
    console.error(`NOT USABLE: ${args.verify} is not a usable backup: ${error.message}.`);
    process.exitCode = 1;
  }
} else {
  try {
    const { backupDir, BACKUP_KEEP } = env();
    console.log(`Backing up the ${engine()} database and the media…`);
    const result = await createBackup({ dir: backupDir, file: args.out, announceKey: announce });
    console.log(`Wrote ${result.file} (${formatBytes(result.bytes)}) in ${(result.ms / 1000).toFixed(1)} s`);
    for (const line of describeBackup(result.manifest)) console.log(`  ${line}`);
    if (!args.out && BACKUP_KEEP) {
      const removed = await pruneBackups(backupDir, BACKUP_KEEP);
      if (removed.length)
        console.log(`Removed ${removed.length} older backup(s), keeping ${BACKUP_KEEP}: ${removed.join(", ")}`);
    }
  } catch (error) {
    console.error(`Backup failed: ${describeBackupError(error)}. No backup file was written.`);
    process.exitCode = 1;
  } finally {
    await closeDatabase();
  }
}
