import { createHash } from "node:crypto";
import { once } from "node:events";
import fs from "node:fs";
import path from "node:path";
import { Readable, Writable } from "node:stream";
import { StringDecoder } from "node:string_decoder";
import { pipeline } from "node:stream/promises";
import { MIGRATION_NAMES } from "@db/migrations/migrator";
import { keyFromMediaUrl, isSiteMediaKey } from "~/media/storage.server";
import { BackupFileError, readAll, readArchive } from "./archive.server";
import {
  FORMAT,
  FORMAT_VERSION,
  MANIFEST_NAME,
  MAX_MANIFEST_BYTES,
  kindFits,
  kindOf,
  manifestSchema,
  mediaKeyOf,
  tableOf,
  type Manifest,
  type ValueKind,
} from "./manifest.server";
import { checkSignature, SIGNATURE_NAME, type SignatureCheck, type SignatureVerdict } from "./signature.server";
import { isContentTable } from "./tables.server";

export type VerifiedBackup = {
  file: string;
  manifest: Manifest;
  /** Media keys in the backup and their SHA-256. */
  media: Map<string, string>;
  signature: SignatureVerdict;
};

type VerifyOptions = SignatureCheck & {
  /** Also copies each table's rows, as checked, to `<dir>/<table>.jsonl` (for a restore). */
  stageTablesIn?: string;
  /** Called for each media entry with its bytes, which it must read to the end. */
  onMedia?: (key: string, stream: Readable, size: number) => Promise<void>;
};

/** What was seen of one table's JSON lines; checked against the manifest once it has been read. */
type TableSeen = { lines: number; columns: Map<string, Set<string>>; badLine?: number };

const MAX_LINE_BYTES = 16 * 1024 * 1024;

/**
 * Reads a backup file from end to end without restoring anything and throws a BackupFileError
 * saying what is wrong unless it is complete and intact: gzip and tar structure, every entry's
 * size and SHA-256 against the manifest, row counts and columns per table, and every image a
 * record points at present.
 */
export async function verifyBackup(file: string, options: VerifyOptions = {}): Promise<VerifiedBackup> {
  const seenEntries = new Map<string, { size: number; sha256: string }>();
  const tables = new Map<string, TableSeen>();
  const referenced = new Set<string>();
  let manifestText: Buffer | undefined;
  let signatureText: Buffer | undefined;

  await readArchive(file, async (entry) => {
    if (entry.name === MANIFEST_NAME) {
      if (manifestText) throw new BackupFileError("it holds two manifests");
      manifestText = await readAll(entry.stream, MAX_MANIFEST_BYTES);
      return;
    }
    if (entry.name === SIGNATURE_NAME) {
      if (signatureText) throw new BackupFileError("it holds two signatures");
      signatureText = await readAll(entry.stream, 4096);
      return;
    }
    if (seenEntries.has(entry.name)) throw new BackupFileError(`it holds ${entry.name} twice`);
    const table = tableOf(entry.name);
    const mediaKey = mediaKeyOf(entry.name);
    if (!table && !mediaKey) throw new BackupFileError(`it holds an unexpected entry, ${entry.name}`);
    // Restored media are served at /media/<key>: only names the site itself gives its files.
    if (mediaKey && !isSiteMediaKey(mediaKey))
      throw new BackupFileError(`it holds ${entry.name}, a name the site never gives a file`);
    const hash = createHash("sha256");
    let size = 0;
    const counted = async function* (source: AsyncIterable<Buffer>) {
      for await (const chunk of source) {
        hash.update(chunk);
        size += chunk.length;
        yield chunk;
      }
    };
    if (table) {
      const seen: TableSeen = { lines: 0, columns: new Map() };
      tables.set(table, seen);
      const stage = options.stageTablesIn
        ? fs.createWriteStream(path.join(options.stageTablesIn, `${table}.jsonl`), { flags: "wx", mode: 0o600 })
        : undefined;
      try {
        await pipeline(counted(entry.stream), lineChecker(seen, referenced), stage ?? drain());
      } finally {
        // A failed copy is closed before the caller removes the folder it is in.
        if (stage && !stage.closed) await once(stage, "close");
      }
    } else {
      const source = counted(entry.stream);
      if (options.onMedia) await options.onMedia(mediaKey!, Readable.from(source), entry.size);
      else for await (const _chunk of source);
    }
    seenEntries.set(entry.name, { size, sha256: hash.digest("hex") });
  });

  if (!manifestText) throw new BackupFileError("it has no manifest.json: it is not a complete backup");
  const signature = checkSignature(manifestText, signatureText, options);
  const manifest = parseManifest(manifestText);
  checkEntries(manifest, seenEntries);
  checkTables(manifest, tables);
  const media = new Map<string, string>();
  let bytes = 0;
  for (const entry of manifest.entries) {
    const key = mediaKeyOf(entry.name);
    if (key) {
      media.set(key, entry.sha256);
      bytes += entry.size;
    }
  }
  if (media.size !== manifest.media.files || bytes !== manifest.media.bytes)
    throw new BackupFileError(
      `the manifest counts ${manifest.media.files} media files (${manifest.media.bytes} bytes) but the file holds ${media.size} (${bytes} bytes)`,
    );
  const missing = new Set(manifest.media.missing);
  const absent = [...referenced].filter((key) => !media.has(key) && !missing.has(key));
  if (absent.length)
    throw new BackupFileError(`images that records point at are not in it: ${absent.slice(0, 5).join(", ")}`);
  return { file, manifest, media, signature };
}

function drain() {
  return new Writable({ write: (_chunk, _encoding, done) => done() });
}

/** Splits a table entry into lines and notes each line's columns and value types. */
function lineChecker(seen: TableSeen, referenced: Set<string>) {
  let rest = "";
  // A character may be split between two chunks.
  const decoder = new StringDecoder("utf8");
  const take = (line: string) => {
    seen.lines += 1;
    let row: unknown;
    try {
      row = JSON.parse(line);
    } catch {
      seen.badLine ??= seen.lines;
      return;
    }
    if (!row || typeof row !== "object" || Array.isArray(row)) {
      seen.badLine ??= seen.lines;
      return;
    }
    const keys = Object.keys(row).sort().join(",");
    let kinds = seen.columns.get(keys);
    if (!kinds) seen.columns.set(keys, (kinds = new Set()));
    for (const [name, value] of Object.entries(row)) {
      kinds.add(`${name}:${kindOf(value)}`);
      if (typeof value === "string") {
        const key = keyFromMediaUrl(value);
        if (key) referenced.add(key);
      }
    }
  };
  return async function* (source: AsyncIterable<Buffer>) {
    for await (const chunk of source) {
      rest += decoder.write(chunk);
      if (rest.length > MAX_LINE_BYTES) throw new BackupFileError("a table holds a line too long to be a row");
      const lines = rest.split("\n");
      rest = lines.pop()!;
      for (const line of lines) take(line);
      yield chunk;
    }
    rest += decoder.end();
    if (rest !== "") take(rest);
  };
}

function parseManifest(text: Buffer): Manifest {
  let json: unknown;
  try {
    json = JSON.parse(text.toString("utf8"));
  } catch {
    throw new BackupFileError("its manifest.json is not valid JSON");
  }
  const head = json as { format?: unknown; formatVersion?: unknown };
  if (head?.format !== FORMAT) throw new BackupFileError("it is not a backup of this site (unknown format)");
  if (typeof head.formatVersion === "number" && head.formatVersion > FORMAT_VERSION)
    throw new BackupFileError(
      `it was written by a newer version of the site (backup format ${head.formatVersion}; this version reads ${FORMAT_VERSION}): update the site first`,
    );
  const parsed = manifestSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new BackupFileError(`its manifest.json is malformed (${issue.path.join(".")}: ${issue.message})`);
  }
  const manifest = parsed.data;
  const unknown = manifest.migrations.filter((name) => !MIGRATION_NAMES.includes(name));
  if (unknown.length)
    throw new BackupFileError(
      `it was written by a newer version of the site (database schema ${unknown.join(", ")}): update the site first`,
    );
  return manifest;
}

function checkEntries(manifest: Manifest, seen: Map<string, { size: number; sha256: string }>) {
  const listed = new Set<string>();
  for (const entry of manifest.entries) {
    if (listed.has(entry.name)) throw new BackupFileError(`its manifest lists ${entry.name} twice`);
    listed.add(entry.name);
    const actual = seen.get(entry.name);
    if (!actual) throw new BackupFileError(`${entry.name} is missing: the manifest lists it but the file lacks it`);
    if (actual.size !== entry.size || actual.sha256 !== entry.sha256)
      throw new BackupFileError(
        `${entry.name} does not match its checksum in the manifest: the file was altered or damaged`,
      );
  }
  for (const name of seen.keys())
    if (!listed.has(name)) throw new BackupFileError(`it holds ${name}, which its manifest does not list`);
}

function checkTables(manifest: Manifest, tables: Map<string, TableSeen>) {
  for (const table of Object.keys(manifest.tables)) {
    if (!isContentTable(table))
      throw new BackupFileError(`it holds the table ${table}, which this version of the site does not know`);
    if (!tables.has(table)) throw new BackupFileError(`the table ${table} is missing`);
  }
  for (const [table, seen] of tables) {
    const expected = manifest.tables[table];
    if (!expected) throw new BackupFileError(`it holds the table ${table}, which its manifest does not list`);
    if (seen.badLine) throw new BackupFileError(`row ${seen.badLine} of ${table} is not a JSON object`);
    if (seen.lines !== expected.rows)
      throw new BackupFileError(`${table} holds ${seen.lines} rows where the manifest counts ${expected.rows}`);
    const columns = expected.columns.map((c) => c.name);
    const wanted = [...columns].sort().join(",");
    for (const [keys, kinds] of seen.columns) {
      if (keys !== wanted)
        throw new BackupFileError(`rows of ${table} have the columns ${keys} where the manifest says ${wanted}`);
      for (const item of kinds) {
        const [name, kind] = item.split(":") as [string, ValueKind];
        const type = expected.columns.find((c) => c.name === name)!.type;
        if (!kindFits(kind, type))
          throw new BackupFileError(`${table}.${name} holds a value that is not of its type (${type})`);
      }
    }
  }
}
