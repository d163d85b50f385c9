import { createHash } from "node:crypto";
import { once } from "node:events";
import fs from "node:fs";
import fsp from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";
import { Worker } from "node:worker_threads";
import SQLite from "better-sqlite3";
import { Kysely, SqliteDialect, sql } from "kysely";
import type { Database } from "@db/schema";
import type { DatabaseHandle, Engine } from "~/platform/db.server";
import { keyFromMediaUrl } from "~/media/storage.server";
import { encodeValue, neutralType, type TableManifest } from "./manifest.server";
import { CONTENT_TABLES, contentRowsOf, listColumns, listTables, primaryKey, uncoveredTables } from "./tables.server";

export type TableDump = TableManifest & { table: string; file: string; size: number; sha256: string };

export type DatabaseSnapshot = {
  engine: Engine;
  migrations: string[];
  tables: TableDump[];
  /** Storage keys of the media the rows point at (by /media/ URL). */
  referencedMedia: Set<string>;
};

const BATCH_ROWS = 500;

/**
 * Writes every content table, as one consistent snapshot, to `<dir>/<table>.jsonl` while the site
 * keeps running. SQLite: VACUUM INTO a copy (in a worker thread, so the event loop stays free),
 * which is then read. PostgreSQL: one REPEATABLE READ, READ ONLY transaction.
 */
export async function snapshotDatabase(handle: DatabaseHandle, dir: string): Promise<DatabaseSnapshot> {
  if (handle.engine === "postgres") {
    return handle.db
      .transaction()
      .setIsolationLevel("repeatable read")
      .setAccessMode("read only")
      .execute((trx) => dumpTables(trx, "postgres", dir));
  }
  const copy = path.join(dir, "snapshot.db");
  const { rows } = await sql<{ file: string }>`select file from pragma_database_list where name = 'main'`.execute(
    handle.db,
  );
  const source = rows[0]?.file;
  if (!source) throw new Error("The SQLite database has no file to back up");
  await vacuumInto(source, copy);
  const sqlite = new SQLite(copy, { readonly: true, fileMustExist: true });
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
  try {
    return await dumpTables(db, "sqlite", dir);
  } finally {
    await db.destroy();
    await fsp.rm(copy, { force: true });
  }
}

const require = createRequire(import.meta.url);

// Runs in a worker thread: VACUUM INTO reads the whole database in one read transaction, which
// would otherwise hold the event loop for as long as it takes.
const VACUUM_WORKER = `
const { workerData, parentPort } = require("node:worker_threads");
const Database = require(workerData.driver);
let db;
try {
  db = new Database(workerData.source, { fileMustExist: true });
  db.pragma("busy_timeout = 5000");
  db.prepare("VACUUM INTO ?").run(workerData.target);
  parentPort.postMessage({ ok: true });
} catch (error) {
  parentPort.postMessage({ ok: false, message: String(error && error.message), code: error && error.code });
} finally {
  if (db) db.close();
}`;

function vacuumInto(source: string, target: string) {
  return new Promise<void>((resolve, reject) => {
    const worker = new Worker(VACUUM_WORKER, {
      eval: true,
      workerData: { driver: require.resolve("better-sqlite3"), source, target },
    });
    let outcome: { ok: boolean; message?: string; code?: string } | undefined;
    worker.once("message", (message: { ok: boolean; message?: string; code?: string }) => {
      outcome = message;
    });
    worker.once("error", reject);
    worker.once("exit", () => {
      if (outcome?.ok) return resolve();
      const reason = outcome?.message ?? "the copying thread stopped";
      reject(Object.assign(new Error(`Copying the SQLite database failed: ${reason}`), { code: outcome?.code }));
    });
  });
}

async function dumpTables(db: Kysely<Database>, engine: Engine, dir: string): Promise<DatabaseSnapshot> {
  const uncovered = await uncoveredTables(db);
  if (uncovered.length)
    throw new Error(
      `The database has tables that backups do not cover: ${uncovered.join(", ")}. Decide on them in app/backup/tables.server.ts.`,
    );
  const existing = new Set(await listTables(db));
  if (!existing.has("schema_migrations")) throw new Error("The database has not been set up yet: nothing to back up");
  const migrations = (
    await sql<{ name: string }>`select name from schema_migrations order by name`.execute(db)
  ).rows.map((r) => r.name);
  if (migrations.length === 0) throw new Error("The database has not been set up yet: nothing to back up");

  const referencedMedia = new Set<string>();
  const tables: TableDump[] = [];
  for (const table of CONTENT_TABLES) {
    if (!existing.has(table)) continue;
    tables.push(await dumpTable(db, table, path.join(dir, `${table}.jsonl`), referencedMedia));
  }
  return { engine, migrations, tables, referencedMedia };
}

async function dumpTable(
  db: Kysely<Database>,
  table: string,
  file: string,
  referenced: Set<string>,
): Promise<TableDump> {
  const columns = (await listColumns(db, table)).map((c) => ({
    name: c.name,
    type: neutralType(c.type, `${table}.${c.name}`),
  }));
  const key = await primaryKey(db, table);
  const order = key.length ? key : columns.map((c) => c.name);
  const hash = createHash("sha256");
  const out = fs.createWriteStream(file, { flags: "wx", mode: 0o600 });
  const failed = once(out, "error").then(([error]) => Promise.reject(error as Error));
  failed.catch(() => {});
  let rows = 0;
  let size = 0;
  try {
    for (let offset = 0; ; offset += BATCH_ROWS) {
      const batch = await sql<
        Record<string, unknown>
      >`select * from ${sql.table(table)} ${contentRowsOf(table)} order by ${sql.join(
        order.map((c) => sql.ref(c)),
      )} limit ${BATCH_ROWS} offset ${offset}`.execute(db);
      let text = "";
      for (const row of batch.rows) {
        const line: Record<string, unknown> = {};
        for (const { name } of columns) {
          const value = encodeValue(row[name], `${table}.${name}`);
          if (typeof value === "string") {
            const media = keyFromMediaUrl(value);
            if (media) referenced.add(media);
          }
          line[name] = value;
        }
        text += JSON.stringify(line) + "\n";
      }
      rows += batch.rows.length;
      if (text) {
        const chunk = Buffer.from(text);
        hash.update(chunk);
        size += chunk.length;
        if (!out.write(chunk)) await Promise.race([once(out, "drain"), failed]);
      }
      if (batch.rows.length < BATCH_ROWS) break;
    }
    out.end();
    await Promise.race([once(out, "finish"), failed]);
  } catch (error) {
    out.destroy();
    throw error;
  }
  return { table, file, rows, columns, size, sha256: hash.digest("hex") };
}
