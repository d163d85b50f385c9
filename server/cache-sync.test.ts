import fs from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { migrateToLatest } from "@db/migrations/migrator";
import { saveContactInfo } from "~/models/contact-info.server";
import { openSqlite } from "~/platform/db.server";
import { createHorse } from "~/models/horse.server";
import { createPost, deletePost, updatePost } from "~/models/post.server";
import { ownersUpdate } from "@tests/posts";
import { useFreshDatabase } from "@tests/db";
import { createCacheSync } from "./cache-sync";
import { PageCache } from "./page-cache";
import { encodePage } from "./page-encoding";

const quiet = { info: () => {}, warn: () => {}, error: () => {} };

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

describe("a save in this process", () => {
  useFreshDatabase();

  it("empties the cache synchronously, before the save returns", async () => {
    const cache = new PageCache();
    const sync = createCacheSync(cache, { log: quiet, dataVersion: () => undefined });
    cleanups.push(() => sync.stop());
    const before = cache.generation;
    await saveContactInfo({ address: "Stalden 1", phoneNumber: "+45 12 34 56 78", emailAddress: "mail@example.dk" });
    expect(cache.generation).toBe(before + 1);
  });

  it("drops the last good copies with every save: a post withdrawn by an edit as surely as by a delete", async () => {
    const cache = new PageCache();
    const sync = createCacheSync(cache, { log: quiet, dataVersion: () => undefined });
    cleanups.push(() => sync.stop());
    const horse = await createHorse({ name: "Stormvind", age: 5, color: "Grey", sire: "Frankel", dam: "Blæst" });
    const values = ownersUpdate([horse.id], [], {
      audience: "public",
      title: "Plans",
      publishAt: "2026-01-01T10:00:00.000Z",
    });
    const withdrawals: [string, (id: string) => Promise<unknown>][] = [
      ["owners only", (id) => updatePost(id, { ...values, audience: "owners" })],
      ["a draft again", (id) => updatePost(id, { ...values, draft: true })],
      ["scheduled for later", (id) => updatePost(id, { ...values, publishAt: "2099-01-01T10:00:00.000Z" })],
      ["deleted", (id) => deletePost(id)],
    ];
    for (const [what, withdraw] of withdrawals) {
      const { id, slug } = await createPost(values);
      const keys = [`http://example.test/news/${slug}`, "http://example.test/news", "http://example.test/news.rss"];
      const page = await encodePage(200, new Headers({ "content-type": "text/html" }), Buffer.from("Plans"));
      for (const key of keys) cache.store(key, cache.generation, page);
      await withdraw(id);
      for (const key of keys) expect(cache.stale(key), `${what}: ${key}`).toBeUndefined();
    }
  });
});

describe("a new day in Denmark", () => {
  it("empties the cache at the first lookup after midnight in Copenhagen, not at UTC midnight", () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    cleanups.push(() => void vi.useRealTimers());
    // 23:30 in Copenhagen (summer time, UTC+2).
    vi.setSystemTime(new Date("2026-06-10T21:30:00Z"));
    const cache = new PageCache();
    const sync = createCacheSync(cache, { log: quiet, dataVersion: () => undefined });
    cleanups.push(() => sync.stop());
    const start = cache.generation;
    sync.checkOtherWriters();
    expect(cache.generation).toBe(start);
    // 00:10 the next day in Copenhagen: yesterday's runners are no longer upcoming.
    vi.setSystemTime(new Date("2026-06-10T22:10:00Z"));
    sync.checkOtherWriters();
    expect(cache.generation).toBe(start + 1);
    // UTC midnight is nothing special.
    vi.setSystemTime(new Date("2026-06-11T00:10:00Z"));
    sync.checkOtherWriters();
    expect(cache.generation).toBe(start + 1);
  });
});

describe("SQLite: a write by another process on the same database file", () => {
  it("invalidates on the next lookup (data_version changes)", async () => {
    const file = path.join(process.env.DATA_DIR!, `shared-${Date.now()}.db`);
    const here = openSqlite(file);
    await migrateToLatest(here.db);
    const other = openSqlite(file);
    cleanups.push(
      () => here.close(),
      () => other.close(),
      () => fs.rmSync(file, { force: true }),
    );

    const cache = new PageCache();
    const sync = createCacheSync(cache, { log: quiet, dataVersion: () => here.dataVersion!() });
    cleanups.push(() => sync.stop());
    sync.checkOtherWriters();
    const before = cache.generation;
    // A write through this process's own connection is covered by contentChanged, not here.
    await here.db.insertInto("latest_news").values({ id: "n0", news_text: "own" }).execute();
    sync.checkOtherWriters();
    expect(cache.generation).toBe(before);

    const key = "http://example.test/";
    cache.store(
      key,
      cache.generation,
      await encodePage(200, new Headers({ "content-type": "text/html" }), Buffer.from("/")),
    );
    await other.db.insertInto("latest_news").values({ id: "n1", news_text: "Race day!" }).execute();
    sync.checkOtherWriters();
    expect(cache.generation).toBe(before + 1);
    // What another process changed is unknown: it may have removed a record, so no old copy is kept.
    expect(cache.stale(key)).toBeUndefined();
    sync.checkOtherWriters();
    expect(cache.generation).toBe(before + 1);
  });
});

describe("a database file that cannot be checked", () => {
  it("empties the cache instead of failing the request", () => {
    const cache = new PageCache();
    const warnings: string[] = [];
    let broken = false;
    const sync = createCacheSync(cache, {
      log: { ...quiet, warn: (msg) => warnings.push(msg) },
      dataVersion: () => {
        if (broken) throw Object.assign(new Error("disk I/O error"), { code: "SQLITE_IOERR" });
        return 1;
      },
    });
    cleanups.push(() => sync.stop());
    sync.checkOtherWriters();
    const before = cache.generation;
    broken = true;
    expect(() => sync.checkOtherWriters()).not.toThrow();
    expect(cache.generation).toBe(before + 1);
    expect(warnings).toEqual(["Could not check the database for other writers; page cache emptied"]);
  });
});
