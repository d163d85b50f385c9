import fs from "node:fs";
import path from "node:path";
import SQLite from "better-sqlite3";
import { Kysely, PostgresAdapter, PostgresDialect, SqliteDialect, sql, type Transaction } from "kysely";
import pg from "pg";
import type { Database } from "@db/schema";
import { migrateToLatest } from "@db/migrations/migrator";
import { env } from "./env.server";
import { DATABASE_REPLACED_CODE } from "./faults.server";
import { log } from "./log.server";

export type DB = Kysely<Database>;
export type Engine = "sqlite" | "postgres";
export type DatabaseHandle = {
  db: DB;
  engine: Engine;
  close: () => Promise<void>;
  /** SQLite only: changes whenever another connection (another process) commits a write. */
  dataVersion?: () => number;
  /** SQLite only: why the file at the database's path is no longer the one opened, or null. */
  fileProblem?: () => string | null;
};

const INT8_OID = 20;

/** How long a request waits for a new PostgreSQL connection before it fails (and is answered). */
export const CONNECT_TIMEOUT_MS = 5000;

export function openPostgres(connectionString: string): DatabaseHandle {
  const pool = new pg.Pool({
    connectionString,
    max: env().DATABASE_POOL_SIZE,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    keepAlive: true,
    types: {
      // Money is whole øre, far below 2^53, so a JS number is exact.
      getTypeParser: ((oid: number, format?: string) =>
        oid === INT8_OID
          ? (v: string) => Number(v)
          : pg.types.getTypeParser(oid, format as "text")) as typeof pg.types.getTypeParser,
    },
  });
  // A connection the server ends (restart, failover, a proxy's idle timeout) emits 'error', which
  // without a listener ends the process. Idle ones are reported by the pool, which opens a new
  // connection when next needed; one in use also fails its query, which answers its request.
  pool.on("error", (error) => {
    log.warn("database connection lost while idle; a new one is opened when needed", {
      error: error.message,
      code: (error as { code?: string }).code,
    });
  });
  pool.on("connect", (client) => {
    client.on("error", (error) => log.debug("database connection lost while in use", { error: error.message }));
  });
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  return { db, engine: "postgres", close: () => db.destroy() };
}

/** The database holds password hashes and sessions: only the site's own user may read it. */
const PRIVATE_FILE = 0o600;
const PRIVATE_DIR = 0o700;

/** How often, at most, a write checks that the database file is still the one opened. */
const FILE_CHECK_INTERVAL_MS = 1000;
const WRITE = /^\s*(insert|update|delete|replace|create|drop|alter|begin)\b/i;

/**
 * The identity (device and inode) of the file opened. A file deleted or replaced under the running
 * site (a restore copied over it, a cleanup that removed it) keeps the open handle working on the
 * old one: every save would "succeed" into a file nobody will open again. So /healthz and writes
 * (at most once a second) compare the path's identity with the one opened, and once it differs
 * writes are refused for good (the site must be restarted on the file now there).
 */
function fileIdentity(file: string) {
  const opened = fs.statSync(file);
  let problem: string | null = null;
  let checkedAt = 0;
  const check = () => {
    if (problem) return problem;
    checkedAt = Date.now();
    let now: fs.Stats | null = null;
    try {
      now = fs.statSync(file);
    } catch {
      now = null;
    }
    if (!now || now.ino !== opened.ino || now.dev !== opened.dev) {
      problem = `database file ${now ? "replaced" : "deleted"} under the running site (${file}): restart the site`;
      log.error("database file deleted or replaced under the running site; writes are refused", { file, problem });
    }
    return problem;
  };
  return {
    check,
    beforeWrite() {
      if (problem || Date.now() - checkedAt >= FILE_CHECK_INTERVAL_MS) check();
      if (problem) throw Object.assign(new Error(problem), { code: DATABASE_REPLACED_CODE });
    },
  };
}

/**
 * SQLite rolls a transaction back by itself after some errors (a full disk, an I/O error); the
 * driver's own rollback then fails with "no transaction is active", which would hide the error
 * that matters (and turn a 507 into a 500). That second error is dropped. Writes are refused once
 * the file is not the one opened (fileIdentity).
 */
class SqliteDialectKeepingErrors extends SqliteDialect {
  constructor(
    config: ConstructorParameters<typeof SqliteDialect>[0],
    private readonly beforeWrite?: () => void,
  ) {
    super(config);
  }

  override createDriver() {
    const driver = super.createDriver();
    const beforeWrite = this.beforeWrite;
    if (beforeWrite) {
      const acquire = driver.acquireConnection.bind(driver);
      const guarded = new WeakSet<object>();
      driver.acquireConnection = async () => {
        const connection = await acquire();
        if (!guarded.has(connection)) {
          guarded.add(connection);
          const execute = connection.executeQuery.bind(connection);
          connection.executeQuery = ((query) => {
            if (WRITE.test(query.sql)) beforeWrite();
            return execute(query);
          }) as typeof connection.executeQuery;
        }
        return connection;
      };
    }
    const rollback = driver.rollbackTransaction.bind(driver);
    driver.rollbackTransaction = async (connection) => {
      try {
        await rollback(connection);
      } catch (error) {
        if (!(error instanceof Error && /no transaction is active/.test(error.message))) throw error;
      }
    };
    return driver;
  }
}

/** SQLite's names for a database held in memory only: there is no file to create or protect. */
const IN_MEMORY = new Set([":memory:", ""]);

export function openSqlite(file: string): DatabaseHandle {
  const onDisk = !IN_MEMORY.has(file);
  if (onDisk) {
    fs.mkdirSync(path.dirname(file), { recursive: true, mode: PRIVATE_DIR });
    // SQLite creates the WAL and shared-memory files with the database file's mode, so set that first.
    fs.closeSync(fs.openSync(file, "a", PRIVATE_FILE));
    fs.chmodSync(file, PRIVATE_FILE);
  }
  const sqlite = new SQLite(file);
  sqlite.pragma("journal_mode = WAL");
  for (const companion of onDisk ? [`${file}-wal`, `${file}-shm`] : []) {
    if (fs.existsSync(companion)) fs.chmodSync(companion, PRIVATE_FILE);
  }
  sqlite.pragma("synchronous = NORMAL");
  sqlite.pragma("foreign_keys = ON");
  sqlite.pragma("busy_timeout = 5000");
  const identity = file === ":memory:" ? undefined : fileIdentity(file);
  const db = new Kysely<Database>({
    dialect: new SqliteDialectKeepingErrors({ database: sqlite }, identity?.beforeWrite),
  });
  const dataVersion = () => sqlite.pragma("data_version", { simple: true }) as number;
  return { db, engine: "sqlite", close: () => db.destroy(), dataVersion, fileProblem: identity?.check };
}

export function openFromEnv(): DatabaseHandle {
  const { DATABASE_URL, dataDir } = env();
  return DATABASE_URL ? openPostgres(DATABASE_URL) : openSqlite(path.join(dataDir, "stable.db"));
}

let current: DatabaseHandle | undefined;

function handle() {
  return (current ??= openFromEnv());
}

/** The process-wide database. Models call this rather than holding a connection of their own. */
export function db(): DB {
  return handle().db;
}

/** The process-wide database with its engine (backups need both). */
export function currentDatabase(): DatabaseHandle {
  return handle();
}

export function engine(): Engine {
  return handle().engine;
}

/** Replaces the process-wide database (tests give each case a fresh one) and returns the one it replaced. */
export function useDatabase(next: DatabaseHandle | undefined) {
  const previous = current;
  current = next;
  return previous;
}

/** See DatabaseHandle.fileProblem; null on PostgreSQL. */
export function databaseFileProblem(): string | null {
  return handle().fileProblem?.() ?? null;
}

/** See DatabaseHandle.dataVersion; undefined on PostgreSQL. */
export function dataVersion(): number | undefined {
  return handle().dataVersion?.();
}

export async function closeDatabase() {
  const h = current;
  current = undefined;
  await h?.close();
}

export async function migrate() {
  return migrateToLatest(db());
}

/**
 * Serialises transactions that touch the same ordered set (e.g. team positions). SQLite already
 * runs one writer at a time; PostgreSQL takes a transaction-scoped advisory lock on the name.
 */
export async function lockFor(trx: Transaction<Database>, name: string) {
  if (trx.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`select pg_advisory_xact_lock(hashtext(${name}))`.execute(trx);
  }
}
