import fs from "node:fs";
import fsp from "node:fs/promises";
import path from "node:path";
import { currentDatabase, type DatabaseHandle } from "~/platform/db.server";
import { mediaStorage as defaultStorage } from "~/media/media-storage.server";
import type { Storage } from "~/media/storage.server";
import { createArchiveWriter, type WrittenEntry } from "./archive.server";
import {
  FORMAT,
  FORMAT_VERSION,
  MANIFEST_NAME,
  mediaEntryName,
  tableEntryName,
  type Manifest,
} from "./manifest.server";
import { SIGNATURE_NAME, signManifest, signingKey } from "./signature.server";
import { snapshotDatabase, type DatabaseSnapshot } from "./snapshot.server";

export type BackupOptions = {
  /** The folder the backup is written to, under a name made from the time (ignored with `file`). */
  dir: string;
  /** An exact file to write instead; it must not exist yet. */
  file?: string;
  handle?: DatabaseHandle;
  store?: Storage;
  now?: () => Date;
  /** Stops the backup between entries (the site is shutting down); nothing is left behind. */
  signal?: AbortSignal;
  /** Hears that a backup key was generated, with the advice to keep it (default: the log). */
  announceKey?: (line: string) => void;
};

export type BackupResult = { file: string; bytes: number; manifest: Manifest; ms: number };

/** Matches the files backups are written to, and nothing else in the folder. */
export const BACKUP_FILE = /^stable-\d{4}-\d{2}-\d{2}T\d{4}(\d{2})?(-\d+)?\.tar\.gz$/;

const LIST_PAGE = 1000;

/** stable-2026-11-22T1030.tar.gz (UTC); with seconds, then a counter, when that name is taken. */
export function backupFileName(at: Date, taken: (name: string) => boolean) {
  const iso = at.toISOString();
  const minute = `stable-${iso.slice(0, 10)}T${iso.slice(11, 13)}${iso.slice(14, 16)}`;
  const second = `${minute}${iso.slice(17, 19)}`;
  for (const candidate of [minute, second]) if (!taken(`${candidate}.tar.gz`)) return `${candidate}.tar.gz`;
  for (let n = 2; ; n++) if (!taken(`${second}-${n}.tar.gz`)) return `${second}-${n}.tar.gz`;
}

/**
 * Writes one backup file: a consistent snapshot of the database, every media file (read through
 * the storage interface) and the manifest. The file appears under its final name only when it is
 * complete; on any failure nothing is left behind.
 */
export async function createBackup(options: BackupOptions): Promise<BackupResult> {
  const started = Date.now();
  const handle = options.handle ?? currentDatabase();
  const store = options.store ?? defaultStorage();
  const now = options.now ?? (() => new Date());
  const dir = path.resolve(options.dir);
  const target = options.file
    ? path.resolve(options.file)
    : path.join(
        dir,
        backupFileName(now(), (name) => fs.existsSync(path.join(dir, name))),
      );
  await fsp.mkdir(path.dirname(target), { recursive: true });
  if (fs.existsSync(target)) throw new Error(`${target} exists already`);
  const key = signingKey(options.announceKey);
  const staging = await fsp.mkdtemp(path.join(path.dirname(target), ".stable-backup-"));
  try {
    // A record saved between the snapshot and the copying of the media may have had its old image
    // removed; a second attempt takes a new snapshot. Images still missing then are missing for good.
    for (let attempt = 1; ; attempt++) {
      const partial = path.join(staging, `attempt-${attempt}.tar.gz`);
      const dbDir = await fsp.mkdtemp(path.join(staging, "db-"));
      const snapshot = await snapshotDatabase(handle, dbDir);
      options.signal?.throwIfAborted();
      const written = await writeArchive(partial, snapshot, store, now(), key, options.signal, attempt === 1);
      await fsp.rm(dbDir, { recursive: true, force: true });
      if (!written) {
        await fsp.rm(partial, { force: true });
        continue;
      }
      await fsp.rename(partial, target);
      return { file: target, bytes: (await fsp.stat(target)).size, manifest: written, ms: Date.now() - started };
    }
  } finally {
    await fsp.rm(staging, { recursive: true, force: true });
  }
}

/** Returns the manifest, or null when referenced images vanished meanwhile and `retry` is allowed. */
async function writeArchive(
  file: string,
  snapshot: DatabaseSnapshot,
  store: Storage,
  createdAt: Date,
  key: string,
  signal: AbortSignal | undefined,
  retry: boolean,
): Promise<Manifest | null> {
  const writer = await createArchiveWriter(file);
  try {
    const entries: WrittenEntry[] = [];
    for (const dump of snapshot.tables) {
      signal?.throwIfAborted();
      const entry = await writer.addStream(tableEntryName(dump.table), dump.size, fs.createReadStream(dump.file));
      if (entry.sha256 !== dump.sha256) throw new Error(`${dump.file} changed while it was being archived`);
      entries.push(entry);
    }
    const archived = new Set<string>();
    let bytes = 0;
    for await (const key of allKeys(store)) {
      signal?.throwIfAborted();
      if (archived.has(key)) continue;
      const file = await store.get(key);
      // Removed since it was listed: an image replaced or deleted meanwhile.
      if (!file) continue;
      try {
        entries.push(await writer.addStream(mediaEntryName(key), file.size, file.stream));
      } finally {
        file.stream.destroy();
      }
      archived.add(key);
      bytes += file.size;
    }
    const missing = [...snapshot.referencedMedia].filter((key) => !archived.has(key)).sort();
    if (missing.length && retry) {
      await writer.abort();
      return null;
    }
    const manifest: Manifest = {
      format: FORMAT,
      formatVersion: FORMAT_VERSION,
      createdAt: createdAt.toISOString(),
      engine: snapshot.engine,
      migrations: snapshot.migrations,
      tables: Object.fromEntries(snapshot.tables.map((t) => [t.table, { rows: t.rows, columns: t.columns }])),
      media: { files: archived.size, bytes, missing },
      entries,
    };
    const manifestBytes = Buffer.from(JSON.stringify(manifest, null, 1) + "\n");
    await writer.addBuffer(MANIFEST_NAME, manifestBytes);
    await writer.addBuffer(SIGNATURE_NAME, signManifest(manifestBytes, key));
    await writer.finish();
    return manifest;
  } catch (error) {
    await writer.abort();
    throw error;
  }
}

/** Every key in storage, page by page through the storage interface. */
async function* allKeys(store: Storage) {
  for (let offset = 0; ; offset += LIST_PAGE) {
    const page = await store.list("", { limit: LIST_PAGE, offset });
    for (const file of page) yield file.key;
    if (page.length < LIST_PAGE) return;
  }
}

/** Removes the oldest backup files in `dir` beyond the newest `keep`; returns the names removed. */
export async function pruneBackups(dir: string, keep: number) {
  const names = (await fsp.readdir(dir)).filter((name) => BACKUP_FILE.test(name));
  const dated = await Promise.all(
    names.map(async (name) => ({ name, mtime: (await fsp.stat(path.join(dir, name))).mtimeMs })),
  );
  dated.sort((a, b) => b.mtime - a.mtime || (a.name < b.name ? 1 : -1));
  const removed = dated.slice(keep).map((d) => d.name);
  for (const name of removed) await fsp.rm(path.join(dir, name), { force: true });
  return removed;
}
