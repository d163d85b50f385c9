import fs from "node:fs";
import path from "node:path";
import { describe, expect, test } from "vitest";
import { useFreshDatabase, testEngine } from "@tests/db";
import { horseEdit } from "@tests/horses";
import { db } from "~/platform/db.server";
import { MAX_AMOUNT_ORE } from "~/racing/money";
import { restoreFromTrash } from "~/trash/trash.server";
import { createHorse, getHorse, updateHorse, type Horse } from "./horse.server";
import {
  editRecord,
  MAX_PLACES,
  moveRecords,
  NegativeTotalError,
  recordColumns,
  TotalTooLargeError,
  type RecordChange,
} from "./horse-record.server";
import { createRunner, deleteRunner } from "./runner.server";
import { recordResult } from "./runner-result.server";
import { createWinner, deleteWinner, updateWinner } from "./winner.server";

useFreshDatabase();

const horse = { name: "Nordlys", age: 4, color: "Brown", sire: "Sea The Stars", dam: "Frøken Fryd" };
const TODAY = "2026-06-10";
const race = { raceName: "Dansk Derby", raceDate: "2026-06-07" };

async function recordOf(h: Horse) {
  const { totalPrizeOre, firstPlaces, secondPlaces, thirdPlaces } = (await getHorse(h.id))!;
  return { totalPrizeOre, firstPlaces, secondPlaces, thirdPlaces };
}

const move = (changes: RecordChange[]) =>
  db()
    .transaction()
    .execute((trx) => moveRecords(trx, changes));
const edit = (horseId: string, values: Parameters<typeof editRecord>[2]) =>
  db()
    .transaction()
    .execute((trx) => editRecord(trx, horseId, values));

describe(`a horse's record, written in one place (${testEngine})`, () => {
  test("a new horse's record is refused outside its bounds", async () => {
    expect(() => recordColumns({ totalPrizeOre: -1 })).toThrow(NegativeTotalError);
    expect(() => recordColumns({ totalPrizeOre: MAX_AMOUNT_ORE + 1 })).toThrow(TotalTooLargeError);
    expect(() => recordColumns({ secondPlaces: MAX_PLACES + 1 })).toThrow(RangeError);
    expect(() => recordColumns({ thirdPlaces: 1.5 })).toThrow(RangeError);
    expect(recordColumns({ totalPrizeOre: MAX_AMOUNT_ORE, firstPlaces: MAX_PLACES })).toEqual({
      total_prize_ore: MAX_AMOUNT_ORE,
      first_places: MAX_PLACES,
      second_places: 0,
      third_places: 0,
    });
    await expect(createHorse({ ...horse, totalPrizeOre: -5 })).rejects.toThrow(NegativeTotalError);
  });

  test("what the administrator types is refused outside the bounds, and nothing changes", async () => {
    const h = await createHorse({ ...horse, totalPrizeOre: 1_000, firstPlaces: 1 });
    const places = { firstPlaces: 2, secondPlaces: 3, thirdPlaces: 4 };
    await expect(edit(h.id, { prizeDeltaOre: -1_001, ...places })).rejects.toThrow(NegativeTotalError);
    await expect(edit(h.id, { prizeDeltaOre: MAX_AMOUNT_ORE - 999, ...places })).rejects.toThrow(TotalTooLargeError);
    await expect(edit(h.id, { prizeDeltaOre: 0, ...places, firstPlaces: -1 })).rejects.toThrow(RangeError);
    expect(await recordOf(h)).toEqual({ totalPrizeOre: 1_000, firstPlaces: 1, secondPlaces: 0, thirdPlaces: 0 });

    // Exactly to either bound is allowed; the counts are set as typed.
    expect(await edit(h.id, { prizeDeltaOre: -1_000, ...places })).toBe(true);
    expect(await recordOf(h)).toEqual({ totalPrizeOre: 0, ...places });
    expect(await edit(h.id, { prizeDeltaOre: MAX_AMOUNT_ORE, ...places })).toBe(true);
    expect((await recordOf(h)).totalPrizeOre).toBe(MAX_AMOUNT_ORE);
    expect(await edit("no-such-horse", { prizeDeltaOre: 0, ...places })).toBe(false);
  });

  test("changes that follow from other records are merged per horse and stop at 0 and at the maximum", async () => {
    const a = await createHorse({ ...horse, totalPrizeOre: 500, secondPlaces: 1 });
    const b = await createHorse({ ...horse, name: "B", totalPrizeOre: MAX_AMOUNT_ORE - 10, thirdPlaces: MAX_PLACES });
    await move([
      // Net nothing on A's 2nd places: a count lowered by hand is not pushed back up.
      { horseId: a.id, secondPlaces: -1, prizeOre: -2_000 },
      { horseId: a.id, secondPlaces: 1, firstPlaces: -3 },
      { horseId: b.id, prizeOre: 25, thirdPlaces: 1, firstPlaces: 2 },
      { horseId: null, prizeOre: 1_000 },
      { horseId: "gone", prizeOre: 1_000 },
    ]);
    expect(await recordOf(a)).toEqual({ totalPrizeOre: 0, firstPlaces: 0, secondPlaces: 1, thirdPlaces: 0 });
    expect(await recordOf(b)).toEqual({
      totalPrizeOre: MAX_AMOUNT_ORE,
      firstPlaces: 2,
      secondPlaces: 0,
      thirdPlaces: MAX_PLACES,
    });
  });

  test("simultaneous changes to the same horses lose nothing", async () => {
    const a = await createHorse(horse);
    const b = await createHorse({ ...horse, name: "B" });
    await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        move([
          { horseId: i % 2 ? a.id : b.id, prizeOre: 100, firstPlaces: 1 },
          { horseId: i % 2 ? b.id : a.id, prizeOre: 10, thirdPlaces: 1 },
        ]),
      ),
    );
    for (const h of [a, b]) {
      expect(await recordOf(h)).toEqual({ totalPrizeOre: 20 * 110, firstPlaces: 20, secondPlaces: 0, thirdPlaces: 20 });
    }
  });

  test("victories, results, edits, undo and restore all keep within the same bounds", async () => {
    const h = await createHorse({ ...horse, totalPrizeOre: MAX_AMOUNT_ORE - 100 });
    // A victory is recorded in full; the total stops at the maximum.
    const w = await createWinner({ horseId: h.id, ...race, prizeOre: 1_000 });
    expect((await recordOf(h)).totalPrizeOre).toBe(MAX_AMOUNT_ORE);
    // Lowered by hand below the victory's prize: taking it off (edit, delete) stops at 0.
    await updateHorse(h.id, horseEdit(horse, { prizeDeltaOre: -MAX_AMOUNT_ORE + 300 }));
    await updateWinner(w.id, { horseId: h.id, ...race, prizeOre: 0 });
    expect((await recordOf(h)).totalPrizeOre).toBe(0);
    await updateWinner(w.id, { horseId: h.id, ...race, prizeOre: 400 });
    const trashed = await deleteWinner(w.id);
    expect((await recordOf(h)).totalPrizeOre).toBe(0);
    // Undo puts the prize back.
    await restoreFromTrash(trashed!.trashId);
    expect((await recordOf(h)).totalPrizeOre).toBe(400);

    // A result's count and prize, and their undo.
    const run = await createRunner({ horseId: h.id, ...race });
    await recordResult(run.id, { position: 2, didNotFinish: false, prizeOre: 600 }, TODAY);
    expect(await recordOf(h)).toEqual({ totalPrizeOre: 1_000, firstPlaces: 0, secondPlaces: 1, thirdPlaces: 0 });
    await db().updateTable("horses").set({ second_places: 0 }).where("id", "=", h.id).execute();
    const removed = await deleteRunner(run.id);
    expect(await recordOf(h)).toEqual({ totalPrizeOre: 400, firstPlaces: 0, secondPlaces: 0, thirdPlaces: 0 });
    await restoreFromTrash(removed!.trashId);
    expect(await recordOf(h)).toEqual({ totalPrizeOre: 1_000, firstPlaces: 0, secondPlaces: 1, thirdPlaces: 0 });
  });

  test("no other module writes the record's columns", () => {
    const root = path.resolve(import.meta.dirname, "../..");
    const self = "app/models/horse-record.server.ts";
    const files = (dir: string): string[] =>
      fs.readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((entry) => {
        const rel = `${dir}/${entry.name}`;
        if (entry.isDirectory()) return files(rel);
        return /\.tsx?$/.test(entry.name) && !/\.(test|spec)\.tsx?$/.test(entry.name) ? [rel] : [];
      });
    const naming = ["app", "server", "scripts"]
      .flatMap(files)
      .filter((file) => file !== self)
      .filter((file) =>
        /\b(total_prize_ore|first_places|second_places|third_places)\b/.test(
          fs.readFileSync(path.join(root, file), "utf8"),
        ),
      );
    expect(naming).toEqual([]);
  });
});
