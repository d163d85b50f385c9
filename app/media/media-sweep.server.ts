import fsp from "node:fs/promises";
import path from "node:path";
import { trashedImageUrls } from "~/models/trash.server";
import { db } from "~/platform/db.server";
import { stem, stemOfStoredFile } from "./image";
import { mediaStorage as defaultStorage } from "./media-storage.server";
import { keyFromMediaUrl, type Storage, type StoredFile } from "./storage.server";
import { uploadTmpDir } from "./upload.server";

/** Files younger than this are left alone: an upload may be stored but not yet on its record. */
export const DEFAULT_MIN_AGE_MS = 60 * 60 * 1000;

export type SweepReport = {
  /** Files that a record references (originals and their variants). */
  referenced: number;
  /** Files no record references, old enough to go. */
  unreferenced: StoredFile[];
  /** Unreferenced files too young to judge. */
  recent: StoredFile[];
  /** Leftover temporary files (interrupted writes and uploads). */
  temporary: string[];
  removed: boolean;
};

/** Every stored-image stem that some record points at, in use or in the trash (it may be restored). */
export async function referencedStems(): Promise<Set<string>> {
  const urls = await Promise.all([
    db().selectFrom("home_images").select("image_url as url").execute(),
    db().selectFrom("horses").select("image_url as url").execute(),
    db().selectFrom("winners").select("photo_url as url").execute(),
    db().selectFrom("team_members").select("photo_url as url").execute(),
    db().selectFrom("site_settings").select("logo_url as url").execute(),
    db().selectFrom("post_photos").select("image_url as url").execute(),
    db().selectFrom("site_settings").select("hero_url as url").execute(),
    trashedImageUrls().then((list) => list.map((url) => ({ url }))),
  ]);
  const stems = new Set<string>();
  // Receipts of costs are kept by their storage key (private/…), not by an address.
  const receipts = await db()
    .selectFrom("costs")
    .select("receipt_key as key")
    .where("receipt_key", "is not", null)
    .execute();
  for (const { key } of receipts) stems.add(stem(key!));
  for (const rows of urls) {
    for (const { url } of rows) {
      const key = keyFromMediaUrl(url);
      if (key) stems.add(stem(key));
    }
  }
  return stems;
}

/**
 * Finds stored files that no record references (a crash between storing and saving, an old
 * version of the code) and, when `remove` is set, deletes them.
 */
export async function sweepMedia(
  options: { remove?: boolean; minAgeMs?: number; now?: number; store?: Storage } = {},
): Promise<SweepReport> {
  const { remove = false, minAgeMs = DEFAULT_MIN_AGE_MS, now = Date.now(), store = defaultStorage() } = options;
  const stems = await referencedStems();
  const files: StoredFile[] = [];
  for (let offset = 0; ; offset += 1000) {
    const page = await store.list("", { limit: 1000, offset });
    files.push(...page);
    if (page.length < 1000) break;
  }
  const report: SweepReport = { referenced: 0, unreferenced: [], recent: [], temporary: [], removed: remove };
  for (const file of files) {
    if (stems.has(stemOfStoredFile(file.key))) report.referenced++;
    else if (now - file.modifiedAt.getTime() < minAgeMs) report.recent.push(file);
    else report.unreferenced.push(file);
  }
  report.temporary = [
    ...(await store.staleTemporaryFiles(minAgeMs)),
    ...(await staleFiles(uploadTmpDir(), minAgeMs, now)),
  ];
  if (remove) {
    // Re-read the references just before deleting, so a record saved meanwhile keeps its files.
    const latest = await referencedStems();
    for (const file of report.unreferenced) if (!latest.has(stemOfStoredFile(file.key))) await store.delete(file.key);
    for (const file of report.temporary) await fsp.rm(file, { force: true });
  }
  return report;
}

async function staleFiles(dir: string, minAgeMs: number, now: number) {
  const names = await fsp.readdir(dir).catch(() => [] as string[]);
  const out: string[] = [];
  for (const name of names) {
    const full = path.join(dir, name);
    const stat = await fsp.stat(full).catch(() => null);
    if (stat?.isFile() && now - stat.mtimeMs >= minAgeMs) out.push(full);
  }
  return out;
}
