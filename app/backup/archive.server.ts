import { createHash } from "node:crypto";
import { once } from "node:events";
import fs from "node:fs";
import fsp from "node:fs/promises";
import type { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { Header, Pack, Parser, ReadEntry } from "tar";

/** A damaged, truncated or foreign backup file. The message says what is wrong, in plain words. */
export class BackupFileError extends Error {
  override name = "BackupFileError";
}

export type WrittenEntry = { name: string; size: number; sha256: string };

/** Images are compressed already; a light level keeps the CPU free for visitors. */
const GZIP_LEVEL = 4;

/**
 * Writes a .tar.gz entry by entry, streaming each from its source, and returns each entry's size
 * and SHA-256 as written. The archive goes to `file` (created 0600: it holds password hashes and
 * visitors' messages), which is flushed to disk by finish().
 */
export async function createArchiveWriter(file: string) {
  const pack = new Pack({ gzip: { level: GZIP_LEVEL }, portable: true, strict: true });
  const output = fs.createWriteStream(file, { flags: "wx", mode: 0o600 });
  const written = pipeline(pack, output);
  const mtime = new Date();
  // A failure of the output (a full disk) surfaces through addStream/finish, never unobserved.
  let failed: unknown;
  written.catch((error: unknown) => {
    failed ??= error;
  });

  async function addStream(name: string, size: number, source: Readable | Iterable<Buffer>): Promise<WrittenEntry> {
    const entry = new ReadEntry(new Header({ path: name, size, mode: 0o600, mtime, type: "File" }));
    pack.add(entry);
    const hash = createHash("sha256");
    let count = 0;
    for await (const chunk of source as AsyncIterable<Buffer>) {
      if (failed) throw failed;
      count += chunk.length;
      if (count > size) throw new Error(`${name} grew while it was being read`);
      hash.update(chunk);
      if (!entry.write(chunk)) await Promise.race([once(entry, "drain"), written]);
    }
    if (count !== size) throw new Error(`${name} shrank while it was being read`);
    entry.end();
    if (failed) throw failed;
    return { name, size, sha256: hash.digest("hex") };
  }

  return {
    addStream,
    addBuffer: (name: string, data: Buffer) => addStream(name, data.length, [data]),
    /** Ends the archive and flushes it to disk. */
    async finish() {
      pack.end();
      await written;
      const handle = await fsp.open(file, "r+");
      try {
        await handle.sync();
      } finally {
        await handle.close();
      }
    },
    /** Stops writing after a failure; the caller removes the file. */
    async abort() {
      pack.destroy();
      output.destroy();
      await written.catch(() => {});
    },
  };
}

export type ArchiveEntry = { name: string; size: number; stream: ReadEntry };

/**
 * Reads a .tar.gz entry by entry. `onEntry` must consume (or resume) the entry's stream; the next
 * entry arrives once it has. Truncation, a bad gzip checksum or a damaged tar header all end in a
 * BackupFileError.
 */
export async function readArchive(file: string, onEntry: (entry: ArchiveEntry) => Promise<void>) {
  await checkGzip(file);
  let handlerError: unknown;
  let stopped = false;
  let chain = Promise.resolve();
  let current: ReadEntry | undefined;
  const parser = new Parser({ strict: true });
  parser.on("entry", (entry: ReadEntry) => {
    if (handlerError || stopped) return entry.resume();
    current = entry;
    const run = async () => {
      if (stopped) return void entry.resume();
      if (entry.type !== "File") throw new BackupFileError(`it contains ${entry.path}, which is not a plain file`);
      await onEntry({ name: entry.path, size: entry.size ?? 0, stream: entry });
    };
    chain = chain.then(run).catch((error: unknown) => {
      handlerError ??= error;
      entry.resume();
      parser.abort(error instanceof Error ? error : new Error(String(error)));
    });
  });
  try {
    await pipeline(fs.createReadStream(file), parser);
    await chain;
  } catch (error) {
    stopped = true;
    const problem = handlerError ?? archiveProblem(error);
    // The entry being read will get no more data: its reader must fail rather than wait.
    current?.destroy(problem instanceof Error ? problem : new Error(String(problem)));
    await chain;
    throw problem;
  }
  if (handlerError) throw handlerError;
}

async function checkGzip(file: string) {
  let head: Buffer;
  try {
    const handle = await fsp.open(file, "r");
    try {
      if (!(await handle.stat()).isFile()) throw Object.assign(new Error("not a file"), { code: "EISDIR" });
      head = Buffer.alloc(2);
      await handle.read(head, 0, 2, 0);
    } finally {
      await handle.close();
    }
  } catch (error) {
    throw archiveProblem(error);
  }
  if (head[0] !== 0x1f || head[1] !== 0x8b) throw new BackupFileError("it is not a gzip-compressed archive");
}

/** What a reader of the backup should be told when the archive itself cannot be read. */
function archiveProblem(error: unknown) {
  const code = (error as { code?: string } | null)?.code ?? "";
  const message = error instanceof Error ? error.message : String(error);
  if (code === "ENOENT") return new BackupFileError("the file does not exist");
  if (code === "EISDIR") return new BackupFileError("it is a folder, not a backup file");
  if (code === "EACCES" || code === "EPERM") return new BackupFileError("the file cannot be read (permission denied)");
  if (/unexpected end|truncated/i.test(message) || code === "Z_BUF_ERROR")
    return new BackupFileError(`the file ends early: it was cut off (${message})`);
  return new BackupFileError(`the archive is damaged (${message})`);
}

/** Reads a whole entry into memory (only for small entries such as the manifest). */
export async function readAll(stream: AsyncIterable<Buffer>, limit: number) {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream) {
    size += chunk.length;
    if (size > limit) throw new BackupFileError(`an entry is larger than ${limit} bytes`);
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}
