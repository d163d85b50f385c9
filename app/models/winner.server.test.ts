import { describe, expect, test, vi } from "vitest";
import { useFreshDatabase } from "@tests/db";
import { horseEdit } from "@tests/horses";
import { createHorse, deleteHorse, getHorse, updateHorse, type HorseUpdate } from "./horse.server";
import { createWinner, deleteWinner, listWinnersWithHorses, updateWinner } from "./winner.server";
import { db } from "~/platform/db.server";

useFreshDatabase();

const horse = { name: "Nordlys", age: 4, color: "Brown", sire: "Sea The Stars", dam: "Frøken Fryd" };

const edit = (changes: Partial<HorseUpdate> = {}) => horseEdit(horse, changes);

describe("victories and the horse's total", () => {
  test("a victory adds its prize to the horse and shows the horse's name and owner", async () => {
    const h = await createHorse({ ...horse, owner: "Stald Øst" });
    await createWinner({ horseId: h.id, raceName: "Derby", raceDate: "2026-06-01", prizeOre: 12_500_050 });
    const [w] = await listWinnersWithHorses();
    expect(w).toMatchObject({ horseName: "Nordlys", horseOwner: "Stald Øst", prizeOre: 12_500_050 });
    expect((await getHorse(h.id))!.totalPrizeOre).toBe(12_500_050);
  });

  test("victories come latest race first, then newest record; missing details stay null", async () => {
    const h = await createHorse(horse);
    vi.useFakeTimers({ toFake: ["Date"] });
    try {
      await createWinner({ horseId: h.id, raceName: "Spring", raceDate: "2026-04-12" });
      await createWinner({ horseId: h.id, raceName: "Autumn", raceDate: "2026-09-20", track: "", jockey: "" });
      vi.setSystemTime(Date.now() + 1000);
      await createWinner({ horseId: h.id, raceName: "Autumn rerun", raceDate: "2026-09-20" });
    } finally {
      vi.useRealTimers();
    }
    const winners = await listWinnersWithHorses();
    expect(winners.map((w) => w.raceName)).toEqual(["Autumn rerun", "Autumn", "Spring"]);
    expect(winners[1]).toMatchObject({ track: null, distance: null, jockey: null, prizeOre: null, photo: null });
  });

  test("concurrent victories leave the exact total", async () => {
    const h = await createHorse(horse);
    await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        createWinner({ horseId: h.id, raceName: `Race ${i}`, raceDate: "2026-06-01", prizeOre: 100_00 + i }),
      ),
    );
    const expected = Array.from({ length: 50 }, (_, i) => 100_00 + i).reduce((a, b) => a + b, 0);
    expect((await getHorse(h.id))!.totalPrizeOre).toBe(expected);
  });

  test("deleting a horse keeps its victories without a horse", async () => {
    const h = await createHorse(horse);
    await createWinner({ horseId: h.id, raceName: "Derby", raceDate: "2026-06-01" });
    await db().deleteFrom("horses").where("id", "=", h.id).execute();
    const [w] = await listWinnersWithHorses();
    expect(w).toMatchObject({ horseId: null, horseName: null, horseOwner: null });
  });

  test("editing the prize adjusts the total by the difference", async () => {
    const h = await createHorse(horse);
    const w = await createWinner({ horseId: h.id, raceName: "Derby", raceDate: "2026-06-01", prizeOre: 10_000_000 });
    await createWinner({ horseId: h.id, raceName: "Cup", raceDate: "2026-07-01", prizeOre: 500_000 });
    await updateWinner(w.id, { horseId: h.id, raceName: "Derby", raceDate: "2026-06-01", prizeOre: 12_500_050 });
    expect((await getHorse(h.id))!.totalPrizeOre).toBe(13_000_050);
    await updateWinner(w.id, { horseId: h.id, raceName: "Derby", raceDate: "2026-06-01", prizeOre: null });
    expect((await getHorse(h.id))!.totalPrizeOre).toBe(500_000);
  });

  test("moving a victory to another horse moves its prize", async () => {
    const a = await createHorse({ ...horse, name: "A" });
    const b = await createHorse({ ...horse, name: "B" });
    const w = await createWinner({ horseId: a.id, raceName: "Derby", raceDate: "2026-06-01", prizeOre: 300_000 });
    const photo = { url: "/media/winner-photos/p.webp", width: 1, height: 1 };
    const result = await updateWinner(w.id, {
      horseId: b.id,
      raceName: "Derby",
      raceDate: "2026-06-02",
      prizeOre: 400_000,
      track: "Klampenborg",
      photo,
    });
    expect(result).toEqual({ replacedImageUrl: null });
    expect((await getHorse(a.id))!.totalPrizeOre).toBe(0);
    expect((await getHorse(b.id))!.totalPrizeOre).toBe(400_000);
    expect((await listWinnersWithHorses())[0]).toMatchObject({
      horseName: "B",
      raceDate: "2026-06-02",
      track: "Klampenborg",
      photo,
    });
  });

  test("deleting a victory takes its prize off the total, stopping at zero", async () => {
    const h = await createHorse(horse);
    const w1 = await createWinner({ horseId: h.id, raceName: "Derby", raceDate: "2026-06-01", prizeOre: 300_000 });
    const w2 = await createWinner({ horseId: h.id, raceName: "Cup", raceDate: "2026-06-01", prizeOre: 200_000 });
    await deleteWinner(w1.id);
    expect((await getHorse(h.id))!.totalPrizeOre).toBe(200_000);
    // The administrator lowered the total by hand below the remaining prize.
    await updateHorse(h.id, edit({ prizeDeltaOre: -150_000 }));
    expect(await deleteWinner(w2.id)).toEqual({ trashId: expect.any(String) });
    expect((await getHorse(h.id))!.totalPrizeOre).toBe(0);
    expect(await deleteWinner(w2.id)).toBeNull();
    expect(await listWinnersWithHorses()).toEqual([]);
  });

  test("a victory of a deleted horse can still be edited and deleted", async () => {
    const h = await createHorse(horse);
    const other = await createHorse({ ...horse, name: "Other" });
    const w = await createWinner({ horseId: h.id, raceName: "Derby", raceDate: "2026-06-01", prizeOre: 300_000 });
    await deleteHorse(h.id);
    await updateWinner(w.id, { horseId: other.id, raceName: "Derby", raceDate: "2026-06-01", prizeOre: 300_000 });
    expect((await getHorse(other.id))!.totalPrizeOre).toBe(300_000);
  });

  test("50 victories added, then edited and deleted at once leave the exact totals", async () => {
    const h = await createHorse(horse);
    const other = await createHorse({ ...horse, name: "Other" });
    const prizes = Array.from({ length: 50 }, (_, i) => 100_000 + i * 137);
    const winners = await Promise.all(
      prizes.map((prizeOre, i) =>
        createWinner({ horseId: h.id, raceName: `Race ${i}`, raceDate: "2026-06-01", prizeOre }),
      ),
    );
    const sum = prizes.reduce((a, b) => a + b, 0);
    expect((await getHorse(h.id))!.totalPrizeOre).toBe(sum);

    // Every victory at once: the first ten doubled, the next ten moved to the other horse, ten deleted.
    await Promise.all(
      winners.map((w, i) => {
        const base = { raceName: `Race ${i}`, raceDate: "2026-06-01" };
        if (i < 10) return updateWinner(w.id, { ...base, horseId: h.id, prizeOre: prizes[i]! * 2 });
        if (i < 20) return updateWinner(w.id, { ...base, horseId: other.id, prizeOre: prizes[i]! });
        if (i < 30) return deleteWinner(w.id);
        return createWinner({ ...base, horseId: h.id, prizeOre: 1 });
      }),
    );
    const part = (from: number, to: number) => prizes.slice(from, to).reduce((a, b) => a + b, 0);
    expect((await getHorse(h.id))!.totalPrizeOre).toBe(part(0, 10) * 2 + part(30, 50) + 20);
    expect((await getHorse(other.id))!.totalPrizeOre).toBe(part(10, 20));
  });
});
