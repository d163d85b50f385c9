import { sql } from "kysely";
import pg from "pg";
import { afterEach, describe, expect, it, vi } from "vitest";
import { saveContactInfo } from "~/models/contact-info.server";
import { db } from "~/platform/db.server";
import { TEST_DATABASE_URL, useFreshDatabase } from "@tests/db";
import { createCacheSync } from "./cache-sync";
import { CHANNEL, startContentBus, type ContentBus } from "./content-bus";
import { PageCache } from "./page-cache";

// Runs only with TEST_DATABASE_URL (vitest.config.ts includes *.pg.test.ts then): two instances need a server.
const quiet = { info: () => {}, warn: () => {}, error: () => {} };

async function until(condition: () => boolean, what: string, timeoutMs = 5000) {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

describe("PostgreSQL: two instances", () => {
  useFreshDatabase();

  async function currentUrl() {
    const { rows } = await sql<{ name: string }>`select current_database() as name`.execute(db());
    const url = new URL(TEST_DATABASE_URL!);
    url.pathname = `/${rows[0]!.name}`;
    return url.toString();
  }

  it("a save on one instance invalidates the other's cache, and the listener reconnects", async () => {
    const url = await currentUrl();
    // Instance A: the real wiring (contentChanged -> invalidate here, NOTIFY the others).
    const cacheA = new PageCache();
    const syncA = createCacheSync(cacheA, { log: quiet, dataVersion: () => undefined });
    syncA.startListening(url, 300);
    cleanups.push(() => syncA.stop());
    // Instance B: only what reaches it over PostgreSQL (it does not share A's process listeners).
    const cacheB = new PageCache();
    cacheB.setAvailable(false);
    const busB: ContentBus = startContentBus({
      connectionString: url,
      retryMs: 300,
      onRemoteChange: () => cacheB.invalidate(),
      onConnectedChange: (c) => cacheB.setAvailable(c),
    });
    cleanups.push(() => busB.stop());

    expect(cacheA.isAvailable).toBe(false);
    await until(() => cacheA.isAvailable && cacheB.isAvailable, "both instances listening");

    // Every notification the two listeners handle (a client's listeners run within its emit).
    let handled = 0;
    const emit = pg.Client.prototype.emit;
    const spy = vi.spyOn(pg.Client.prototype, "emit").mockImplementation(function (this: pg.Client, event, ...args) {
      const result = emit.call(this, event, ...args);
      if (event === "notification") handled += 1;
      return result;
    });
    cleanups.push(() => spy.mockRestore());

    const a0 = cacheA.generation;
    const b0 = cacheB.generation;
    await saveContactInfo({ address: "Stalden 1", phoneNumber: "+45 12 34 56 78", emailAddress: "mail@example.dk" });
    expect(cacheA.generation).toBe(a0 + 1);
    await until(() => cacheB.generation > b0, "instance B to hear the change");
    // A ignores its own notification: no second, needless invalidation. A third instance's change,
    // sent after it, reaches each listener after A's own, so once both have handled it, A has too.
    await sql`select pg_notify(${CHANNEL}, 'another-instance:removal')`.execute(db());
    await until(() => handled === 4, "both listeners to hear both changes");
    expect(cacheA.generation).toBe(a0 + 2);
    expect(cacheB.generation).toBe(b0 + 2);

    // Kill the listeners' connections: both stop serving from cache, then reconnect and resume.
    let sawOff = false;
    const watcher = setInterval(() => (sawOff ||= !cacheB.isAvailable), 5);
    await sql`select pg_terminate_backend(pid) from pg_stat_activity
              where datname = current_database() and pid <> pg_backend_pid() and query ilike 'LISTEN%'`.execute(db());
    await until(() => sawOff, "instance B to notice the lost listener");
    clearInterval(watcher);
    await until(() => cacheA.isAvailable && cacheB.isAvailable, "both listeners to reconnect");

    const b1 = cacheB.generation;
    await saveContactInfo({ address: "Stalden 2", phoneNumber: "", emailAddress: "" });
    await until(() => cacheB.generation > b1, "instance B to hear a change after reconnecting");
  });
});
