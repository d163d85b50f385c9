import { createHash } from "node:crypto";
import fs from "node:fs";
import fsp from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import readline from "node:readline";
import type { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { sql, type Kysely, type Transaction } from "kysely";
import type { Database } from "@db/schema";
import { migrateToLatest, migrateUpTo } from "@db/migrations/migrator";
import { currentDatabase, openSqlite, type DatabaseHandle, type Engine } from "~/platform/db.server";
import { mediaStorage as defaultStorage } from "~/media/media-storage.server";
import type { Storage } from "~/media/storage.server";
import { decodeValue, encodeValue, neutralType, type Manifest } from "./manifest.server";
import { CONTENT_TABLES, EPHEMERAL_TABLES, contentRowsOf, listColumns, listTables } from "./tables.server";
import type { SignatureCheck, SignatureVerdict } from "./signature.server";
import { verifyBackup, type VerifiedBackup } from "./verify-backup.server";

/** The target holds content and --force was not given; nothing was changed. */
export class RestoreRefusedError extends Error {
  override name = "RestoreRefusedError";
}

export type RestoreOptions = SignatureCheck & {
  /** Replace whatever the target holds. */
  force?: boolean;
  handle?: DatabaseHandle;
  store?: Storage;
};

export type RestoreResult = {
  manifest: Manifest;
  signature: SignatureVerdict;
  media: { written: number; unchanged: number; removed: number };
  ms: number;
};

type Row = Record<string, string | number | boolean | null>;
type AnyDatabase = Kysely<Record<string, Record<string, unknown>>>;

/**
 * Restores a backup into the configured database and media storage. The whole file is verified
 * first; a target holding content is refused unless `force`. Media files are written before the
 * database transaction commits and are removed again (or put back) if anything fails, so a failed
 * restore changes nothing.
 */
export async function restoreBackup(file: string, options: RestoreOptions = {}): Promise<RestoreResult> {
  const started = Date.now();
  const handle = options.handle ?? currentDatabase();
  const store = options.store ?? defaultStorage();
  const staging = await fsp.mkdtemp(path.join(os.tmpdir(), "stable-restore-"));
  try {
    const trust = { key: options.key, trustUnsigned: options.trustUnsigned };
    if (trust.key === undefined) delete trust.key;
    const verified = await verifyBackup(file, { ...trust, stageTablesIn: staging });
    const { manifest } = verified;
    await migrateUpTo(handle.db, manifest.migrations.at(-1)!);

    const existing = await existingMedia(store, verified);
    if (!options.force) {
      const reasons = [...(await contentRows(handle.db)), ...existing.foreign()];
      if (reasons.length)
        throw new RestoreRefusedError(
          `The target already holds content (${reasons.join(", ")}). Nothing was changed. Run the restore with --force to replace it.`,
        );
    }

    const undo = new MediaUndo(store, path.join(staging, "replaced"));
    let unchanged = 0;
    try {
      await verifyBackup(file, {
        ...trust,
        onMedia: async (key, stream) => {
          if (existing.same(key)) {
            unchanged += 1;
            return drained(stream.resume());
          }
          await undo.put(key, stream, existing.has(key));
        },
      });
      await replaceTables(handle, manifest, staging);
    } catch (error) {
      await undo.revert();
      throw error;
    }
    let removed = 0;
    if (options.force) {
      for (const key of existing.foreignKeys()) {
        await store.delete(key);
        removed += 1;
      }
    }
    await migrateToLatest(handle.db);
    return {
      manifest,
      signature: verified.signature,
      media: { written: undo.count, unchanged, removed },
      ms: Date.now() - started,
    };
  } finally {
    await fsp.rm(staging, { recursive: true, force: true });
  }
}

function drained(stream: Readable) {
  return new Promise<void>((resolve, reject) => {
    if (stream.readableEnded) return resolve();
    stream.once("end", resolve).once("error", reject);
  });
}

/** The target's media compared with the backup's: same file, a different one, or one not in it. */
async function existingMedia(store: Storage, verified: VerifiedBackup) {
  const present = new Map<string, boolean>();
  for (let offset = 0; ; offset += 1000) {
    const page = await store.list("", { limit: 1000, offset });
    for (const file of page) {
      const wanted = verified.media.get(file.key);
      present.set(file.key, wanted !== undefined && (await sha256Of(store, file.key)) === wanted);
    }
    if (page.length < 1000) break;
  }
  const foreignKeys = () => [...present].filter(([key]) => !verified.media.has(key)).map(([key]) => key);
  return {
    has: (key: string) => present.has(key),
    same: (key: string) => present.get(key) === true,
    foreignKeys,
    foreign() {
      const differing = [...present].filter(([key, same]) => verified.media.has(key) && !same).length;
      const others = foreignKeys().length;
      return [
        ...(others ? [`${others} media file${others === 1 ? "" : "s"} not in the backup`] : []),
        ...(differing ? [`${differing} media file${differing === 1 ? "" : "s"} that differ from the backup's`] : []),
      ];
    },
  };
}

async function sha256Of(store: Storage, key: string) {
  const file = await store.get(key);
  if (!file) return null;
  const hash = createHash("sha256");
  for await (const chunk of file.stream) hash.update(chunk as Buffer);
  return hash.digest("hex");
}

/** Writes restored media and remembers how to take each write back. */
class MediaUndo {
  count = 0;
  private written: string[] = [];
  private replaced: { key: string; copy: string }[] = [];

  constructor(
    private store: Storage,
    private dir: string,
  ) {}

  async put(key: string, stream: Readable, exists: boolean) {
    if (exists) {
      const old = await this.store.get(key);
      if (old) {
        await fsp.mkdir(this.dir, { recursive: true });
        const copy = path.join(this.dir, String(this.replaced.length));
        await pipeline(old.stream, fs.createWriteStream(copy, { mode: 0o600 }));
        this.replaced.push({ key, copy });
      }
    } else {
      this.written.push(key);
    }
    await this.store.put(key, stream);
    this.count += 1;
  }

  async revert() {
    for (const key of this.written) await this.store.delete(key).catch(() => {});
    for (const { key, copy } of this.replaced) await this.store.put(key, fs.createReadStream(copy)).catch(() => {});
  }
}

/** Content rows the target has beyond what a freshly set-up database holds. */
async function contentRows(db: Kysely<Database>): Promise<string[]> {
  const pristine = openSqlite(":memory:");
  try {
    await migrateToLatest(pristine.db);
    const existing = new Set(await listTables(db));
    const reasons: string[] = [];
    for (const table of CONTENT_TABLES) {
      if (!existing.has(table)) continue;
      const [mine, fresh] = await Promise.all([normalisedRows(db, table), normalisedRows(pristine.db, table)]);
      if (mine.join("\n") !== fresh.join("\n"))
        reasons.push(`${mine.length} row${mine.length === 1 ? "" : "s"} in ${table}`);
    }
    return reasons;
  } finally {
    await pristine.close();
  }
}

/** A table's rows as sorted JSON lines, the same for equal content on either engine. */
export async function normalisedRows(db: Kysely<Database>, table: string) {
  const { rows } = await sql<Record<string, unknown>>`select * from ${sql.table(table)} ${contentRowsOf(
    table,
  )}`.execute(db);
  return rows
    .map((row) =>
      JSON.stringify(
        Object.keys(row)
          .sort()
          .map((k) => {
            const v = encodeValue(row[k], `${table}.${k}`);
            return typeof v === "boolean" ? Number(v) : v;
          }),
      ),
    )
    .sort();
}

/** Empties the content and ephemeral tables and inserts the backup's rows, in one transaction. */
async function replaceTables(handle: DatabaseHandle, manifest: Manifest, staging: string) {
  await handle.db.transaction().execute(async (trx) => {
    const existing = new Set(await listTables(trx));
    // Issued invoices are guarded by triggers against any change; a restore replaces them as a whole.
    const guarded = existing.has("restore_in_progress");
    if (guarded) await trx.insertInto("restore_in_progress").values({ id: 1 }).execute();
    for (const table of [...CONTENT_TABLES, ...EPHEMERAL_TABLES].reverse()) {
      if (existing.has(table)) await sql`delete from ${sql.table(table)}`.execute(trx);
    }
    for (const table of CONTENT_TABLES) {
      const backedUp = manifest.tables[table];
      if (!backedUp) continue;
      const target = new Map(
        (await listColumns(trx, table)).map((c) => [c.name, neutralType(c.type, `${table}.${c.name}`)]),
      );
      const lost = backedUp.columns.filter((c) => !target.has(c.name)).map((c) => c.name);
      if (lost.length)
        throw new Error(
          `The backup's ${table} has columns this database lacks (${lost.join(", ")}); nothing was changed`,
        );
      await insertRows(trx, handle.engine, table, target, path.join(staging, `${table}.jsonl`));
    }
    if (handle.engine === "postgres") await resetSequences(trx);
    if (guarded) await trx.deleteFrom("restore_in_progress").execute();
  });
}

async function insertRows(
  trx: Transaction<Database>,
  engine: Engine,
  table: string,
  types: Map<string, ReturnType<typeof neutralType>>,
  file: string,
) {
  const lines = readline.createInterface({ input: fs.createReadStream(file), crlfDelay: Infinity });
  const batchSize = Math.max(1, Math.floor(10_000 / types.size));
  let batch: Row[] = [];
  const flush = async () => {
    if (batch.length) await (trx as unknown as AnyDatabase).insertInto(table).values(batch).execute();
    batch = [];
  };
  for await (const line of lines) {
    if (!line) continue;
    const row = JSON.parse(line) as Row;
    const values: Row = {};
    for (const [name, value] of Object.entries(row)) values[name] = decodeValue(value, types.get(name)!, engine);
    batch.push(values);
    if (batch.length >= batchSize) await flush();
  }
  await flush();
}

/**
 * Rows were inserted with their ids, so on PostgreSQL every sequence behind a serial or identity
 * column is moved past the largest id, or the next insert would collide.
 */
export async function resetSequences(db: Kysely<Database>) {
  const { rows } = await sql<{ table: string; column: string; seq: string }>`
    select table_name as table, column_name as column,
      pg_get_serial_sequence(quote_ident(table_name), column_name) as seq
    from information_schema.columns
    where table_schema = current_schema() and (column_default like 'nextval(%' or is_identity = 'YES')`.execute(db);
  for (const { table, column, seq } of rows) {
    if (!seq) continue;
    await sql`select setval(${seq}::regclass, coalesce((select max(${sql.ref(column)}) from ${sql.table(table)}), 0) + 1, false)`.execute(
      db,
    );
  }
}
