import fs from "node:fs";
import path from "node:path";
import { afterAll, afterEach, beforeAll, beforeEach } from "vitest";
import pg from "pg";
import { migrateToLatest } from "@db/migrations/migrator";
import { closeDatabase, openPostgres, openSqlite, useDatabase, type DatabaseHandle } from "~/platform/db.server";

/**
 * Database tests run on SQLite, or on PostgreSQL when TEST_DATABASE_URL points at a server
 * (e.g. postgres://postgres@127.0.0.1:5432/postgres). Every test gets a fresh, migrated database:
 * a copy of a migrated SQLite file, or a new PostgreSQL database cloned from a migrated template.
 */
export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL || undefined;
export const testEngine = TEST_DATABASE_URL ? "postgres" : "sqlite";

let sqliteTemplate: string | undefined;
let pgTemplate: string | undefined;
let counter = 0;
const created: string[] = [];

function adminUrl(dbName = "postgres") {
  const url = new URL(TEST_DATABASE_URL!);
  url.pathname = `/${dbName}`;
  return url.toString();
}

async function pgAdmin<T>(fn: (c: pg.Client) => Promise<T>) {
  const client = new pg.Client({ connectionString: adminUrl() });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

const runId = `${process.pid}_${Date.now().toString(36)}`;

export async function createTestDatabase(): Promise<DatabaseHandle> {
  counter += 1;
  if (TEST_DATABASE_URL) {
    if (!pgTemplate) {
      pgTemplate = `stable_tpl_${runId}`;
      await pgAdmin((c) => c.query(`CREATE DATABASE ${pgTemplate}`));
      created.push(pgTemplate);
      const h = openPostgres(adminUrl(pgTemplate));
      await migrateToLatest(h.db);
      await h.close();
    }
    const name = `stable_t_${runId}_${counter}`;
    await pgAdmin((c) => c.query(`CREATE DATABASE ${name} TEMPLATE ${pgTemplate}`));
    created.push(name);
    return openPostgres(adminUrl(name));
  }
  const dir = path.join(process.env.DATA_DIR!, "db");
  fs.mkdirSync(dir, { recursive: true });
  if (!sqliteTemplate) {
    sqliteTemplate = path.join(dir, "template.db");
    const h = openSqlite(sqliteTemplate);
    await migrateToLatest(h.db);
    await h.close();
  }
  const file = path.join(dir, `test-${counter}.db`);
  fs.copyFileSync(sqliteTemplate, file);
  return openSqlite(file);
}

/** A database of the engine under test with no migrations run, for migration tests (dropped with the others). */
export async function emptyTestDatabase(): Promise<DatabaseHandle> {
  counter += 1;
  if (TEST_DATABASE_URL) {
    const name = `stable_e_${runId}_${counter}`;
    await pgAdmin((c) => c.query(`CREATE DATABASE ${name}`));
    created.push(name);
    return openPostgres(adminUrl(name));
  }
  const dir = path.join(process.env.DATA_DIR!, "db");
  fs.mkdirSync(dir, { recursive: true });
  return openSqlite(path.join(dir, `empty-${counter}.db`));
}

/** Drops the PostgreSQL databases this worker made. */
export async function dropTestDatabases() {
  if (!TEST_DATABASE_URL) return;
  const names = created.splice(0).reverse();
  await pgAdmin(async (c) => {
    for (const name of names) await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  });
  pgTemplate = undefined;
}

/** Gives each test in the file its own fresh database as the process-wide one. */
export function useFreshDatabase() {
  beforeEach(async () => {
    useDatabase(await createTestDatabase());
  });
  afterEach(async () => {
    await closeDatabase();
  });
  // Dropping a file's PostgreSQL databases waits for a checkpoint each: minutes on a busy server.
  afterAll(dropTestDatabases, 10 * 60_000);
}

/**
 * One fresh database for all the tests of the describe block it is called in: for tests that only
 * read, or that check they changed nothing, and so may share what they seed.
 */
export function useSharedDatabase() {
  beforeAll(async () => {
    useDatabase(await createTestDatabase());
  });
  afterAll(async () => {
    await closeDatabase();
    await dropTestDatabases();
  });
}
