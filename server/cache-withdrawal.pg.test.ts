/**
 * Two built instances of the site on one PostgreSQL database, and a third (this test process, with
 * the real cache wiring) where the administrator withdraws a public post: made owners-only, a draft
 * again, scheduled for later, deleted. Then the database refuses every connection. Neither instance
 * may answer the post's page, the news list or the feeds from a copy that still shows the post.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "kysely";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHorse } from "~/models/horse.server";
import { createPost, deletePost, updatePost, type NewPost } from "~/models/post.server";
import { db } from "~/platform/db.server";
import { TEST_DATABASE_URL, useFreshDatabase } from "@tests/db";
import { startAppServer, type AppServer } from "@tests/e2e/app-server";
import { ensureTestBuild } from "@tests/test-build";
import { createCacheSync } from "./cache-sync";
import { PageCache } from "./page-cache";

type Answer = { status: number; cache: string | null; body: string };

async function get(base: string, pathname: string): Promise<Answer> {
  try {
    const res = await fetch(base + pathname, { redirect: "manual", signal: AbortSignal.timeout(15_000) });
    return { status: res.status, cache: res.headers.get("x-cache"), body: await res.text() };
  } catch (error) {
    return { status: 0, cache: null, body: String(error) };
  }
}

async function until<T>(what: string, probe: () => Promise<T | undefined>, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

const quiet = { info: () => {}, warn: () => {}, error: () => {} };

describe("PostgreSQL refusing connections after a post was withdrawn", () => {
  useFreshDatabase();

  let buildDir = "";
  const servers: AppServer[] = [];
  let admin: pg.Client | undefined;
  let dbName = "";

  beforeAll(() => {
    buildDir = ensureTestBuild();
  }, 600_000);

  afterAll(async () => {
    if (dbName) await admin?.query(`alter database ${dbName} with allow_connections true`).catch(() => {});
    await admin?.end().catch(() => {});
    await Promise.all(servers.map((s) => s.stop().catch(() => {})));
  });

  it(
    "no instance serves a copy of the post's page, the news or the feeds from before",
    { timeout: 300_000 },
    async () => {
      const { rows } = await sql<{ name: string }>`select current_database() as name`.execute(db());
      dbName = rows[0]!.name;
      const url = new URL(TEST_DATABASE_URL!);
      url.pathname = `/${dbName}`;
      admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
      await admin.connect();

      const horse = await createHorse({ name: "Nordlys", age: 4, color: "Brown", sire: "Sire", dam: "Dam" });
      for (let i = 0; i < 2; i++) {
        servers.push(
          await startAppServer({
            DATABASE_URL: url.toString(),
            DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), "stable-withdrawal-")),
            BUILD_DIR: buildDir,
          }),
        );
      }
      // This process is the administrator's instance: its saves reach the two others over LISTEN/NOTIFY.
      const own = new PageCache();
      const sync = createCacheSync(own, { log: quiet, dataVersion: () => undefined });
      sync.startListening(url.toString(), 200);

      const values = (title: string): NewPost => ({
        title,
        body: `${title}: the whole plan.`,
        audience: "public",
        video: null,
        publishAt: "2026-01-01T10:00:00.000Z",
        draft: false,
        horseIds: [horse.id],
        photos: [],
      });
      const withdrawals: [string, (id: string, post: NewPost) => Promise<unknown>][] = [
        ["made owners-only", (id, post) => updatePost(id, { ...post, audience: "owners" })],
        ["made a draft again", (id, post) => updatePost(id, { ...post, draft: true })],
        ["scheduled for later", (id, post) => updatePost(id, { ...post, publishAt: "2099-01-01T10:00:00.000Z" })],
        ["deleted", (id) => deletePost(id)],
      ];

      for (const [n, [what, withdraw]] of withdrawals.entries()) {
        const title = `Confidential plans ${n + 1}`;
        const post = values(title);
        await until("this instance to listen", async () => (own.isAvailable ? true : undefined));
        const { id, slug } = await createPost(post);
        const pages = [`/news/${slug}`, "/news", "/da/news", "/news.rss", "/news.atom"];

        // Both instances serve the pages from their caches (a last good copy of each), showing the post.
        for (const server of servers) {
          await until(`${server.url} to cache the pages`, async () => {
            for (const p of [...pages, "/team"]) await get(server.url, p);
            const answers = await Promise.all([...pages, "/team"].map((p) => get(server.url, p)));
            return answers.every((a) => a.cache === "HIT") ? answers : undefined;
          });
          for (const p of pages) expect((await get(server.url, p)).body, `${p} before`).toContain(title);
        }

        await withdraw(id, post);
        // Each instance heard of it: its untouched /team is rendered again. The post's pages are not asked for.
        for (const server of servers) {
          await until(`${server.url} to hear of the change`, async () =>
            (await get(server.url, "/team")).cache === "MISS" ? true : undefined,
          );
        }

        await admin.query(`alter database ${dbName} with allow_connections false`);
        await admin.query("select pg_terminate_backend(pid) from pg_stat_activity where datname = $1", [dbName]);
        for (const server of servers) {
          await until(`${server.url} to lose its database`, async () =>
            (await get(server.url, "/healthz")).status === 503 ? true : undefined,
          );
          for (const p of pages) {
            const during = await get(server.url, p);
            const where = `${what}: ${p} on ${server.url} answered ${during.status} ${during.cache}`;
            expect(during.cache, where).not.toBe("STALE-IF-ERROR");
            expect(during.body, where).not.toContain(title);
          }
        }

        await admin.query(`alter database ${dbName} with allow_connections true`);
        for (const server of servers) {
          await until(`${server.url} to reach its database again`, async () =>
            (await get(server.url, "/healthz")).status === 200 ? true : undefined,
          );
        }
      }
      await sync.stop();
      for (const server of servers) expect(server.exit()).toBeNull();
    },
  );
});
