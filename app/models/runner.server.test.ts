import { describe, expect, test } from "vitest";
import { useFreshDatabase } from "@tests/db";
import { horseEdit } from "@tests/horses";
import { createHorse, deleteHorse, findHorseBySlug, getHorse, updateHorse, type Horse } from "./horse.server";
import {
  createRunner,
  deleteRunner,
  getRaceRecord,
  getRunner,
  countAwaitingResults,
  listAwaitingResults,
  listRecentResults,
  listRunnersUntil,
  listUpcomingRunners,
  declareRunner,
  listDeadlines,
  RaceNotRunError,
  recordResult,
  reinstateRunner,
  RunnerStatusError,
  updateRunner,
  withdrawRunner,
} from "./runner.server";
import { listActivity } from "./activity.server";
import { restoreFromTrash } from "~/trash/trash.server";
import { countChanges } from "@tests/content-changes";
import { runAs, type Actor } from "~/platform/actor.server";

const admin: Actor = { userId: "u1", email: "admin@example.com", via: "dashboard" };
import { createWinner, deleteWinner, listWinnersWithHorses, updateWinner } from "./winner.server";
import { db } from "~/platform/db.server";

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

describe("slugs", () => {
  test("come from the name with Danish letters spelled out, unique with -2", async () => {
    const a = await createHorse(horse);
    const b = await createHorse({ ...horse, name: "KONGENS  ære!" });
    const c = await createHorse({ ...horse, name: "Ødegård Å" });
    expect([a.slug, b.slug, c.slug]).toEqual(["kongens-aere", "kongens-aere-2", "oedegaard-aa"]);
  });

  test("a rename moves the address and the old one leads to the new", async () => {
    const a = await createHorse(horse);
    await updateHorse(a.id, horseEdit(horse, { name: "Nordlys" }));
    expect(await findHorseBySlug("nordlys")).toMatchObject({ horse: { id: a.id } });
    expect(await findHorseBySlug("kongens-aere")).toEqual({ redirectTo: "nordlys" });
    expect(await findHorseBySlug("nobody")).toBeNull();
    // Another horse may take the old name: the live address wins.
    const b = await createHorse(horse);
    expect(b.slug).toBe("kongens-aere");
    expect(await findHorseBySlug("kongens-aere")).toMatchObject({ horse: { id: b.id } });
  });

  test("simultaneous horses with one name each get their own address", async () => {
    const made = await Promise.all(Array.from({ length: 5 }, () => createHorse(horse)));
    expect(new Set(made.map((h) => h.slug)).size).toBe(5);
  });
});

describe("runners", () => {
  test("upcoming soonest first, awaiting results once the day has passed", async () => {
    const h = await createHorse(horse);
    await createRunner({ horseId: h.id, ...race, raceName: "Late", raceDate: "2026-06-20", postTime: "15:30" });
    await createRunner({ horseId: h.id, ...race, raceName: "Early", raceDate: "2026-06-20", postTime: "13:05" });
    await createRunner({ horseId: h.id, ...race, raceName: "Today", raceDate: TODAY });
    await createRunner({ horseId: h.id, ...race, raceName: "Past" });
    expect((await listUpcomingRunners(TODAY)).map((r) => r.raceName)).toEqual(["Today", "Early", "Late"]);
    expect((await listUpcomingRunners(TODAY, 2)).map((r) => r.raceName)).toEqual(["Today", "Early"]);
    expect((await listAwaitingResults(TODAY)).map((r) => r.raceName)).toEqual(["Past"]);
    expect((await listUpcomingRunners(TODAY))[1]).toMatchObject({
      horseName: "Kongens Ære",
      horseSlug: "kongens-aere",
    });
  });

  test("the dashboard's results to record and the runners of the next days", async () => {
    const h = await createHorse(horse);
    expect(await countAwaitingResults(TODAY)).toBe(0);
    await createRunner({ horseId: h.id, ...race, raceName: "Past" });
    const recorded = await createRunner({ horseId: h.id, ...race, raceName: "Recorded", raceDate: "2026-06-08" });
    await recordResult(recorded.id, { position: 4, didNotFinish: false, prizeOre: null }, TODAY);
    await createRunner({ horseId: h.id, ...race, raceName: "Today", raceDate: TODAY });
    await createRunner({ horseId: h.id, ...race, raceName: "In six days", raceDate: "2026-06-16" });
    await createRunner({ horseId: h.id, ...race, raceName: "In a week", raceDate: "2026-06-17" });
    expect(await countAwaitingResults(TODAY)).toBe(1);
    expect((await listRunnersUntil(TODAY, "2026-06-16")).map((r) => r.raceName)).toEqual(["Today", "In six days"]);
    expect(await countAwaitingResults("2026-06-11")).toBe(2);
  });

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

  test("deleting a horse removes its runners; its victories stay without a horse", async () => {
    const h = await createHorse(horse);
    const { id } = await createRunner({ horseId: h.id, ...race });
    await recordResult(id, { position: 1, didNotFinish: false, prizeOre: null }, TODAY);
    await createRunner({ horseId: h.id, ...race, raceDate: "2026-07-01" });
    await deleteHorse(h.id);
    expect(await listUpcomingRunners(TODAY)).toEqual([]);
    expect(await listRecentResults(10)).toEqual([]);
    expect((await listWinnersWithHorses()).map((w) => w.horseName)).toEqual([null]);
  });
});

describe("entries, declarations and non-runners", () => {
  const ahead = { ...race, raceDate: "2026-06-20", postTime: "15:30" };
  const declaration = { jockey: "M. Larsen", weightG: 57_500, draw: 4, equipment: ["blinkers" as const] };

  test("a new runner is entered; a declaration is stored exactly, can be corrected and is logged", () =>
    runAs(admin, async () => {
      const h = await createHorse(horse);
      const { id } = await createRunner({
        horseId: h.id,
        ...ahead,
        declarationDeadline: "2026-06-18T07:30:00.000Z",
        withdrawalDeadline: "2026-06-20T08:00:00.000Z",
      });
      const entered = (await getRunner(id))!;
      expect(entered).toMatchObject({ status: "entered", declaration: null, sequence: 0 });
      expect(entered.declarationDeadline).toBe("2026-06-18T07:30:00.000Z");

      const changes = countChanges();
      await declareRunner(id, declaration);
      expect(changes.count).toBe(1);
      changes.stop();
      const declared = (await getRunner(id))!;
      expect(declared).toMatchObject({ status: "declared", jockey: "M. Larsen", declaration, sequence: 1 });

      await declareRunner(id, { ...declaration, weightG: 58_000, draw: null, equipment: ["hood", "blinkers"] });
      expect((await getRunner(id))!.declaration).toEqual({
        jockey: "M. Larsen",
        weightG: 58_000,
        draw: null,
        equipment: ["blinkers", "hood"],
      });
      const { entries } = await listActivity();
      expect(entries[0]).toMatchObject({ summary: "Runner declared: Dansk Derby (Kongens Ære)" });
      expect(entries[0]!.changes).toEqual(
        expect.arrayContaining([
          { field: "Weight", old: "57,5 kg", new: "58 kg" },
          { field: "Equipment", old: "blinkers", new: "blinkers,hood" },
        ]),
      );
      expect(entries[1]!.changes).toEqual(
        expect.arrayContaining([{ field: "Status", old: "Entered", new: "Declared" }]),
      );
      expect(await declareRunner("nobody", declaration)).toBeNull();
    }));

  test("a withdrawal makes a non-runner, left out of the running; reinstating brings the declaration back", () =>
    runAs(admin, async () => {
      const h = await createHorse(horse);
      const { id } = await createRunner({ horseId: h.id, ...ahead });
      await declareRunner(id, declaration);
      await withdrawRunner(id, "Coughing");
      const out = (await getRunner(id))!;
      expect(out).toMatchObject({ status: "withdrawn", withdrawalReason: "Coughing", declaration, sequence: 2 });
      expect((await listUpcomingRunners(TODAY)).map((r) => r.id)).toEqual([id]);
      expect(await listUpcomingRunners(TODAY, 5, { runningOnly: true })).toEqual([]);
      await expect(withdrawRunner(id, null)).rejects.toBeInstanceOf(RunnerStatusError);
      await expect(declareRunner(id, declaration)).rejects.toBeInstanceOf(RunnerStatusError);

      await reinstateRunner(id, TODAY);
      expect((await getRunner(id))!).toMatchObject({ status: "declared", withdrawalReason: null, sequence: 3 });
      await expect(reinstateRunner(id, TODAY)).rejects.toMatchObject({ reason: "not-withdrawn" });

      const entered = await createRunner({ horseId: h.id, ...ahead, raceName: "Other" });
      await withdrawRunner(entered.id, null);
      await reinstateRunner(entered.id, "2026-06-20");
      expect((await getRunner(entered.id))!.status).toBe("entered");
      const { entries } = await listActivity();
      expect(entries.map((e) => e.summary.split(":")[0])).toEqual(
        expect.arrayContaining(["Runner withdrawn", "Runner reinstated"]),
      );
    }));

  test("reinstating ends with race day; a non-runner has no result; a runner with a result keeps it", async () => {
    const h = await createHorse(horse);
    const past = await createRunner({ horseId: h.id, ...race });
    await withdrawRunner(past.id, null);
    await expect(reinstateRunner(past.id, TODAY)).rejects.toMatchObject({ reason: "race-passed" });
    await expect(
      recordResult(past.id, { position: 1, didNotFinish: false, prizeOre: 100 }, TODAY),
    ).rejects.toMatchObject({ reason: "withdrawn" });

    const ran = await createRunner({ horseId: h.id, ...race, raceName: "Ran" });
    await recordResult(ran.id, { position: 2, didNotFinish: false, prizeOre: 5000 }, TODAY);
    await expect(withdrawRunner(ran.id, null)).rejects.toMatchObject({ reason: "has-result" });
    await expect(declareRunner(ran.id, declaration)).rejects.toMatchObject({ reason: "has-result" });
    expect((await getRunner(ran.id))!.result).toMatchObject({ position: 2 });
  });

  test("the trash keeps a runner's status, declaration and deadlines", async () => {
    const h = await createHorse(horse);
    const { id } = await createRunner({ horseId: h.id, ...ahead, withdrawalDeadline: "2026-06-20T08:00:00.000Z" });
    await declareRunner(id, declaration);
    await withdrawRunner(id, "Lame");
    const before = await getRunner(id);
    const { trashId } = (await deleteRunner(id))!;
    expect(await getRunner(id)).toBeNull();
    await restoreFromTrash(trashId);
    expect(await getRunner(id)).toEqual(before);
  });

  test("deadlines still needing an action, soonest first", async () => {
    const h = await createHorse(horse);
    const a = await createRunner({
      horseId: h.id,
      ...ahead,
      raceName: "A",
      declarationDeadline: "2026-06-18T07:30:00.000Z",
      withdrawalDeadline: "2026-06-20T08:00:00.000Z",
    });
    const b = await createRunner({
      horseId: h.id,
      ...ahead,
      raceName: "B",
      declarationDeadline: "2026-06-17T10:00:00.000Z",
    });
    await createRunner({ horseId: h.id, ...ahead, raceName: "Late", declarationDeadline: "2026-07-01T10:00:00.000Z" });
    const found = await listDeadlines("2026-06-17T00:00:00.000Z", "2026-06-21T00:00:00.000Z");
    expect(found.map((d) => [d.raceName, d.kind])).toEqual([
      ["B", "declare"],
      ["A", "declare"],
      ["A", "withdraw"],
    ]);
    // Declared: nothing left to declare. Withdrawn: nothing left to do.
    await declareRunner(a.id, declaration);
    await withdrawRunner(b.id, null);
    expect(
      (await listDeadlines("2026-06-17T00:00:00.000Z", "2026-06-21T00:00:00.000Z")).map((d) => [d.raceName, d.kind]),
    ).toEqual([["A", "withdraw"]]);
  });
});
