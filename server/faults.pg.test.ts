/**
 * The real server, built and started as `npm start` does (under --unhandled-rejections=strict), on
 * PostgreSQL, while its database connections are terminated again and again (what a restart, a
 * failover or a proxy's idle timeout does) and while the database refuses connections altogether;
 * then with a full disk (a small tmpfs when running as root). The same process must answer
 * throughout, and be fresh again within seconds of the database coming back.
 */
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "kysely";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHorse } from "~/models/horse.server";
import { saveContactInfo } from "~/models/contact-info.server";
import { saveNews } from "~/models/news.server";
import { createTeamMember } from "~/models/team-member.server";
import { createWinner } from "~/models/winner.server";
import { db } from "~/platform/db.server";
import { createSession, createUser } from "@tests/auth";
import { TEST_DATABASE_URL, useFreshDatabase } from "@tests/db";
import { startAppServer, type AppServer } from "@tests/e2e/app-server";
import { plainJpeg } from "@tests/images";
import { mountSmallDisk, type SmallDisk } from "@tests/small-disk";
import { ensureTestBuild } from "@tests/test-build";

// The test signs session cookies for the server it starts, so both share the secret.
process.env.SESSION_SECRET ??= crypto.randomBytes(32).toString("base64url");

const PUBLIC_PAGES = ["/", "/horses", "/winners", "/team", "/contact"];
const CACHED_PAGES = ["/", "/horses", "/winners", "/team"];

type Answer = { path: string; status: number; cache: string | null; retryAfter: string | null; body: string };

async function get(base: string, pathname: string, cookie?: string): Promise<Answer> {
  try {
    const res = await fetch(base + pathname, {
      headers: cookie ? { Cookie: cookie } : {},
      redirect: "manual",
      signal: AbortSignal.timeout(15_000),
    });
    return {
      path: pathname,
      status: res.status,
      cache: res.headers.get("x-cache"),
      retryAfter: res.headers.get("retry-after"),
      body: await res.text(),
    };
  } catch (error) {
    // Status 0: no answer at all (refused, reset, timed out).
    return { path: pathname, status: 0, cache: null, retryAfter: null, body: String(error) };
  }
}

/** Submits an admin form the way the page's script does (a .data request), with an optional photo. */
async function submit(base: string, tab: string, cookie: string, fields: Record<string, string>, photo?: Buffer) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  if (photo) form.append("image", new Blob([new Uint8Array(photo)], { type: "image/jpeg" }), "photo.jpg");
  const res = await fetch(`${base}${tab}.data`, {
    method: "POST",
    headers: { Cookie: cookie, Origin: base },
    body: form,
    redirect: "manual",
    signal: AbortSignal.timeout(30_000),
  });
  return { status: res.status, body: await res.text() };
}

async function until<T>(what: string, probe: () => Promise<T | undefined>, timeoutMs: number): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** Visitors, a signed-in administrator and a load balancer's health probe, all at once, until stopped. */
function runTraffic(base: string, cookie: string) {
  const answers: Answer[] = [];
  const paths: [string, string | undefined][] = [
    ...PUBLIC_PAGES.map((p) => [p, undefined] as [string, undefined]),
    // Rendered for each request: a signed-in visitor never gets a shared copy.
    ["/winners", cookie],
    ["/horses", cookie],
    ["/admin/horses", cookie],
    ["/healthz", undefined],
  ];
  let running = true;
  const worker = async (offset: number) => {
    for (let i = offset; running; i++) {
      const [p, c] = paths[i % paths.length]!;
      answers.push(await get(base, p, c));
    }
  };
  const workers = [0, 3, 6].map(worker);
  return {
    answers,
    stop: async () => {
      running = false;
      await Promise.all(workers);
      return answers;
    },
  };
}

describe("PostgreSQL: dropped connections and a full disk", () => {
  useFreshDatabase();

  let buildDir = "";
  let disk: SmallDisk | null = null;
  let server: AppServer | undefined;
  let admin: pg.Client | undefined;
  let side: pg.Client | undefined;

  beforeAll(() => {
    buildDir = ensureTestBuild();
  }, 600_000);

  // Only when the test failed half-way; it stops the server itself (and fails if it had died).
  afterAll(async () => {
    await side?.end().catch(() => {});
    await admin?.end().catch(() => {});
    await server?.stop().catch(() => {});
    disk?.unmount();
  });

  it("keeps one server process answering through three rounds of lost connections and a full disk", async () => {
    const { rows } = await sql<{ name: string }>`select current_database() as name`.execute(db());
    const dbName = rows[0]!.name;
    const url = new URL(TEST_DATABASE_URL!);
    url.pathname = `/${dbName}`;

    // Content and an administrator, written straight into the site's database.
    const horse = await createHorse({ name: "Nordlys", age: 4, color: "Brown", sire: "Sire", dam: "Dam" });
    await createWinner({ horseId: horse.id, raceName: "Derby", raceDate: "2026-06-01", prizeOre: 100 });
    await createTeamMember({ name: "Ida", role: "Trainer" });
    await saveNews("Welcome to the stable");
    await saveContactInfo({ address: "Stalden 1", phoneNumber: "+45 12 34 56 78", emailAddress: "mail@example.dk" });
    const user = await createUser({ email: "admin@stable.test", admin: true });
    const cookie = (await createSession(user)).cookie;

    disk = mountSmallDisk(32 * 1024);
    const dataDir = disk?.dir ?? fs.mkdtempSync(path.join(os.tmpdir(), "stable-faults-"));
    server = await startAppServer({
      DATABASE_URL: url.toString(),
      DATA_DIR: dataDir,
      SESSION_SECRET: process.env.SESSION_SECRET!,
      BUILD_DIR: buildDir,
      LOG_LEVEL: "info",
    });
    const base = server.url;
    const pid = server.pid;

    // A photo uploaded through the site, so there is media to keep serving.
    const added = await submit(
      base,
      "/admin/horses",
      cookie,
      {
        intent: "create",
        name: "Photo Horse",
        age: "5",
        color: "Grey",
        sire: "S",
        dam: "D",
      },
      await plainJpeg(800, 600),
    );
    expect(added.status, added.body).toBeLessThan(400);
    const photoHorse = await db()
      .selectFrom("horses")
      .select("image_url")
      .where("name", "=", "Photo Horse")
      .executeTakeFirstOrThrow();
    expect(photoHorse.image_url).toMatch(/^\/media\/horse-images\//);

    // The operator's connections: one to run the faults, one into the site's database that the
    // faults spare (it writes during the outage, as another instance of the site might).
    admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
    await admin.connect();
    side = new pg.Client({ connectionString: url.toString() });
    await side.connect();
    const sidePid = (await side.query<{ pid: number }>("select pg_backend_pid() as pid")).rows[0]!.pid;
    const terminate = () =>
      admin!.query("select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> $2", [
        dbName,
        sidePid,
      ]);

    // Until the content-change listener is up and the public pages are in the cache. A reconnected
    // listener drops the last good copies (decision 0148), so this runs again before each outage.
    const warmCache = () =>
      until(
        "the page cache to serve hits",
        async () => {
          for (const p of CACHED_PAGES) await get(base, p);
          const answers = await Promise.all(CACHED_PAGES.map((p) => get(base, p)));
          return answers.every((a) => a.status === 200 && a.cache === "HIT") ? true : undefined;
        },
        20_000,
      );
    await warmCache();

    for (let round = 1; round <= 3; round++) {
      // 1. Connections dropped again and again while visitors, an administrator and the health probe keep asking.
      const traffic = runTraffic(base, cookie);
      // Each drop waits for the traffic to get an answer after the one before: drops between requests, not all at once.
      for (let i = 0; i < 12; i++) {
        await terminate();
        const seen = traffic.answers.length;
        await until("an answer after a drop", async () => (traffic.answers.length > seen ? true : undefined), 20_000);
      }
      // Enough answers to judge, however busy the machine (a count, not a time).
      await until(
        "visitors to get answers through the drops",
        async () => (traffic.answers.length > 20 ? true : undefined),
        20_000,
      );
      const answers = await traffic.stop();
      expect(answers.length).toBeGreaterThan(20);
      const unexpected = answers.filter((a) => ![200, 503].includes(a.status));
      expect(
        unexpected.map((a) => `${a.path} ${a.status} ${a.body.slice(0, 200)}`),
        `round ${round}`,
      ).toEqual([]);
      for (const a of answers.filter((x) => x.status === 503)) expect(a.retryAfter, a.path).toMatch(/^\d+$/);
      expect(server.exit(), `round ${round}: the server died`).toBeNull();

      // 2. The database refuses every connection for a while, once the pages have a last good copy.
      await warmCache();
      await admin.query(`alter database ${dbName} with allow_connections false`);
      await terminate();
      const health = await until(
        "the health check to report the outage",
        async () => {
          const a = await get(base, "/healthz");
          return a.status === 503 ? a : undefined;
        },
        10_000,
      );
      expect(JSON.parse(health.body)).toMatchObject({ status: "unavailable", database: "unreachable" });
      expect(JSON.parse(health.body).reason).toMatch(/^database unreachable/);

      // Public pages: the last good copy, marked; one rendered for a signed-in visitor: the error state, 503.
      for (const p of CACHED_PAGES) {
        const a = await until(
          `${p} from the last good copy`,
          async () => {
            const x = await get(base, p);
            return x.cache === "STALE-IF-ERROR" ? x : undefined;
          },
          10_000,
        );
        expect(a.status).toBe(200);
        expect(a.body).toContain("Nordlys");
      }
      const uncached = await get(base, "/winners", cookie);
      expect(uncached.status).toBe(503);
      expect(uncached.retryAfter).toMatch(/^\d+$/);
      expect(uncached.body).toContain("Error Loading Winners");
      // Admin pages: a short 503 page; an admin save: the spec's toast, with the reason.
      const adminPage = await get(base, "/admin/horses", cookie);
      expect(adminPage.status).toBe(503);
      expect(adminPage.retryAfter).toMatch(/^\d+$/);
      expect(adminPage.body).toContain("Temporarily unavailable");
      const refused = await submit(base, "/admin/horses", cookie, {
        intent: "create",
        name: `Outage Horse ${round}`,
        age: "3",
        color: "Bay",
        sire: "S",
        dam: "D",
      });
      expect(refused.status).toBe(503);
      expect(refused.body).toContain("Failed to add horse. The database cannot be reached right now.");
      // Meanwhile the content changes elsewhere; this instance cannot hear of it.
      await side.query("update latest_news set news_text = $1", [`News of round ${round}`]);
      expect(server.exit(), `round ${round}: the server died`).toBeNull();

      // 3. The database is back: fresh pages within seconds, sessions still valid, saves work.
      await admin.query(`alter database ${dbName} with allow_connections true`);
      const recoveredAt = Date.now();
      await until(
        "the home page to show the change made during the outage",
        async () => {
          const a = await get(base, "/");
          return a.status === 200 && a.body.includes(`News of round ${round}`) ? a : undefined;
        },
        5_000,
      );
      const freshAfterMs = Date.now() - recoveredAt;
      expect(freshAfterMs).toBeLessThan(5_000);
      expect((await get(base, "/healthz")).status).toBe(200);
      expect((await get(base, "/admin/horses", cookie)).status).toBe(200);
      const saved = await submit(base, "/admin/horses", cookie, {
        intent: "create",
        name: `Round ${round} Horse`,
        age: "3",
        color: "Bay",
        sire: "S",
        dam: "D",
      });
      expect(saved.status, saved.body).toBeLessThan(400);
      const names = (await db().selectFrom("horses").select("name").execute()).map((h) => h.name);
      expect(names).toContain(`Round ${round} Horse`);
      expect(names).not.toContain(`Outage Horse ${round}`);

      // The listener is back: the cache serves again (emptied once, so nothing from before the
      // outage), and another instance's change reaches it.
      const hit = await until(
        "the page cache to serve hits again",
        async () => {
          await get(base, "/horses");
          const a = await get(base, "/horses");
          return a.cache === "HIT" ? a : undefined;
        },
        20_000,
      );
      expect(hit.body).toContain(`Round ${round} Horse`);
      await side.query("update horses set name = $1 where id = $2", [`Nordlys ${round}`, horse.id]);
      await side.query("select pg_notify('stable_content_changed', 'another-instance')");
      await until(
        "another instance's change to show",
        async () => {
          const a = await get(base, "/horses");
          return a.body.includes(`Nordlys ${round}`) ? a : undefined;
        },
        5_000,
      );
    }

    // A full disk: an upload is refused with the reason and leaves nothing behind.
    if (disk) {
      const before = await db().selectFrom("horses").select("id").execute();
      const mediaBefore = fs.readdirSync(path.join(dataDir, "media", "horse-images")).sort();
      disk.fill();
      const full = await submit(
        base,
        "/admin/horses",
        cookie,
        {
          intent: "create",
          name: "Full Disk Horse",
          age: "3",
          color: "Bay",
          sire: "S",
          dam: "D",
        },
        await plainJpeg(1600, 1200),
      );
      expect(full.status).toBe(507);
      expect(full.body).toContain("Failed to add horse. The server's disk is full.");
      expect(await db().selectFrom("horses").select("id").execute()).toHaveLength(before.length);
      expect(fs.readdirSync(path.join(dataDir, "media", "horse-images")).sort()).toEqual(mediaBefore);
      expect(fs.readdirSync(path.join(dataDir, "tmp", "uploads"))).toEqual([]);
      expect(fs.readdirSync(path.join(dataDir, "media", ".tmp"))).toEqual([]);
    }

    // The same process still answers every public page (and the media) from a full disk.
    expect(server.exit()).toBeNull();
    expect(server.pid).toBe(pid);
    for (const p of PUBLIC_PAGES) {
      for (const c of [undefined, cookie]) {
        const a = await get(base, p, c);
        expect(a.status, `${p}${c ? " signed in" : ""}`).toBe(200);
      }
    }
    expect((await get(base, photoHorse.image_url!)).status).toBe(200);
    expect(server.logs.join("")).not.toContain("Programming error");
    await server.stop();
    server = undefined;
  }, 240_000);
});
