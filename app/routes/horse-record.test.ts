/**
 * A horse's race record by season against a real database (SQLite, or PostgreSQL with
 * TEST_DATABASE_URL): the latest season's runs on its page, another season by `?season=`, 404 for a
 * season it did not race in, and the summary (runs, wins, places, since) over the whole career.
 */
import { describe, expect, it } from "vitest";
import { useFreshDatabase } from "@tests/db";
import { createHorse } from "~/models/horse.server";
import { createRunner } from "~/models/runner.server";
import { getRaceRecord, recordResult, type RaceRecord } from "~/models/runner-result.server";
import { createWinner } from "~/models/winner.server";
import { db } from "~/platform/db.server";
import * as horsePage from "./horse";

useFreshDatabase();

const TODAY = "2026-06-10";
const horse = { name: "Kongens Ære", age: 6, color: "Brown", sire: "Sea The Stars", dam: "Frøken Fryd" };

/** Kongens Ære's career: three runs in 2025, two in 2026, a victory typed in the Winners tab in 2024. */
async function career() {
  const h = await createHorse(horse);
  const run = async (raceDate: string, position: number) => {
    const r = await createRunner({ horseId: h.id, raceName: `Race ${raceDate}`, raceDate, postTime: "14:00" });
    await recordResult(r.id, { position, didNotFinish: false, prizeOre: null }, TODAY);
  };
  await run("2025-05-01", 1);
  await run("2025-07-01", 2);
  await run("2025-09-01", 5);
  await run("2026-04-01", 3);
  await run("2026-05-01", 1);
  await createWinner({ horseId: h.id, raceName: "Typed", raceDate: "2024-08-01" });
  // Not run yet: on no record.
  await createRunner({ horseId: h.id, raceName: "Next", raceDate: "2026-07-01" });
  return h;
}

async function load(path: string, slug: string) {
  const answer = (await horsePage.loader({
    request: new Request(`http://localhost${path}`),
    params: { slug },
    context: {},
  } as never)) as unknown as { data?: unknown; init?: ResponseInit | null };
  const isData = answer && typeof answer === "object" && "init" in answer && "data" in answer;
  const page = (isData ? answer.data : answer) as { state: string; record?: RaceRecord };
  return { status: isData ? (answer.init?.status ?? 200) : 200, page };
}

describe("the race record by season", () => {
  it("lists the latest season's runs and counts the whole career in the database", async () => {
    const h = await career();
    const record = await getRaceRecord(h.id);
    expect(record).toMatchObject({
      season: 2026,
      seasons: [2026, 2025, 2024],
      runs: 6,
      wins: 3,
      places: 2,
      firstPlaces: 3,
      secondPlaces: 1,
      thirdPlaces: 1,
      since: "2024-08-01",
    });
    expect(record.entries.map((e) => [e.raceDate, e.position])).toEqual([
      ["2026-05-01", 1],
      ["2026-04-01", 3],
    ]);
    const earlier = await getRaceRecord(h.id, { season: 2025 });
    expect(earlier).toMatchObject({ season: 2025, runs: 6, wins: 3 });
    expect(earlier.entries.map((e) => e.raceDate)).toEqual(["2025-09-01", "2025-07-01", "2025-05-01"]);
    expect((await getRaceRecord(h.id, { season: 2024 })).entries).toMatchObject([{ raceName: "Typed", position: 1 }]);
  });

  it("lists a run whose date is no date (a row from before the form's rules) with the latest season", async () => {
    const h = await career();
    const old = await createWinner({ horseId: h.id, raceName: "Old", raceDate: "2020-01-01" });
    await db().updateTable("winners").set({ race_date: "sometime" }).where("id", "=", old.id).execute();
    const record = await getRaceRecord(h.id);
    expect(record.seasons).toEqual([2026, 2025, 2024]);
    expect(record.entries.map((e) => e.raceName)).toEqual(["Race 2026-05-01", "Race 2026-04-01", "Old"]);
    expect((await getRaceRecord(h.id, { season: 2025 })).entries.map((e) => e.raceName)).not.toContain("Old");
    expect(record.runs).toBe(7);
  });

  it("is empty, with no season, for a horse that has not raced", async () => {
    const h = await createHorse(horse);
    expect(await getRaceRecord(h.id)).toEqual({
      entries: [],
      season: null,
      seasons: [],
      runs: 0,
      wins: 0,
      places: 0,
      firstPlaces: 0,
      secondPlaces: 0,
      thirdPlaces: 0,
      since: null,
    });
  });
});

describe("a horse's page by season", () => {
  it("shows the latest season, another by ?season= in both languages, and 404s a season it did not race in", async () => {
    const h = await career();
    const latest = await load(`/horses/${h.slug}`, h.slug);
    expect(latest.status).toBe(200);
    expect(latest.page.record).toMatchObject({ season: 2026, runs: 6 });
    expect(latest.page.record!.entries).toHaveLength(2);
    const older = await load(`/da/horses/${h.slug}?season=2025`, h.slug);
    expect(older.page.record!.entries).toHaveLength(3);
    for (const query of ["?season=2023", "?season=abc", "?season=2025&season=2026"]) {
      const missing = await load(`/horses/${h.slug}${query}`, h.slug);
      expect([missing.status, missing.page.state]).toEqual([404, "missing"]);
    }
  });
});
