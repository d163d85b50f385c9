import { beforeEach, describe, expect, it } from "vitest";
import { createHorse, getHorse } from "~/models/horse.server";
import type { AdminActionData } from "~/routes/admin/+shared/admin-action.server";
import { buildRequest, signedInUser } from "@tests/auth";
import { answerOf } from "@tests/action-answers";
import { useFreshDatabase } from "@tests/db";
import * as horsesTab from "./horses";

useFreshDatabase();

let cookie = "";
beforeEach(async () => {
  cookie = (await signedInUser({ admin: true })).cookie;
});

const nordlys = { name: "Nordlys", age: 4, color: "Brown", sire: "Sea The Stars", dam: "Frøken Fryd" };

function save(values: Record<string, string>) {
  const request = buildRequest("/admin/horses", { cookie, form: values });
  return answerOf<AdminActionData>(() => horsesTab.action({ request, params: {}, context: {} } as never));
}

describe("Horses tab: the amounts of the edit form", () => {
  const edit = (id: string, shownTotalOre: number, amounts: { totalPrize: string; addPrize: string }) => ({
    intent: "update",
    id,
    ...nordlys,
    age: "4",
    shownTotalOre: String(shownTotalOre),
    ...amounts,
  });

  it("reads both amounts the Danish way: 25.000 is twenty-five thousand kroner", async () => {
    const h = await createHorse({ ...nordlys, totalPrizeOre: 600_000_00 });
    const r = await save(edit(h.id, 600_000_00, { totalPrize: "600.000,00", addPrize: "25.000" }));
    expect(r.status).toBe(302);
    expect(r.toast).toMatchObject({
      title: "Horse Updated",
      description: expect.stringContaining("25.000,00 DKK added"),
    });
    expect((await getHorse(h.id))!.totalPrizeOre).toBe(625_000_00);

    await save(edit(h.id, 625_000_00, { totalPrize: "700 000 kr.", addPrize: "" }));
    expect((await getHorse(h.id))!.totalPrizeOre).toBe(700_000_00);
  });

  it("refuses a total that is no amount or below zero, keeping what was typed; nothing changes", async () => {
    const h = await createHorse({ ...nordlys, totalPrizeOre: 100_00 });
    const words = await save(edit(h.id, 100_00, { totalPrize: "a lot", addPrize: "" }));
    expect(words.status).toBe(400);
    expect(words.data!.errors!.totalPrize).toBe("Total prize money must be an amount in kroner");
    expect(words.data!.values.totalPrize).toBe("a lot");
    const negative = await save(edit(h.id, 100_00, { totalPrize: "-5", addPrize: "" }));
    expect(negative.data!.errors!.totalPrize).toBe("Total prize money cannot be negative");
    expect((await getHorse(h.id))!.totalPrizeOre).toBe(100_00);
  });
});

describe("Horses tab: places from results", () => {
  it("tells the edit form how many of the horse's places its recorded results gave it", async () => {
    const h = await createHorse({ ...nordlys, firstPlaces: 3 });
    const { createRunner, recordResult } = await import("~/models/runner.server");
    for (const position of [1, 1, 3]) {
      const run = await createRunner({ horseId: h.id, raceName: `Race ${position}`, raceDate: "2026-06-01" });
      await recordResult(run.id, { position, didNotFinish: false, prizeOre: null }, "2026-06-01");
    }
    const request = buildRequest(`/admin/horses?edit=${h.id}`, { cookie });
    const loaded = (await horsesTab.loader({ request, params: {}, context: {} } as never)) as {
      fromResults: { first: number; second: number; third: number } | null;
    };
    expect(loaded.fromResults).toEqual({ first: 2, second: 0, third: 1 });
    expect((await getHorse(h.id))!.firstPlaces).toBe(5);
  });
});
