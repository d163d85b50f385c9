/**
 * `npm run media:sweep` lists stored media files that no record references; `-- --delete`
 * removes them. Files younger than an hour are left alone (an upload may be stored but not yet
 * saved on its record); `--min-age=<minutes>` changes that.
 */
import { closeDatabase, migrate } from "~/platform/db.server";
import { formatBytes } from "~/media/image";
import { DEFAULT_MIN_AGE_MS, sweepMedia } from "~/media/media-sweep.server";
import { mediaStorage } from "~/media/media-storage.server";

const args = process.argv.slice(2);
const remove = args.includes("--delete");
const minAgeArg = args.find((a) => a.startsWith("--min-age="));
const minAgeMs = minAgeArg ? Number(minAgeArg.slice("--min-age=".length)) * 60_000 : DEFAULT_MIN_AGE_MS;
const unknown = args.filter((a) => a !== "--delete" && !a.startsWith("--min-age="));
if (unknown.length || !Number.isFinite(minAgeMs) || minAgeMs < 0) {
  console.error("Usage: npm run media:sweep [-- --delete] [--min-age=<minutes>]");
  process.exit(2);
}

try {
  await migrate();
  const report = await sweepMedia({ remove, minAgeMs });
  const bytes = report.unreferenced.reduce((sum, f) => sum + f.size, 0);
  console.log(`Media in ${mediaStorage().describe()}`);
  console.log(`  ${report.referenced} file(s) belong to an image a record uses.`);
  for (const file of report.unreferenced)
    console.log(`  ${remove ? "removed" : "unused"}  ${file.key}  (${formatBytes(file.size)})`);
  for (const file of report.temporary) console.log(`  ${remove ? "removed" : "leftover"}  ${file}`);
  if (report.recent.length)
    console.log(`  ${report.recent.length} unused file(s) younger than ${minAgeMs / 60_000} min left alone.`);
  const summary = `${report.unreferenced.length} unused file(s), ${formatBytes(bytes)}; ${report.temporary.length} leftover temporary file(s).`;
  console.log(
    remove
      ? `Removed ${summary}`
      : `${summary}\nDry run: nothing was removed. Run \`npm run media:sweep -- --delete\` to remove them.`,
  );
} finally {
  await closeDatabase();
}
