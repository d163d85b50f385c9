import { beforeEach, describe, expect, it } from "vitest";
import { createHorse, getHorse, listHorses } from "~/models/horse.server";
import { danishToday } from "~/racing/race-day";
import type { AdminActionData } from "~/routes/admin/+shared/admin-action.server";
import { buildRequest, signedInUser } from "@tests/auth";
import { answerOf, type ActionAnswer } from "@tests/action-answers";
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
    const { createRunner } = await import("~/models/runner.server");
    const { recordResult } = await import("~/models/runner-result.server");
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

function post(form: Record<string, string>): Promise<ActionAnswer<AdminActionData>> {
  const request = buildRequest("/admin/horses", { cookie, form });
  return answerOf(() => horsesTab.action({ request, params: {}, context: {} } as never));
}

const year = Number(danishToday().slice(0, 4));

const fields = {
  intent: "create",
  name: "Nordlys",
  age: "",
  yearOfBirth: String(year - 3),
  color: "brun",
  sex: "hingst",
  sire: "Sea The Stars",
  dam: "Frøken Fryd",
  damSire: "Dansili",
  owner: "",
  description: "A big colt.",
  descriptionDa: "En stor hingst.",
  sharesAvailable: "on",
  sharesText: "25 % available",
  sharesTextDa: "25 % ledig",
};

describe("Horses tab: a horse's record", () => {
  it("adds a horse with sex, year of birth (its age from it), dam's sire, both descriptions and shares", async () => {
    expect(await post(fields)).toMatchObject({ status: 302 });
    const [horse] = await listHorses();
    expect(horse).toMatchObject({
      age: 3,
      yearOfBirth: year - 3,
      color: "Bay",
      sex: "male",
      damSire: "Dansili",
      description: "A big colt.",
      descriptionDa: "En stor hingst.",
      sharesAvailable: true,
      sharesText: "25 % available",
      sharesTextDa: "25 % ledig",
    });
  });

  it("needs the age only without a year of birth, and refuses a year to come", async () => {
    const noAge = await post({ ...fields, yearOfBirth: "" });
    expect(noAge.status).toBe(400);
    expect(noAge.data!.errors).toEqual({ age: "Age is required" });
    const future = await post({ ...fields, yearOfBirth: String(year + 1), age: "2" });
    expect(future.data!.errors).toEqual({ yearOfBirth: "Year of birth must be a year from 1900 to this year" });
    const tooLong = await post({ ...fields, sharesText: "x".repeat(101) });
    expect(tooLong.data!.errors).toEqual({ sharesText: "Must be 100 characters or less" });
    expect(await listHorses()).toEqual([]);
    expect(await post({ ...fields, yearOfBirth: "", age: "6", sharesAvailable: "" })).toMatchObject({ status: 302 });
    expect((await listHorses())[0]).toMatchObject({ age: 6, yearOfBirth: null, sharesAvailable: false });
  });

  it("edits the record and takes a horse off the ownership page", async () => {
    const h = await createHorse({
      name: "Nordlys",
      age: 3,
      color: "Bay",
      sire: "S",
      dam: "D",
      sharesAvailable: true,
      sharesText: "25 %",
    });
    const { intent: _, sharesAvailable: __, ...rest } = fields;
    const r = await post({ ...rest, intent: "update", id: h.id, sex: "vallak", totalPrize: "0", shownTotalOre: "0" });
    expect(r).toMatchObject({ status: 302 });
    expect(await getHorse(h.id)).toMatchObject({ sex: "gelding", sharesAvailable: false });
  });
});
