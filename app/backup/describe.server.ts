import { formatBytes } from "~/media/image";
import type { Manifest } from "./manifest.server";

/** A backup's contents in a few lines, for the command line. */
export function describeBackup(manifest: Manifest) {
  const tables = Object.entries(manifest.tables)
    .map(([name, t]) => `${name} ${t.rows}`)
    .join(", ");
  const missing = manifest.media.missing.length;
  return [
    `taken ${manifest.createdAt} on ${manifest.engine}, database schema ${manifest.migrations.at(-1)} (backup format ${manifest.formatVersion})`,
    `rows: ${tables}`,
    `media: ${manifest.media.files} file(s), ${formatBytes(manifest.media.bytes)}${
      missing ? `; ${missing} image(s) records point at were already missing from storage` : ""
    }`,
  ];
}
