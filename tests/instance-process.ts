import { spawn } from "node:child_process";
import path from "node:path";
import { sql } from "kysely";
import { db, engine } from "~/platform/db.server";
import { TEST_DATABASE_URL } from "./db";

const root = path.resolve(import.meta.dirname, "..");

/**
 * How another process reaches the test's own database: DATABASE_URL naming it on the PostgreSQL
 * server, or SQLITE_FILE with its file (the script opens that one itself).
 */
export async function databaseEnvForInstance(): Promise<Record<string, string>> {
  if (engine() === "postgres") {
    const { rows } = await sql<{ name: string }>`select current_database() as name`.execute(db());
    const url = new URL(TEST_DATABASE_URL!);
    url.pathname = `/${rows[0]!.name}`;
    return { DATABASE_URL: url.toString() };
  }
  const { rows } = await sql<{ file: string }>`select file from pragma_database_list where name = 'main'`.execute(db());
  return { SQLITE_FILE: rows[0]!.file };
}

/**
 * A script of tests/ run as one more instance of the site, in a process of its own: its output lines
 * collected in `out`, its stdin open (scripts wait for "go" there), `exited` once it ends.
 */
export function startInstanceProcess(script: string, env: Record<string, string>) {
  const child = spawn(process.execPath, ["--import", "tsx", script], {
    cwd: root,
    env: { ...process.env, NODE_ENV: "production", LOG_LEVEL: "warn", ...env },
    stdio: ["pipe", "pipe", "pipe"],
  });
  const out: string[] = [];
  child.stdout.on("data", (chunk: Buffer) => out.push(...chunk.toString().split("\n").filter(Boolean)));
  child.stderr.on("data", (chunk: Buffer) => out.push(chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  return { child, out, exited };
}
