import type { Storage } from "./storage.server";

export type MigrateReport = { copied: number; unchanged: number; bytes: number };

const PAGE = 1000;

/**
 * Copies every media file from one storage to another under the same key. A file already there
 * with the same size is left alone (stored names are never reused, so same key and size is the
 * same file), which makes a second run, or a run after an interrupted one, copy only what is
 * missing. Nothing is removed from either side.
 */
export async function copyMedia(
  from: Storage,
  to: Storage,
  { onFile }: { onFile?: (key: string, copied: boolean) => void } = {},
): Promise<MigrateReport> {
  const report: MigrateReport = { copied: 0, unchanged: 0, bytes: 0 };
  for (let offset = 0; ; offset += PAGE) {
    const page = await from.list("", { limit: PAGE, offset });
    const present = new Map((await keysOn(to, page)).map((f) => [f.key, f.size]));
    for (const file of page) {
      if (present.get(file.key) === file.size) {
        report.unchanged++;
        onFile?.(file.key, false);
        continue;
      }
      const source = await from.get(file.key);
      // Removed since it was listed (a replaced image): nothing to copy.
      if (!source) continue;
      await to.put(file.key, source.stream);
      report.copied++;
      report.bytes += source.size;
      onFile?.(file.key, true);
    }
    if (page.length < PAGE) return report;
  }
}

/** The target's files among `files`, listed by folder rather than asked for one by one. */
async function keysOn(store: Storage, files: { key: string }[]) {
  const folders = new Set(files.map((f) => f.key.slice(0, f.key.lastIndexOf("/") + 1)));
  const found = [];
  for (const folder of folders) {
    for (let offset = 0; ; offset += PAGE) {
      const page = await store.list(folder, { limit: PAGE, offset });
      found.push(...page.filter((f) => f.key.slice(0, f.key.lastIndexOf("/") + 1) === folder));
      if (page.length < PAGE) break;
    }
  }
  return found;
}
