import { describe, expect, it } from "vitest";
import { socialCardUrl } from "~/media/image";
import { storage } from "~/media/storage.server";
import { createHorse, getHorse, listHorses } from "~/models/horse.server";
import { listWinnersWithHorses } from "~/models/winner.server";
import { danishToday } from "~/racing/race-day";
import type { Toast } from "~/toast/toast";
import { breakTable, failure, horseForm, horseValues, savedAt, success, useAdmin } from "@tests/admin-actions";
import { buildRequest } from "@tests/auth";
import { useFreshDatabase } from "@tests/db";
import { solid } from "@tests/images";
import * as horsesTab from "./horses";
import * as winnersTab from "./winners";

useFreshDatabase();

const admin = useAdmin();
const { run, failureCheck } = admin;

describe("Horses tab", () => {
  it("adds a horse", async () => {
    const r = await run(horsesTab.action, "/admin/horses", horseForm);
    expect(r).toMatchObject({ status: 302, toast: success("Horse Added") });
    const horses = await listHorses();
    expect(horses).toMatchObject([{ ...horseValues, owner: null, image: null, totalPrizeOre: 0 }]);
    expect(r.location).toBe(savedAt("/admin/horses", horses[0]!.id));
  });

  it("refuses missing fields and a non-integer age, keeping what was typed", async () => {
    const r = await run(horsesTab.action, "/admin/horses", { ...horseForm, name: "  ", age: "4.5", dam: "" });
    expect(r.status).toBe(400);
    expect(r.data!.errors).toMatchObject({
      name: "Horse name is required",
      age: expect.stringContaining("whole number"),
      dam: "Dam is required",
    });
    expect(r.data!.values).toMatchObject({ age: "4.5", color: "Brown" });
    expect(r.toast).toBeNull();
    expect(await listHorses()).toEqual([]);
  });

  it("adds a horse with an image through the image pipeline", async () => {
    const form = new FormData();
    for (const [k, v] of Object.entries(horseForm)) form.append(k, v);
    form.append(
      "image",
      new File([new Uint8Array(await solid(400, 300).png().toBuffer())], "horse.png", { type: "image/png" }),
    );
    const r = await run(horsesTab.action, "/admin/horses", form);
    expect(r).toMatchObject({ status: 302, toast: success("Horse Added") });
    const [horse] = await listHorses();
    expect(horse!.image).toMatchObject({
      url: expect.stringMatching(/^\/media\/horse-images\/\d+-[0-9a-f]+\.png$/),
      width: 400,
      height: 300,
    });
    // A horse's photo also gets its link-preview crop, stored beside it.
    const card = socialCardUrl(horse!.image!.url).replace(/^\/media\//, "");
    expect(await storage().exists(card)).toBe(true);
  });

  it("edits a horse: total = old total + added amount, places as integers; non-numbers count as 0", async () => {
    const h = await createHorse({ ...horseValues, totalPrizeOre: 1_000_00 });
    const edit = {
      intent: "update",
      id: h.id,
      ...horseValues,
      age: "5",
      owner: "Stald Øst",
      shownTotalOre: "100000",
      totalPrize: "1000.00",
      firstPlaces: "2",
      secondPlaces: "",
      thirdPlaces: "1",
    };
    const r = await run(horsesTab.action, `/admin/horses?edit=${h.id}`, { ...edit, addPrize: "2500.50" });
    expect(r).toMatchObject({
      status: 302,
      location: savedAt("/admin/horses", h.id),
      toast: success("Horse Updated", /2\.500,50 DKK added/),
    });
    expect(await getHorse(h.id)).toMatchObject({
      age: 5,
      owner: "Stald Øst",
      totalPrizeOre: 3_500_50,
      firstPlaces: 2,
      secondPlaces: 0,
      thirdPlaces: 1,
    });

    const again = await run(horsesTab.action, "/admin/horses", {
      ...edit,
      shownTotalOre: "350050",
      totalPrize: "3500.50",
      addPrize: "abc",
    });
    expect(again.toast).toEqual(success("Horse Updated"));
    expect(again.toast!.description).not.toContain("DKK");
    expect((await getHorse(h.id))!.totalPrizeOre).toBe(3_500_50);
  });

  it("refuses negative places and a total below zero, and changes nothing", async () => {
    const h = await createHorse({ ...horseValues, totalPrizeOre: 100 });
    const edit = { intent: "update", id: h.id, ...horseValues, age: "4", shownTotalOre: "100", totalPrize: "1.00" };
    const places = await run(horsesTab.action, "/admin/horses", { ...edit, name: "X", firstPlaces: "-1" });
    expect(places.status).toBe(400);
    expect(places.data!.errors!.firstPlaces).toContain("0 or more");
    const below = await run(horsesTab.action, "/admin/horses", { ...edit, name: "X", addPrize: "-2" });
    expect(below.status).toBe(400);
    expect(below.data!.errors!.addPrize).toBe("The total prize money cannot go below 0");
    expect(await getHorse(h.id)).toMatchObject({ name: "Nordlys", totalPrizeOre: 100 });
  });

  it("bounds money to 1.000.000.000,00 kr. with a clear message, so a horse stays editable", async () => {
    const h = await createHorse({ ...horseValues, totalPrizeOre: 100 });
    const edit = { intent: "update", id: h.id, ...horseValues, age: "4", shownTotalOre: "100", totalPrize: "1.00" };
    const huge = await run(horsesTab.action, "/admin/horses", { ...edit, totalPrize: "99999999999999999999999" });
    expect(huge.status).toBe(400);
    expect(huge.data!.errors!.totalPrize).toBe("Total prize money can be at most 1.000.000.000,00 kr.");
    const added = await run(horsesTab.action, "/admin/horses", { ...edit, addPrize: "1000000000.01" });
    expect(added.data!.errors!.addPrize).toBe("Add prize money can be at most 1.000.000.000,00 kr.");
    // Each amount within the limit, but together past it.
    const sum = await run(horsesTab.action, "/admin/horses", {
      ...edit,
      totalPrize: "1000000000",
      addPrize: "1000000000",
    });
    expect(sum.data!.errors!.addPrize).toBe("The total prize money can be at most 1.000.000.000,00 kr.");
    expect(await getHorse(h.id)).toMatchObject({ totalPrizeOre: 100 });
    const max = await run(horsesTab.action, "/admin/horses", { ...edit, totalPrize: "1000000000.00" });
    expect(max.status).toBe(302);
    expect((await getHorse(h.id))!.totalPrizeOre).toBe(100_000_000_000);

    const prize = await run(winnersTab.action, "/admin/winners", {
      intent: "create",
      horseId: h.id,
      raceName: "Derby",
      raceDate: "2026-06-07",
      prize: "99.999.999.999.999.999.999.999",
    });
    expect(prize.status).toBe(400);
    expect(prize.data!.errors!.prize).toBe("Prize money can be at most 1.000.000.000,00 kr.");
    expect(await listWinnersWithHorses()).toEqual([]);
  });

  it("deletes a horse; a horse that is gone gives the error toast", async () => {
    const h = await createHorse(horseValues);
    expect(await run(horsesTab.action, "/admin/horses", { intent: "delete", id: h.id })).toMatchObject({
      status: 302,
      toast: success("Horse Deleted", "Horse has been removed successfully."),
    });
    expect(await listHorses()).toEqual([]);
    const again = await run(horsesTab.action, "/admin/horses", { intent: "delete", id: h.id });
    expect(again).toMatchObject({ status: 404, toast: failure("Failed to delete horse") });
    const update = await run(horsesTab.action, "/admin/horses", { ...horseForm, intent: "update", id: h.id });
    expect(update).toMatchObject({ status: 404, toast: failure("Failed to update horse") });
    expect(update.data!.values.name).toBe("Nordlys");
  });

  it("answers a failing database with the spec's toasts", async () => {
    const h = await createHorse(horseValues);
    await breakTable("horses");
    const fails = failureCheck(horsesTab.action, "/admin/horses");
    await fails(horseForm, "Failed to add horse");
    await fails({ ...horseForm, intent: "update", id: h.id, shownTotalOre: "0" }, "Failed to update horse");
    await fails({ intent: "delete", id: h.id }, "Failed to delete horse");
    const loaded = await run(horsesTab.loader, "/admin/horses");
    expect(loaded.status).toBe(200);
    expect((loaded.data as unknown as { fetchError: Toast }).fetchError).toEqual(failure("Failed to fetch horses"));
  });
});

const nordlys = { name: "Nordlys", age: 4, color: "Brown", sire: "Sea The Stars", dam: "Frøken Fryd" };

function save(values: Record<string, string>) {
  return run(horsesTab.action, "/admin/horses", values);
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
    const request = buildRequest(`/admin/horses?edit=${h.id}`, { cookie: admin.cookie });
    const loaded = (await horsesTab.loader({ request, params: {}, context: {} } as never)) as {
      fromResults: { first: number; second: number; third: number } | null;
    };
    expect(loaded.fromResults).toEqual({ first: 2, second: 0, third: 1 });
    expect((await getHorse(h.id))!.firstPlaces).toBe(5);
  });
});

function post(form: Record<string, string>) {
  return run(horsesTab.action, "/admin/horses", form);
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
