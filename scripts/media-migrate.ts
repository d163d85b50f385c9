/**
 * `npm run media:migrate -- --to s3` copies the media in DATA_DIR/media into the bucket that
 * MEDIA_S3_* describe, and the private photos in DATA_DIR/private-media into MEDIA_S3_PRIVATE_BUCKET;
 * `--to local` copies both back. Files already there are skipped, so it can run again (before the
 * switch, and once more after stopping the site) and nothing is deleted from the source.
 */
import { formatBytes } from "~/media/image";
import { copyMedia } from "~/media/media-migrate.server";
import { bucketMedia, diskMedia } from "~/media/media-storage.server";
import { PrivateStorageMissingError } from "~/media/storage.server";

const args = process.argv.slice(2);
const to =
  args.length === 2 && args[0] === "--to" ? args[1] : args.length === 1 ? /^--to=(.*)$/.exec(args[0]!)?.[1] : undefined;
if (to !== "s3" && to !== "local") {
  console.error("Usage: npm run media:migrate -- --to s3|local");
  process.exit(2);
}
const bucket = bucketMedia();
if (!bucket) {
  console.error("Set MEDIA_S3_BUCKET (and MEDIA_S3_ENDPOINT, credentials …) to the bucket to copy to or from.");
  process.exit(2);
}
const [from, target] = to === "s3" ? [diskMedia(), bucket] : [bucket, diskMedia()];
console.log(`Copying media from ${from.describe()} to ${target.describe()}…`);
try {
  const report = await copyMedia(from, target);
  console.log(
    `Copied ${report.copied} file(s) (${formatBytes(report.bytes)}); ${report.unchanged} were already there.`,
  );
  console.log(
    to === "s3"
      ? "Now start every instance with MEDIA_S3_BUCKET (and MEDIA_S3_PRIVATE_BUCKET) set. The files in DATA_DIR were left in place."
      : "Now start the site without MEDIA_S3_BUCKET. The buckets' files were left in place.",
  );
} catch (error) {
  console.error(`Copying failed: ${error instanceof Error ? error.message : String(error)}`);
  if (error instanceof PrivateStorageMissingError)
    console.error("The site has private photos (of owners-only posts): name a bucket of their own first.");
  console.error("Nothing was removed; run the command again once the storage is reachable.");
  process.exitCode = 1;
}
