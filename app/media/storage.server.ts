import { randomBytes } from "node:crypto";
import fs from "node:fs";
import fsp from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { env } from "~/platform/env.server";
import { MEDIA_URL_PREFIX, PRIVATE_MEDIA_URL_PREFIX } from "./image";

/** The spec's storage buckets. */
export const BUCKETS = ["horse-images", "winner-photos", "team-photos", "post-photos"] as const;
export type Bucket = (typeof BUCKETS)[number];

/**
 * Private files (photos of owners-only posts) have keys under this prefix in the site's one key
 * space (`SiteMediaStorage`): they live in storage of their own and are served only at
 * PRIVATE_MEDIA_URL_PREFIX, to the people who may see them, never under /media/ (decision 0210).
 */
export const PRIVATE_KEY_PREFIX = "private/";

export function isPrivateKey(key: string) {
  return key.startsWith(PRIVATE_KEY_PREFIX);
}

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

/**
 * Whether the site itself could have stored a file under this key (a known bucket, a name it gives),
 * public or private.
 */
export function isSiteMediaKey(key: string): boolean {
  const [bucket, name, ...rest] = (isPrivateKey(key) ? key.slice(PRIVATE_KEY_PREFIX.length) : key).split("/");
  return rest.length === 0 && (BUCKETS as readonly string[]).includes(bucket!) && STORED_NAME.test(name ?? "");
}

/** The address of a stored file: /media/<key>, or /owners/media/<key> for a private one. */
export function mediaUrl(key: string) {
  const normal = normaliseKey(key);
  return isPrivateKey(normal)
    ? PRIVATE_MEDIA_URL_PREFIX + normal.slice(PRIVATE_KEY_PREFIX.length)
    : MEDIA_URL_PREFIX + normal;
}

/**
 * The storage key behind a /media/ or /owners/media/ URL (the latter's with the private prefix), or
 * null for any other URL (external, legacy, public/). A /media/ URL never names a private file.
 */
export function keyFromMediaUrl(url: string | null | undefined): string | null {
  if (!url) return null;
  const keyPrefix = url.startsWith(MEDIA_URL_PREFIX)
    ? ""
    : url.startsWith(PRIVATE_MEDIA_URL_PREFIX)
      ? PRIVATE_KEY_PREFIX
      : null;
  if (keyPrefix === null) return null;
  try {
    const key = normaliseKey(url.slice(keyPrefix ? PRIVATE_MEDIA_URL_PREFIX.length : MEDIA_URL_PREFIX.length));
    return key === "private" || isPrivateKey(key) ? null : keyPrefix + key;
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
    const output = fs.createWriteStream(tmp, { flags: "wx" });
    try {
      const input = Buffer.isBuffer(source) ? Readable.from([source]) : source;
      await pipeline(input, output);
      await fsp.rename(tmp, target);
    } catch (error) {
      // A source that fails at once can fail before the file is even open: removing it before the
      // stream has closed would leave the file that its pending open then makes.
      if (!output.closed) await new Promise<void>((resolve) => output.once("close", () => resolve()));
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

/** A private file was to be stored, but the site has no private storage (a bucket without MEDIA_S3_PRIVATE_BUCKET). */
export class PrivateStorageMissingError extends Error {
  override name = "PrivateStorageMissingError";
  constructor() {
    super("Private photos need a private bucket: set MEDIA_S3_PRIVATE_BUCKET.");
  }
}

/**
 * The site's media as one key space: keys under PRIVATE_KEY_PREFIX are the private storage's (without
 * the prefix), every other key the public storage's. Uploads, the sweep, backups, restores and
 * media:migrate see both through it; only the public storage is ever served at /media/. Without a
 * private storage, private keys are never there and cannot be written.
 */
export class SiteMediaStorage implements Storage {
  constructor(
    readonly open: Storage,
    readonly closed: Storage | null,
  ) {}

  private place(key: string): { store: Storage; key: string } | null {
    const normal = normaliseKey(key);
    if (!isPrivateKey(normal)) return { store: this.open, key: normal };
    return this.closed && { store: this.closed, key: normal.slice(PRIVATE_KEY_PREFIX.length) };
  }

  async put(key: string, source: Readable | Buffer): Promise<StoredFile> {
    const place = this.place(key);
    if (!place) {
      if (!Buffer.isBuffer(source)) source.destroy();
      throw new PrivateStorageMissingError();
    }
    return { ...(await place.store.put(place.key, source)), key: normaliseKey(key) };
  }

  async get(key: string) {
    const place = this.place(key);
    return place ? place.store.get(place.key) : null;
  }

  async delete(key: string) {
    const place = this.place(key);
    if (place) await place.store.delete(place.key);
  }

  async exists(key: string) {
    const place = this.place(key);
    return place ? place.store.exists(place.key) : false;
  }

  /** Both storages' files under `prefix`, merged in key order (private keys with their prefix). */
  async list(prefix: string, { limit = 100, offset = 0 }: ListOptions = {}): Promise<StoredFile[]> {
    const upTo = { limit: offset + limit, offset: 0 };
    const parts: StoredFile[][] = [];
    if (!isPrivateKey(prefix)) {
      // A public storage never holds private keys; anything there under private/ is nobody's file.
      parts.push((await this.open.list(prefix, upTo)).filter((f) => !isPrivateKey(f.key)));
    }
    if (this.closed && (isPrivateKey(prefix) || PRIVATE_KEY_PREFIX.startsWith(prefix))) {
      const inner = isPrivateKey(prefix) ? prefix.slice(PRIVATE_KEY_PREFIX.length) : "";
      parts.push((await this.closed.list(inner, upTo)).map((f) => ({ ...f, key: PRIVATE_KEY_PREFIX + f.key })));
    }
    return parts
      .flat()
      .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0))
      .slice(offset, offset + limit);
  }

  async staleTemporaryFiles(olderThanMs: number): Promise<string[]> {
    return [
      ...(await this.open.staleTemporaryFiles(olderThanMs)),
      ...((await this.closed?.staleTemporaryFiles(olderThanMs)) ?? []),
    ];
  }

  describe() {
    return this.closed ? `${this.open.describe()} (private photos: ${this.closed.describe()})` : this.open.describe();
  }
}

const disks = new Map<string, LocalDiskStorage>();

function diskAt(root: string) {
  let disk = disks.get(root);
  if (!disk) disks.set(root, (disk = new LocalDiskStorage(root)));
  return disk;
}

/** DATA_DIR/media on the local disk: the embedded default (mediaStorage() picks the configured one). */
export function storage(): LocalDiskStorage {
  return diskAt(path.join(env().dataDir, "media"));
}

/** DATA_DIR/private-media: private photos on the local disk, a folder nothing serves as it is. */
export function privateDiskStorage(): LocalDiskStorage {
  return diskAt(path.join(env().dataDir, "private-media"));
}
