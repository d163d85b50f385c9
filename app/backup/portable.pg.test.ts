/**
 * The backup format is portable between the engines: a backup taken on SQLite while the site runs
 * and is being written to restores onto a fresh PostgreSQL database, and a backup of that restores
 * onto SQLite again. Each restored site is the built server as `npm start` runs it; their public
 * pages must render the same and every image on them must be served.
 */
import crypto from "node:crypto";
import { execFile } from "node:child_process";
import fsp from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import pg from "pg";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createContactMessage } from "~/models/contact-message.server";
import { createHorse } from "~/models/horse.server";
import { createWinner } from "~/models/winner.server";
import { closeDatabase, db, openPostgres, openSqlite, useDatabase } from "~/platform/db.server";
import { createSession, createUser } from "@tests/auth";
import { contentOf, expectPrizesOnTotals } from "@tests/backup";
import { TEST_DATABASE_URL } from "@tests/db";
import { startAppServer, type AppServer } from "@tests/e2e/app-server";
import { ensureTestBuild } from "@tests/test-build";

process.env.SESSION_SECRET ??= crypto.randomBytes(32).toString("base64url");

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, "../..");
const PUBLIC_PAGES = ["/", "/horses", "/winners", "/team", "/contact"];

async function cli(script: string, args: string[], env: Record<string, string>) {
  const { stdout } = await run(process.execPath, ["--import", "tsx", script, ...args], {
    cwd: root,
    env: { ...process.env, LOG_LEVEL: "warn", DATABASE_URL: "", ...env },
    timeout: 120_000,
  });
  return stdout;
}

function pgUrl(name: string) {
  const url = new URL(TEST_DATABASE_URL!);
  url.pathname = `/${name}`;
  return url.toString();
}

async function pgAdmin(query: string) {
  const client = new pg.Client({ connectionString: pgUrl("postgres") });
  await client.connect();
  try {
    await client.query(query);
  } finally {
    await client.end();
  }
}

async function page(server: AppServer, pathname: string, cookie?: string) {
  const res = await fetch(server.url + pathname, { headers: cookie ? { Cookie: cookie } : {}, redirect: "manual" });
  return { status: res.status, html: await res.text() };
}

/** Every public page's HTML, and the media each one shows. */
async function publicSite(server: AppServer) {
  const pages: Record<string, string> = {};
  const media = new Set<string>();
  for (const p of PUBLIC_PAGES) {
    const { status, html } = await page(server, p);
    expect(status, `${p} on ${server.url}`).toBe(200);
    // Canonical and Open Graph URLs name the address each server was asked at.
    pages[p] = html.replaceAll(server.url, "<origin>");
    for (const url of html.match(/\/media\/[A-Za-z0-9._/-]+/g) ?? []) media.add(url);
  }
  return { pages, media: [...media].sort() };
}

/** The contact form carries a signed time stamp, different on every render; everything else must match. */
const normalised = (html: string) => html.replace(/\b\d{13}\.[A-Za-z0-9_.-]{20,}/g, "<form stamp>");

function expectSamePages(a: Record<string, string>, b: Record<string, string>) {
  expect(Object.keys(a)).toEqual(Object.keys(b));
  for (const [p, html] of Object.entries(a)) {
    const x = normalised(html);
    const y = normalised(b[p]!);
    let at = 0;
    while (at < x.length && x[at] === y[at]) at++;
    const where =
      at === x.length && x.length === y.length
        ? ""
        : `${x.slice(at - 80, at + 80)}\n  vs\n${y.slice(at - 80, at + 80)}`;
    expect(where, `${p} differs`).toBe("");
  }
}

async function bytesOf(server: AppServer, url: string) {
  const res = await fetch(server.url + url);
  expect(res.status, `${url} on ${server.url}`).toBe(200);
  return Buffer.from(await res.arrayBuffer());
}

const suffix = `${process.pid}_${Date.now().toString(36)}`;
const databases = [`stable_port_b_${suffix}`];
const servers: AppServer[] = [];
let work = "";
let buildDir = "";

beforeAll(async () => {
  buildDir = ensureTestBuild();
  work = await fsp.mkdtemp(path.join(os.tmpdir(), "stable-portable-"));
  for (const name of databases) await pgAdmin(`CREATE DATABASE ${name}`);
}, 600_000);

afterAll(async () => {
  await closeDatabase();
  for (const server of servers) await server.stop().catch(() => {});
  for (const name of databases) await pgAdmin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch(() => {});
  await fsp.rm(work, { recursive: true, force: true });
});

async function serve(env: Record<string, string>) {
  const server = await startAppServer({
    SESSION_SECRET: process.env.SESSION_SECRET!,
    BUILD_DIR: buildDir,
    DATABASE_URL: "",
    ...env,
  });
  servers.push(server);
  return server;
}

it("moves a running SQLite site to PostgreSQL and back with the same pages and every image", async () => {
  const dir = (name: string) => path.join(work, name);
  const pgB = pgUrl(databases[0]!);

  // Site A: the embedded default, with the demo content and an administrator, running.
  await cli("scripts/demo.ts", [], { DATA_DIR: dir("a") });
  useDatabase(openSqlite(path.join(dir("a"), "stable.db")));
  const admin = await createUser({ email: "owner@stald.dk", admin: true });
  await createContactMessage(
    { name: "Karen Visitor", email: "karen@example.com", message: "Do you have room for a two-year-old?" },
    { attemptLimit: 3 },
  );
  const siteA = await serve({ DATA_DIR: dir("a") });

  // The backup is taken while visitors load pages and the stable keeps adding victories.
  let writing = true;
  let writes = 0;
  const traffic = (async () => {
    while (writing) {
      const horse = await createHorse({ name: `Concurrent ${writes}`, age: 3, color: "Bay", sire: "S", dam: "D" });
      await createWinner({ horseId: horse.id, raceName: `Race ${writes}`, raceDate: "2026-05-01", prizeOre: 5000 });
      writes += 1;
      await page(siteA, PUBLIC_PAGES[writes % PUBLIC_PAGES.length]!);
    }
  })();
  let backupOutput: string;
  try {
    backupOutput = await cli("scripts/backup.ts", ["--out", dir("from-sqlite.tar.gz")], { DATA_DIR: dir("a") });
  } finally {
    writing = false;
    await traffic;
  }
  expect(backupOutput).toContain("on sqlite");
  expect(writes).toBeGreaterThan(0);

  // Onto a fresh PostgreSQL database (not even migrated) and, for comparison, a fresh SQLite one.
  expect(
    await cli("scripts/restore.ts", [dir("from-sqlite.tar.gz")], { DATA_DIR: dir("b"), DATABASE_URL: pgB }),
  ).toContain("into the postgres database");
  await cli("scripts/restore.ts", [dir("from-sqlite.tar.gz")], { DATA_DIR: dir("c") });

  // The snapshot holds whole transactions only: every victory's prize is on its horse's total.
  await closeDatabase();
  useDatabase(openPostgres(pgB));
  const content = await contentOf(db());
  expect((await expectPrizesOnTotals(db(), "Concurrent ")).horses).toBeGreaterThan(0);

  const siteB = await serve({ DATA_DIR: dir("b"), DATABASE_URL: pgB });
  const siteC = await serve({ DATA_DIR: dir("c") });
  const onB = await publicSite(siteB);
  const onC = await publicSite(siteC);
  expectSamePages(onB.pages, onC.pages);
  expect(onB.media.length).toBeGreaterThan(20);
  for (const url of onB.media) {
    const fromB = await bytesOf(siteB, url);
    expect(fromB.equals(await bytesOf(siteC, url)), url).toBe(true);
    expect(fromB.equals(await bytesOf(siteA, url)), url).toBe(true);
  }
  // The administrator's account came along: a session on PostgreSQL opens the dashboard.
  const { cookie } = await createSession(admin);
  const dashboard = await page(siteB, "/admin", cookie);
  expect(dashboard.status).toBe(200);
  expect(dashboard.html).toContain("owner@stald.dk");
  // So did the visitor's message with its place in the mail queue.
  const messages = await page(siteB, "/admin/messages", cookie);
  expect(messages.html).toContain("Do you have room for a two-year-old?");

  // And back: a backup of the PostgreSQL site restores onto SQLite with the same pages.
  expect(
    await cli("scripts/backup.ts", ["--out", dir("from-postgres.tar.gz")], { DATA_DIR: dir("b"), DATABASE_URL: pgB }),
  ).toContain("on postgres");
  await cli("scripts/restore.ts", [dir("from-postgres.tar.gz")], { DATA_DIR: dir("d") });
  const siteD = await serve({ DATA_DIR: dir("d") });
  const onD = await publicSite(siteD);
  expectSamePages(onD.pages, onB.pages);
  for (const url of onD.media) expect((await bytesOf(siteD, url)).equals(await bytesOf(siteB, url)), url).toBe(true);
  const back = openSqlite(path.join(dir("d"), "stable.db"));
  try {
    expect(await contentOf(back.db)).toEqual(content);
  } finally {
    await back.close();
  }
}, 600_000);
