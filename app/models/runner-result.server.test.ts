import { describe, expect, test } from "vitest";
import { useFreshDatabase } from "@tests/db";
import { db } from "~/platform/db.server";
import { createHorse, getHorse, type Horse } from "./horse.server";
import {
  createRunner,
  deleteRunner,
  getRunner,
  listAwaitingResults,
  listRecentResults,
  updateRunner,
} from "./runner.server";
import { getRaceRecord, RaceNotRunError, recordResult } from "./runner-result.server";
import { createWinner, deleteWinner, listWinnersWithHorses, updateWinner } from "./winner.server";

useFreshDatabase();

const TODAY = "2026-06-10";
const horse = { name: "Kongens Ære", age: 4, color: "Brown", sire: "Sea The Stars", dam: "Frøken Fryd" };
const race = {
  raceName: "Dansk Derby",
  raceDate: "2026-06-07",
  track: "Klampenborg",
  distance: "2400 m",
  jockey: "A. Jensen",
};

async function counts(h: Horse) {
  const now = (await getHorse(h.id))!;
  return { total: now.totalPrizeOre, first: now.firstPlaces, second: now.secondPlaces, third: now.thirdPlaces };
}

describe("results", () => {
  test("a win is a victory as Add Victory makes it, a 1st place and prize on the total", async () => {
    const h = await createHorse({ ...horse, totalPrizeOre: 1_000_00, firstPlaces: 2 });
    const { id } = await createRunner({ horseId: h.id, ...race });
    await recordResult(id, { position: 1, didNotFinish: false, prizeOre: 250_000_50 }, TODAY);
    expect(await counts(h)).toEqual({ total: 1_000_00 + 250_000_50, first: 3, second: 0, third: 0 });
    const [victory] = await listWinnersWithHorses();
    expect(victory).toMatchObject({
      horseName: "Kongens Ære",
      raceName: "Dansk Derby",
      raceDate: race.raceDate,
      track: "Klampenborg",
      prizeOre: 250_000_50,
    });
    expect((await getRunner(id))!.victoryId).toBe(victory!.id);
    expect(await listAwaitingResults(TODAY)).toEqual([]);
    expect((await listRecentResults(10)).map((r) => r.result)).toEqual([
      { position: 1, didNotFinish: false, prizeOre: 250_000_50 },
    ]);
  });

  test("2nd and 3rd count their place and add the prize; other placings add the prize only", async () => {
    const h = await createHorse(horse);
    const second = await createRunner({ horseId: h.id, ...race });
    const third = await createRunner({ horseId: h.id, ...race });
    const seventh = await createRunner({ horseId: h.id, ...race });
    const dnf = await createRunner({ horseId: h.id, ...race });
    await recordResult(second.id, { position: 2, didNotFinish: false, prizeOre: 50_000_00 }, TODAY);
    await recordResult(third.id, { position: 3, didNotFinish: false, prizeOre: 20_000_00 }, TODAY);
    await recordResult(seventh.id, { position: 7, didNotFinish: false, prizeOre: 1_000_00 }, TODAY);
    await recordResult(dnf.id, { position: null, didNotFinish: true, prizeOre: null }, TODAY);
    expect(await counts(h)).toEqual({ total: 71_000_00, first: 0, second: 1, third: 1 });
    expect(await listWinnersWithHorses()).toEqual([]);
  });

  test("correcting a result moves the victory, the counts and the total", async () => {
    const h = await createHorse(horse);
    const { id } = await createRunner({ horseId: h.id, ...race });
    await recordResult(id, { position: 3, didNotFinish: false, prizeOre: 10_000_00 }, TODAY);
    await recordResult(id, { position: 1, didNotFinish: false, prizeOre: 90_000_00 }, TODAY);
    expect(await counts(h)).toEqual({ total: 90_000_00, first: 1, second: 0, third: 0 });
    expect(await listWinnersWithHorses()).toHaveLength(1);
    await recordResult(id, { position: 1, didNotFinish: false, prizeOre: 95_000_00 }, TODAY);
    expect(await counts(h)).toEqual({ total: 95_000_00, first: 1, second: 0, third: 0 });
    expect((await listWinnersWithHorses()).map((w) => w.prizeOre)).toEqual([95_000_00]);
    await recordResult(id, { position: 2, didNotFinish: false, prizeOre: 30_000_00 }, TODAY);
    expect(await counts(h)).toEqual({ total: 30_000_00, first: 0, second: 1, third: 0 });
    expect(await listWinnersWithHorses()).toEqual([]);
    await deleteRunner(id);
    expect(await counts(h)).toEqual({ total: 0, first: 0, second: 0, third: 0 });
  });

  test("deleting a winning runner deletes its victory; editing it updates the victory and can move it to another horse", async () => {
    const a = await createHorse(horse);
    const b = await createHorse({ ...horse, name: "Nordlys" });
    const { id } = await createRunner({ horseId: a.id, ...race });
    await recordResult(id, { position: 1, didNotFinish: false, prizeOre: 40_000_00 }, TODAY);
    // The Winners tab corrects the prize on the victory itself.
    const victoryId = (await getRunner(id))!.victoryId!;
    await updateWinner(victoryId, { horseId: a.id, ...race, prizeOre: 45_000_00 });
    expect((await getRunner(id))!.result!.prizeOre).toBe(45_000_00);
    await updateRunner(id, { horseId: b.id, ...race, raceName: "Derby (renamed)" });
    expect(await counts(a)).toEqual({ total: 0, first: 0, second: 0, third: 0 });
    expect(await counts(b)).toEqual({ total: 45_000_00, first: 1, second: 0, third: 0 });
    expect((await listWinnersWithHorses()).map((w) => [w.horseName, w.raceName])).toEqual([
      ["Nordlys", "Derby (renamed)"],
    ]);
    await deleteRunner(id);
    expect(await counts(b)).toEqual({ total: 0, first: 0, second: 0, third: 0 });
    expect(await listWinnersWithHorses()).toEqual([]);
  });

  test("an edit that keeps the placing leaves a counter lowered by hand alone", async () => {
    const h = await createHorse(horse);
    const { id } = await createRunner({ horseId: h.id, ...race });
    await recordResult(id, { position: 2, didNotFinish: false, prizeOre: null }, TODAY);
    await db().updateTable("horses").set({ second_places: 0 }).where("id", "=", h.id).execute();
    await updateRunner(id, { horseId: h.id, ...race, jockey: "B. Hansen" });
    expect((await counts(h)).second).toBe(0);
    await deleteRunner(id);
    expect((await counts(h)).second).toBe(0);
  });

  test("a race still ahead cannot have a result", async () => {
    const h = await createHorse(horse);
    const { id } = await createRunner({ horseId: h.id, ...race, raceDate: "2026-06-11" });
    await expect(recordResult(id, { position: 1, didNotFinish: false, prizeOre: 1 }, TODAY)).rejects.toThrow(
      RaceNotRunError,
    );
    expect(await counts(h)).toEqual({ total: 0, first: 0, second: 0, third: 0 });
    expect(await recordResult("missing", { position: 1, didNotFinish: false, prizeOre: null }, TODAY)).toBeNull();
  });
});

describe("the race record", () => {
  test("a victory deleted in the Winners tab leaves the run; the record counts Winners-tab victories as wins", async () => {
    const h = await createHorse(horse);
    const run = await createRunner({ horseId: h.id, ...race, raceDate: "2026-05-01" });
    await recordResult(run.id, { position: 1, didNotFinish: false, prizeOre: 10_00 }, TODAY);
    const lost = await createRunner({ horseId: h.id, ...race, raceDate: "2026-05-20" });
    await recordResult(lost.id, { position: 5, didNotFinish: false, prizeOre: null }, TODAY);
    const placed = await createRunner({ horseId: h.id, ...race, raceDate: "2026-05-10" });
    await recordResult(placed.id, { position: 3, didNotFinish: false, prizeOre: null }, TODAY);
    await createWinner({ horseId: h.id, raceName: "Typed", raceDate: "2026-06-01" });
    await createRunner({ horseId: h.id, ...race, raceDate: "2026-07-01" });
    const record = await getRaceRecord(h.id);
    expect(record.entries.map((e) => [e.raceDate, e.position])).toEqual([
      ["2026-06-01", 1],
      ["2026-05-20", 5],
      ["2026-05-10", 3],
      ["2026-05-01", 1],
    ]);
    expect(record).toMatchObject({ runs: 4, wins: 2, places: 1 });
    await deleteWinner((await getRunner(run.id))!.victoryId!);
    expect((await getRunner(run.id))!.victoryId).toBeNull();
    expect((await getRaceRecord(h.id)).runs).toBe(4);
  });
});
