import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { migrateToLatest } from "@db/migrations/migrator";
import { buildRequest, signedInUser } from "@tests/auth";
import { getLatestNews } from "~/models/news.server";
import * as homeTab from "~/routes/admin/home";
import { openSqlite, useDatabase, type DatabaseHandle } from "./db.server";
import { checkHealth } from "./health.server";
import { log } from "./log.server";

/**
 * The SQLite file deleted or replaced under a running site. These cases open a SQLite database of
 * their own whichever engine the suite runs on: the file's identity is SQLite's concern only.
 */
let dir: string;
let file: string;
let handle: DatabaseHandle;
let previous: DatabaseHandle | undefined;

beforeEach(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "stable-db-file-"));
  file = path.join(dir, "stable.db");
  handle = openSqlite(file);
  await migrateToLatest(handle.db);
  previous = useDatabase(handle);
});

afterEach(async () => {
  useDatabase(previous);
  await handle.close();
  fs.rmSync(dir, { recursive: true, force: true });
  vi.restoreAllMocks();
  vi.useRealTimers();
});

async function saveNews(cookie: string, newsText: string) {
  const result = await homeTab.action({
    request: buildRequest("/admin", { cookie, form: { intent: "news", newsText } }),
    params: {},
    context: {},
  } as never);
  if (result instanceof Response) return { status: result.status, toast: null };
  const { data, init } = result as unknown as { data: { toast?: { description?: string } }; init?: ResponseInit };
  return { status: init?.status ?? 200, toast: data.toast ?? null };
}

const REASON = /^database file (deleted|replaced) under the running site/;

describe("the SQLite file under a running site", () => {
  it("goes on as usual while the file is the one that was opened", async () => {
    const { cookie } = await signedInUser({ admin: true });
    expect((await saveNews(cookie, "Nordlys won!")).status).toBe(302);
    expect(await checkHealth()).toMatchObject({ status: "ok", database: "ok" });
  });

  for (const [what, change] of [
    ["deleted", () => fs.rmSync(file)],
    [
      "replaced",
      () => {
        fs.copyFileSync(file, `${file}.new`);
        fs.renameSync(`${file}.new`, file);
      },
    ],
  ] as const) {
    it(`answers /healthz 503 and refuses writes with the 'Failed to …' text when it was ${what}`, async () => {
      const { cookie } = await signedInUser({ admin: true });
      const errors = vi.spyOn(log, "error");
      change();
      // Writes look at the file at most once a second.
      vi.useFakeTimers({ toFake: ["Date"], now: Date.now() + 1500 });

      const saved = await saveNews(cookie, "Saved into a file nobody will open again");
      expect(saved.status).toBe(503);
      expect(saved.toast?.description).toBe(
        "Failed to update latest news. The database file was deleted or replaced while the site was running: nothing was saved. Restart the site.",
      );
      expect(await getLatestNews()).toBeNull();

      const health = await checkHealth();
      expect(health).toMatchObject({ status: "unavailable", database: "replaced" });
      expect(health.reason).toMatch(REASON);
      expect(errors).toHaveBeenCalledWith(expect.stringMatching(/database file/), expect.anything());
    });
  }
});
