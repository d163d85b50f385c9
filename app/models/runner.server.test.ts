import { describe, expect, test } from "vitest";
import { useFreshDatabase } from "@tests/db";
import { countChanges } from "@tests/content-changes";
import { runAs, type Actor } from "~/platform/actor.server";
import { restoreFromTrash } from "~/trash/trash.server";
import { createHorse, deleteHorse } from "./horse.server";
import {
  countAwaitingResults,
  createRunner,
  declareRunner,
  deleteRunner,
  getRunner,
  listAwaitingResults,
  listRecentResults,
  listRunnersUntil,
  listUpcomingRunners,
  reinstateRunner,
  withdrawRunner,
} from "./runner.server";
import { RunnerStatusError } from "./runner-change.server";
import { recordResult } from "./runner-result.server";
import { listActivity } from "./activity.server";
import { listWinnersWithHorses } from "./winner.server";

useFreshDatabase();

const admin: Actor = { userId: "u1", email: "admin@example.com", via: "dashboard" };
const TODAY = "2026-06-10";
const horse = { name: "Kongens Ære", age: 4, color: "Brown", sire: "Sea The Stars", dam: "Frøken Fryd" };
const race = {
  raceName: "Dansk Derby",
  raceDate: "2026-06-07",
  track: "Klampenborg",
  distance: "2400 m",
  jockey: "A. Jensen",
};

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

  test("a trotting start declared without a weight (from Dansk Hestevæddeløb) is declared, with no weight", () =>
    runAs(admin, async () => {
      const h = await createHorse(horse);
      const { id } = await createRunner({ horseId: h.id, ...ahead });
      await declareRunner(id, { jockey: "Casper M. Nielsen", weightG: null, draw: 7, equipment: [] });
      expect(await getRunner(id)).toMatchObject({
        status: "declared",
        declaration: { jockey: "Casper M. Nielsen", weightG: null, draw: 7, equipment: [] },
      });
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
});
