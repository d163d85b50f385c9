import { describe, expect, it } from "vitest";
import { createHorse, getHorse } from "~/models/horse.server";
import { createWinner, listWinnersWithHorses } from "~/models/winner.server";
import type { Toast } from "~/toast/toast";
import { breakTable, failure, horseValues, savedAt, success, useAdmin } from "@tests/admin-actions";
import { useFreshDatabase } from "@tests/db";
import * as winnersTab from "./winners";

useFreshDatabase();

const { run, failureCheck } = useAdmin();

describe("Winners tab", () => {
  const victory = (horseId: string, prize = "") => ({
    intent: "create",
    horseId,
    raceName: "Derby",
    raceDate: "2026-06-07",
    track: "Klampenborg",
    distance: "2400 m",
    jockey: "J",
    prize,
  });

  it.each([
    ["125.000", 125_000_00],
    ["125.000,50", 125_000_50],
    ["125000.50", 125_000_50],
    ["125.000 kr.", 125_000_00],
  ])("adds a victory with the prize %j and adds it to the horse's total", async (prize, ore) => {
    const h = await createHorse({ ...horseValues, totalPrizeOre: 1_00 });
    const r = await run(winnersTab.action, "/admin/winners", victory(h.id, prize));
    expect(r).toMatchObject({ status: 302, toast: success("Winner Added") });
    const victories = await listWinnersWithHorses();
    expect(victories).toMatchObject([{ horseName: "Nordlys", raceName: "Derby", track: "Klampenborg", prizeOre: ore }]);
    expect(r.location).toBe(savedAt("/admin/winners", victories[0]!.id));
    expect((await getHorse(h.id))!.totalPrizeOre).toBe(1_00 + ore);
  });

  it("refuses a prize that is not an amount, an unknown horse and a bad date; nothing is stored", async () => {
    const h = await createHorse(horseValues);
    const garbage = await run(winnersTab.action, "/admin/winners", victory(h.id, "a lot"));
    expect(garbage.status).toBe(400);
    expect(garbage.data!.errors!.prize).toContain("is not an amount");
    expect(garbage.data!.values.prize).toBe("a lot");
    const unknown = await run(winnersTab.action, "/admin/winners", victory("no-such-horse", "100"));
    expect(unknown.data!.errors!.horseId).toBe("Choose a horse from the list");
    const date = await run(winnersTab.action, "/admin/winners", {
      ...victory(h.id),
      raceDate: "2026-02-30",
      raceName: "",
    });
    expect(date.data!.errors).toMatchObject({
      raceDate: expect.stringContaining("date"),
      raceName: "Race name is required",
    });
    expect(await listWinnersWithHorses()).toEqual([]);
    expect((await getHorse(h.id))!.totalPrizeOre).toBe(0);
  });

  it("edits a victory (the total follows the prize and the horse) and deletes it (the prize comes off)", async () => {
    const a = await createHorse({ ...horseValues, name: "A" });
    const b = await createHorse({ ...horseValues, name: "B" });
    const w = await createWinner({ horseId: a.id, raceName: "Derby", raceDate: "2026-06-07", prizeOre: 500_00 });
    const r = await run(winnersTab.action, "/admin/winners", {
      ...victory(b.id, "750,25"),
      intent: "update",
      id: w.id,
    });
    expect(r).toMatchObject({ status: 302, toast: success("Winner Updated") });
    expect((await getHorse(a.id))!.totalPrizeOre).toBe(0);
    expect((await getHorse(b.id))!.totalPrizeOre).toBe(750_25);
    const del = await run(winnersTab.action, "/admin/winners", { intent: "delete", id: w.id });
    expect(del).toMatchObject({
      status: 302,
      toast: success("Item Deleted", "The item has been removed successfully."),
    });
    expect((await getHorse(b.id))!.totalPrizeOre).toBe(0);
    expect(await run(winnersTab.action, "/admin/winners", { intent: "delete", id: w.id })).toMatchObject({
      status: 404,
      toast: failure("Failed to delete winner"),
    });
    expect(
      await run(winnersTab.action, "/admin/winners", { ...victory(b.id), intent: "update", id: w.id }),
    ).toMatchObject({
      status: 404,
      toast: failure("Failed to update winner"),
    });
  });

  it("answers a failing database with the spec's toasts", async () => {
    const h = await createHorse(horseValues);
    const w = await createWinner({ horseId: h.id, raceName: "Derby", raceDate: "2026-06-07" });
    await breakTable("winners");
    const fails = failureCheck(winnersTab.action, "/admin/winners");
    await fails(victory(h.id), "Failed to add winner");
    await fails({ ...victory(h.id), intent: "update", id: w.id }, "Failed to update winner");
    await fails({ intent: "delete", id: w.id }, "Failed to delete winner");
    const loaded = await run(winnersTab.loader, "/admin/winners");
    expect((loaded.data as unknown as { fetchError: Toast }).fetchError).toEqual(failure("Failed to fetch winners"));
  });
});
