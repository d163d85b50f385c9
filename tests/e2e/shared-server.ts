import fs from "node:fs";
import path from "node:path";
import SQLite from "better-sqlite3";
import { startAppServer, type AppServer } from "./app-server";

/** What a test sees of the site it drives: its address, data directory, process and what it logged. */
export type TestSite = { url: string; dataDir: string; pid: number; readonly logs: string[] };

type Row = Record<string, unknown>;

/** How long a reset waits for a contact message being delivered before it clears the queue anyway. */
const SETTLE_MS = 10_000;
/** start.ts prints the first-administrator link once the server listens; the start state includes its token. */
const SETUP_LINK = /\/auth\/setup\?token=/;

/**
 * One server kept by a test worker for many tests. Before each test it is put back to the state
 * it was in just after it started: every table's rows as they were then (the migrations' seed rows,
 * the first-administrator token), and nothing in the data directory that was not there then (no
 * media, no mail). The site's own caches follow: its page cache notices any write by another
 * process to the database file. A server that dies fails the test it died in; it, or one whose
 * tables a test changed, is replaced by a fresh one for the next test.
 */
export class SharedServer {
  private server: AppServer | undefined;
  private sqlite: SQLite.Database | undefined;
  private rows = new Map<string, Row[]>();
  private files = new Set<string>();

  constructor(private readonly env: Record<string, string>) {}

  /** The server, reset to its start state, with logs counted from now. */
  async claim(): Promise<TestSite> {
    if (!this.server || this.server.exit() !== null || !(await this.healthy()) || !this.sameTables())
      await this.restart();
    else await this.reset();
    const server = this.server!;
    const from = server.logs.length;
    return {
      url: server.url,
      dataDir: server.dataDir,
      pid: server.pid,
      get logs() {
        return server.logs.slice(from);
      },
    };
  }

  /** After each test: a server that died during it fails that test, with how it ended and its last output. */
  async release() {
    const server = this.server;
    if (!server || server.exit() === null) return;
    this.forget();
    await server.stop();
  }

  async stop() {
    const server = this.server;
    this.forget();
    if (server && server.exit() === null) await server.stop();
  }

  private forget() {
    this.sqlite?.close();
    this.sqlite = undefined;
    this.server = undefined;
  }

  private async restart() {
    await this.stop();
    const server = await startAppServer(this.env);
    this.server = server;
    await waitUntil(() => SETUP_LINK.test(server.logs.join("")), "the first-administrator link");
    this.sqlite = new SQLite(path.join(server.dataDir, "stable.db"));
    this.sqlite.pragma("busy_timeout = 5000");
    this.rows = new Map(this.tables().map((t) => [t, this.sqlite!.prepare(`select * from "${t}"`).all() as Row[]]));
    this.files = new Set(listFiles(server.dataDir));
  }

  private tables(): string[] {
    return (
      this.sqlite!.prepare(
        "select name from sqlite_master where type = 'table' and name not like 'sqlite_%' order by name",
      ).all() as { name: string }[]
    ).map((r) => r.name);
  }

  private sameTables() {
    const now = this.tables();
    return now.length === this.rows.size && now.every((t) => this.rows.has(t));
  }

  private async healthy() {
    try {
      return (await fetch(`${this.server!.url}/healthz`, { signal: AbortSignal.timeout(5_000) })).ok;
    } catch {
      return false;
    }
  }

  private async reset() {
    const sqlite = this.sqlite!;
    const restore = sqlite.transaction((force: boolean) => {
      // A mail the previous test's queue is sending is let finish, so it lands before the clean-up.
      if (!force && sqlite.prepare("select 1 from mail_queue where state = 'sending'").get()) return false;
      sqlite.pragma("defer_foreign_keys = ON");
      // The guards of issued invoices (decision 0281) refuse any delete: they stand aside while the
      // tables are put back, inside the same transaction.
      const triggers = sqlite.prepare("select name, sql from sqlite_master where type = 'trigger'").all() as {
        name: string;
        sql: string;
      }[];
      for (const { name } of triggers) sqlite.exec(`drop trigger "${name}"`);
      for (const table of this.rows.keys()) sqlite.prepare(`delete from "${table}"`).run();
      for (const [table, rows] of this.rows) {
        for (const row of rows) {
          const columns = Object.keys(row);
          sqlite
            .prepare(
              `insert into "${table}" (${columns.map((c) => `"${c}"`).join(", ")}) values (${columns.map(() => "?").join(", ")})`,
            )
            .run(...columns.map((c) => row[c]));
        }
      }
      for (const { sql } of triggers) sqlite.exec(sql);
      return true;
    });
    const deadline = Date.now() + SETTLE_MS;
    while (!restore.immediate(Date.now() > deadline)) await new Promise((r) => setTimeout(r, 50));
    const dataDir = this.server!.dataDir;
    for (const file of listFiles(dataDir).reverse()) {
      if (!this.files.has(file)) fs.rmSync(path.join(dataDir, file), { recursive: true, force: true });
    }
  }
}

/** Every file and folder under `dir` (relative paths, parents before children), the database's own files left out. */
function listFiles(dir: string): string[] {
  return (fs.readdirSync(dir, { recursive: true }) as string[]).filter((f) => !f.startsWith("stable.db")).sort();
}

async function waitUntil(condition: () => boolean, what: string, timeoutMs = 15_000) {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** The shared servers of one test worker, one for each distinct environment. */
export class ServerPool {
  private servers = new Map<string, SharedServer>();

  get(env: Record<string, string>): SharedServer {
    const key = JSON.stringify(Object.entries(env).sort(([a], [b]) => (a < b ? -1 : 1)));
    let server = this.servers.get(key);
    if (!server) this.servers.set(key, (server = new SharedServer(env)));
    return server;
  }

  async stop() {
    await Promise.all([...this.servers.values()].map((s) => s.stop()));
  }
}
