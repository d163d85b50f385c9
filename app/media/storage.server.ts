import { randomBytes } from "node:crypto";
import fs from "node:fs";
import fsp from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { env } from "~/platform/env.server";

/** The spec's storage buckets. */
export const BUCKETS = ["horse-images", "winner-photos", "team-photos", "post-photos"] as const;
export type Bucket = (typeof BUCKETS)[number];

/** Where stored files are served from; a file's public URL is this prefix plus its key. */
export const MEDIA_URL_PREFIX = "/media/";

export class StoragePathError extends Error {
  override name = "StoragePathError";
}

const SEGMENT = /^[A-Za-z0-9_-][A-Za-z0-9._-]*$/;

/**
 * Normalises a storage key the way the spec describes upload paths (leading and trailing slashes
 * removed, repeated slashes collapsed) and refuses anything that could name a file outside the
 * storage root: `.`/`..` segments, NUL, backslashes, percent-encoding, drive letters and any
 * character outside a conservative set. Segments may not start with a dot, which keeps
 * temporary and hidden files unreachable.
 */
export function normaliseKey(key: string): string {
  if (typeof key !== "string") throw new StoragePathError("A storage path must be a string.");
  if (key.includes("\0")) throw new StoragePathError("A storage path may not contain NUL.");
  if (key.includes("\\")) throw new StoragePathError("A storage path may not contain backslashes.");
  if (key.includes("%")) throw new StoragePathError("A storage path may not be percent-encoded.");
  const segments = key.split("/").filter((s) => s !== "");
  if (segments.length === 0) throw new StoragePathError("A storage path may not be empty.");
  for (const segment of segments) {
    if (segment === "." || segment === "..") throw new StoragePathError("A storage path may not contain '.' or '..'.");
    if (!SEGMENT.test(segment))
      throw new StoragePathError(`A storage path segment is not allowed: ${JSON.stringify(segment)}.`);
  }
  return segments.join("/");
}

/**
 * The names the site gives stored files (images.server.ts): an original `<time>-<12 hex>.<ext>` or
 * a home image `home-<position>-<time>.<ext>`, and its variants `.w<width>.avif|webp` and `.og.jpg`.
 */
const STORED_NAME =
  /^(?:\d{1,16}-[0-9a-f]{12}|home-[1-4]-\d{1,16})\.(?:jpg|png|webp|avif|w\d{1,4}\.(?:avif|webp)|og\.jpg)$/;

/** Whether the site itself could have stored a file under this key (a known bucket, a name it gives). */
export function isSiteMediaKey(key: string): boolean {
  const [bucket, name, ...rest] = key.split("/");
  return rest.length === 0 && (BUCKETS as readonly string[]).includes(bucket!) && STORED_NAME.test(name ?? "");
}

export function mediaUrl(key: string) {
  return MEDIA_URL_PREFIX + normaliseKey(key);
}

/** The storage key behind a /media/ URL, or null for any other URL (external, legacy, public/). */
export function keyFromMediaUrl(url: string | null | undefined): string | null {
  if (!url || !url.startsWith(MEDIA_URL_PREFIX)) return null;
  try {
    return normaliseKey(url.slice(MEDIA_URL_PREFIX.length));
  } catch {
    return null;
  }
}

export type StoredFile = { key: string; size: number; modifiedAt: Date };
export type ListOptions = { limit?: number; offset?: number };

/** The one small storage interface; the local disk is the default implementation. */
export interface Storage {
  /** Writes the whole source under a temporary name, then renames it into place. */
  put(key: string, source: Readable | Buffer): Promise<StoredFile>;
  /** A stream of the file, or null when there is none. */
  get(key: string): Promise<{ stream: Readable; size: number; modifiedAt: Date } | null>;
  /** Removes the file; a missing file is not an error. */
  delete(key: string): Promise<void>;
  /**
   * Files whose key starts with `prefix` (a folder such as "horse-images/" or a name prefix such
   * as "horse-images/123-abc."), sorted by key ascending, 100 at a time from offset 0 by default.
   */
  list(prefix: string, options?: ListOptions): Promise<StoredFile[]>;
  exists(key: string): Promise<boolean>;
  /** Leftovers of interrupted writes older than `olderThanMs`, as local file paths (media:sweep removes them). */
  staleTemporaryFiles(olderThanMs: number): Promise<string[]>;
  /** Where the files are, for messages ("/srv/data/media", "s3://bucket"). */
  describe(): string;
}

const TMP_DIR = ".tmp";

export class LocalDiskStorage implements Storage {
  readonly root: string;

  constructor(root: string) {
    this.root = path.resolve(root);
  }

  /** The absolute file path of a key, guaranteed to lie inside the root. */
  filePath(key: string): string {
    const normal = normaliseKey(key);
    const full = path.resolve(this.root, ...normal.split("/"));
    if (!full.startsWith(this.root + path.sep))
      throw new StoragePathError("A storage path may not leave the storage root.");
    return full;
  }

  describe() {
    return this.root;
  }

  /** Temporary files live in a dot-folder of the same file system, so rename is atomic. */
  tmpDir() {
    return path.join(this.root, TMP_DIR);
  }

  async put(key: string, source: Readable | Buffer): Promise<StoredFile> {
    const target = this.filePath(key);
    await fsp.mkdir(path.dirname(target), { recursive: true });
    await fsp.mkdir(this.tmpDir(), { recursive: true });
    const tmp = path.join(this.tmpDir(), `${Date.now()}-${randomBytes(6).toString("hex")}.part`);
    try {
      const input = Buffer.isBuffer(source) ? Readable.from([source]) : source;
      await pipeline(input, fs.createWriteStream(tmp, { flags: "wx" }));
      await fsp.rename(tmp, target);
    } catch (error) {
      await fsp.rm(tmp, { force: true });
      throw error;
    }
    const stat = await fsp.stat(target);
    return { key: normaliseKey(key), size: stat.size, modifiedAt: stat.mtime };
  }

  /**
   * Never follows a symbolic link: the file itself may not be one (O_NOFOLLOW) and its folder must
   * really lie inside the root, so a link placed in the media folder cannot serve what it points to.
   */
  async get(key: string) {
    const file = this.filePath(key);
    if (!(await this.realFolderInside(path.dirname(file)))) return null;
    let handle: fsp.FileHandle;
    try {
      handle = await fsp.open(file, fs.constants.O_RDONLY | fs.constants.O_NOFOLLOW);
    } catch (error) {
      if (isMissing(error) || (error as NodeJS.ErrnoException).code === "ELOOP") return null;
      throw error;
    }
    const stat = await handle.stat();
    if (!stat.isFile()) {
      await handle.close();
      return null;
    }
    return { stream: handle.createReadStream(), size: stat.size, modifiedAt: stat.mtime };
  }

  private async realFolderInside(folder: string) {
    const [real, root] = await Promise.all([
      fsp.realpath(folder).catch(() => null),
      fsp.realpath(this.root).catch(() => null),
    ]);
    return !!real && !!root && (real === root || real.startsWith(root + path.sep));
  }

  async delete(key: string) {
    await fsp.rm(this.filePath(key), { force: true });
  }

  async exists(key: string) {
    const stat = await fsp.stat(this.filePath(key)).catch(() => null);
    return !!stat?.isFile();
  }

  async list(prefix: string, { limit = 100, offset = 0 }: ListOptions = {}): Promise<StoredFile[]> {
    const all = await this.listAll(prefix);
    return all.slice(offset, offset + limit);
  }

  private async listAll(prefix: string): Promise<StoredFile[]> {
    // "a/b/" lists folder a/b; "a/b/c." lists the files of folder a/b whose names start with "c.".
    const folderOnly = prefix === "" || prefix.endsWith("/");
    const normal = prefix.split("/").filter(Boolean).join("/");
    const folderKey = folderOnly ? normal : normal.split("/").slice(0, -1).join("/");
    const namePrefix = folderOnly ? "" : (normal.split("/").pop() ?? "");
    const folder = folderKey ? this.filePath(folderKey) : this.root;
    const out: StoredFile[] = [];
    const walk = async (dir: string, keyPrefix: string) => {
      let entries: fs.Dirent[];
      try {
        entries = await fsp.readdir(dir, { withFileTypes: true });
      } catch (error) {
        if (isMissing(error)) return;
        throw error;
      }
      for (const entry of entries) {
        if (entry.name.startsWith(".")) continue;
        const key = keyPrefix ? `${keyPrefix}/${entry.name}` : entry.name;
        const full = path.join(dir, entry.name);
        if (entry.isDirectory()) {
          if (folderOnly) await walk(full, key);
        } else if (entry.isFile() && entry.name.startsWith(namePrefix)) {
          const stat = await fsp.stat(full).catch(() => null);
          if (stat) out.push({ key, size: stat.size, modifiedAt: stat.mtime });
        }
      }
    };
    await walk(folder, folderKey);
    return out.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  }

  /** Leftover temporary files (from a crash mid-write) older than `olderThanMs`. */
  async staleTemporaryFiles(olderThanMs: number): Promise<string[]> {
    const entries = await fsp.readdir(this.tmpDir()).catch(() => [] as string[]);
    const stale: string[] = [];
    for (const name of entries) {
      const full = path.join(this.tmpDir(), name);
      const stat = await fsp.stat(full).catch(() => null);
      if (stat && Date.now() - stat.mtimeMs > olderThanMs) stale.push(full);
    }
    return stale;
  }
}

function isMissing(error: unknown) {
  const code = (error as NodeJS.ErrnoException | null)?.code;
  return code === "ENOENT" || code === "ENOTDIR";
}

let instance: LocalDiskStorage | undefined;
let instanceRoot: string | undefined;

/** DATA_DIR/media on the local disk: the embedded default (mediaStorage() picks the configured one). */
export function storage(): LocalDiskStorage {
  const root = path.join(env().dataDir, "media");
  if (!instance || instanceRoot !== root) {
    instance = new LocalDiskStorage(root);
    instanceRoot = root;
  }
  return instance;
}
