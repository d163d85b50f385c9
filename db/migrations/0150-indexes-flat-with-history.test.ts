/**
 * The admin's everyday reads on ten seasons of a big yard read what they show, not the history:
 * each query exactly as its model sends it, explained by the engine under test (SQLite's EXPLAIN
 * QUERY PLAN, PostgreSQL's EXPLAIN), uses its index and no scan of the whole table.
 */
import { CompiledQuery, sql, type KyselyPlugin } from "kysely";
import { afterEach, describe, expect, it } from "vitest";
import { MIGRATION_NAMES, migrateToLatest, migrator } from "@db/migrations/migrator";
import { createHorse } from "~/models/horse.server";
import { listAllPosts } from "~/models/post.server";
import { countAwaitingResults, listAwaitingResults, listRecentResults } from "~/models/runner.server";
import { currentDatabase, db, engine, useDatabase, type DatabaseHandle } from "~/platform/db.server";
import { dropTestDatabases, emptyTestDatabase, useFreshDatabase } from "@tests/db";

const TODAY = "2026-06-15";
const SEASONS = 10;
const HORSES = 150;
const RUNS_PER_SEASON = 1_500;
const AWAITING = 13;
const POSTS = 2_000;

/** Ten seasons of a big yard: 15,000 runs with results, a few non-runners each season, 13 without their result yet, the next entries. */
async function bigYard() {
  const horses: string[] = [];
  for (let i = 0; i < HORSES; i++)
    horses.push((await createHorse({ name: `Hest ${i + 1}`, age: 4, color: "Bay", sire: "S", dam: "D" })).id);
  type Row = Record<string, string | number | null>;
  const runners: Row[] = [];
  const day = (season: number, n: number) =>
    new Date(Date.UTC(2017 + season, 3, 1) + Math.floor((n * 214) / RUNS_PER_SEASON) * 86_400_000)
      .toISOString()
      .slice(0, 10);
  for (let season = 0; season < SEASONS; season++)
    for (let n = 0; n < RUNS_PER_SEASON; n++) {
      const i = season * RUNS_PER_SEASON + n;
      const date = day(season, n);
      runners.push({
        id: `run-${i}`,
        horse_id: horses[i % HORSES]!,
        race_name: `Race ${i}`,
        race_date: date,
        post_time: n % 3 ? `1${n % 10}:${n % 2 ? "15" : "45"}` : null,
        position: (i % 12) + 1,
        prize_ore: 1_000_000,
        result_at: `${date}T18:00:00.000Z`,
        status: "entered",
        created_at: `${date}T08:00:00.000Z`,
      });
    }
  const past = (days: number) => new Date(Date.parse(TODAY) - days * 86_400_000).toISOString().slice(0, 10);
  for (let i = 0; i < 300; i++)
    runners.push({
      id: `out-${i}`,
      horse_id: horses[i % HORSES]!,
      race_name: `Non-runner ${i}`,
      race_date: past(10 + i * 10),
      post_time: null,
      position: null,
      prize_ore: null,
      result_at: null,
      status: "withdrawn",
      created_at: `${past(12 + i * 10)}T08:00:00.000Z`,
    });
  for (let i = 0; i < AWAITING + 40; i++)
    runners.push({
      id: `next-${i}`,
      horse_id: horses[i % HORSES]!,
      race_name: `Entry ${i}`,
      // The first thirteen ran in the last days; the rest are still to run.
      race_date: i < AWAITING ? past(1 + (i % 4)) : past(-1 - i),
      post_time: "14:30",
      position: null,
      prize_ore: null,
      result_at: null,
      status: i % 2 ? "declared" : "entered",
      created_at: `${past(20)}T08:00:00.000Z`,
    });
  for (let at = 0; at < runners.length; at += 500)
    await db()
      .insertInto("runners")
      .values(runners.slice(at, at + 500) as never)
      .execute();
  const posts = Array.from({ length: POSTS }, (_, i) => ({
    id: `post-${String(i).padStart(5, "0")}`,
    slug: `post-${i}`,
    title: `Post ${i}`,
    body: `A race report. ${"The horse ran on well in the final furlong. ".repeat(20)}`,
    publish_at: new Date(Date.UTC(2017, 3, 1) + i * 43_200_000).toISOString(),
    audience: i % 50 ? "public" : "owners",
    draft: i % 97 ? 0 : 1,
  }));
  for (let at = 0; at < posts.length; at += 250)
    await db()
      .insertInto("posts")
      .values(posts.slice(at, at + 250) as never)
      .execute();
  // What a database that has lived with this content knows of it.
  await sql`analyze`.execute(db());
}

/** The queries `run` sends, compiled as the engine gets them. */
async function queriesOf(run: () => Promise<unknown>): Promise<CompiledQuery[]> {
  const handle = currentDatabase();
  const sent: CompiledQuery[] = [];
  const capture: KyselyPlugin = {
    transformQuery: ({ node, queryId }) => {
      sent.push(handle.db.getExecutor().compileQuery(node, queryId));
      return node;
    },
    transformResult: async ({ result }) => result,
  };
  useDatabase({ ...handle, db: handle.db.withPlugin(capture) });
  try {
    await run();
  } finally {
    useDatabase(handle);
  }
  return sent;
}

/** The engine's plan for a query, one line per step. */
async function planOf(query: CompiledQuery): Promise<string> {
  const explain = engine() === "postgres" ? "explain " : "explain query plan ";
  const { rows } = await db().executeQuery(CompiledQuery.raw(explain + query.sql, [...query.parameters]));
  return rows
    .map((row) => String((row as Record<string, unknown>)["QUERY PLAN"] ?? (row as { detail: string }).detail))
    .join("\n");
}

/** The one query of `run` that reads `table` with these words in it. */
async function theQuery(run: () => Promise<unknown>, pattern: RegExp) {
  const matching = (await queriesOf(run)).filter((q) => pattern.test(q.sql));
  expect(matching, `one query matching ${pattern}`).toHaveLength(1);
  return matching[0]!;
}

/** A plan reads the whole table: a sequential scan, or SQLite's SCAN without an index. */
const fullScan = (plan: string, table: string, alias = table) =>
  engine() === "postgres"
    ? new RegExp(`Seq Scan on ${table}\\b`).test(plan)
    : new RegExp(`^SCAN (${table}|${alias})$`, "m").test(plan);

describe("indexes that keep the admin's reads flat with history", { timeout: 120_000 }, () => {
  useFreshDatabase();

  it("counts and lists the runners awaiting a result from those alone", async () => {
    await bigYard();
    expect(await countAwaitingResults(TODAY)).toBe(AWAITING);
    expect(await listAwaitingResults(TODAY)).toHaveLength(AWAITING);
    for (const run of [() => countAwaitingResults(TODAY), () => listAwaitingResults(TODAY)]) {
      const plan = await planOf(await theQuery(run, /from "runners"/));
      expect(plan).toContain("runners_awaiting_result");
      expect(fullScan(plan, "runners", "r"), plan).toBe(false);
    }
  });

  it("reads the latest results from the end of their own index, without sorting the history", async () => {
    await bigYard();
    const latest = await listRecentResults(20);
    expect(latest).toHaveLength(20);
    expect(latest[0]!.raceDate >= latest[19]!.raceDate).toBe(true);
    const plan = await planOf(await theQuery(() => listRecentResults(20), /from "runners"/));
    expect(plan).toContain("runners_latest_results");
    expect(fullScan(plan, "runners", "r"), plan).toBe(false);
    expect(plan, plan).not.toMatch(/TEMP B-TREE|\bSort\b/);
  });

  it("reads every post in the News tab's order from the publishing-time index", async () => {
    await bigYard();
    expect(await listAllPosts()).toHaveLength(POSTS);
    const query = await theQuery(() => listAllPosts(), /from "posts" order by/);
    // A page of the tab, the latest first: the index's last entries, nothing else read or sorted.
    const page = await planOf(CompiledQuery.raw(`${query.sql} limit 25`, [...query.parameters]));
    expect(page).toContain("posts_by_publish_at");
    expect(fullScan(page, "posts"), page).toBe(false);
    expect(page, page).not.toMatch(/TEMP B-TREE|\bSort\b/);
    // Every post: SQLite walks the index instead of sorting; PostgreSQL, reading every row anyway,
    // may rather read the table in order and sort it in memory, whichever its statistics price lower.
    const all = await planOf(query);
    if (engine() === "sqlite") {
      expect(all).toContain("posts_by_publish_at");
      expect(all, all).not.toContain("TEMP B-TREE");
    }
  });
});

describe("the migration", () => {
  let handle: DatabaseHandle | undefined;
  afterEach(async () => {
    await handle?.close();
    handle = undefined;
    await dropTestDatabases();
  });

  const NEW = ["posts_by_publish_at", "runners_awaiting_result", "runners_latest_results"];
  async function indexes(h: DatabaseHandle) {
    const { rows } =
      h.engine === "postgres"
        ? await sql<{ name: string }>`select indexname as name from pg_indexes where schemaname = 'public'`.execute(
            h.db,
          )
        : await sql<{ name: string }>`select name from sqlite_master where type = 'index'`.execute(h.db);
    return rows
      .map((r) => r.name)
      .filter((name) => NEW.includes(name))
      .sort();
  }

  it("adds the three indexes and takes them away again", async () => {
    handle = await emptyTestDatabase();
    await migrateToLatest(handle.db);
    expect(await indexes(handle)).toEqual(NEW);
    const before = MIGRATION_NAMES[MIGRATION_NAMES.indexOf("0150-indexes-flat-with-history") - 1]!;
    expect((await migrator(handle.db).migrateTo(before)).error).toBeUndefined();
    expect(await indexes(handle)).toEqual([]);
  });
});
