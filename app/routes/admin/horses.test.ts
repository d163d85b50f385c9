import { beforeEach, describe, expect, it } from "vitest";
import { buildRequest, signedInUser } from "@tests/auth";
import { answerOf, type ActionAnswer } from "@tests/action-answers";
import { useFreshDatabase } from "@tests/db";
import { createHorse, getHorse, listHorses } from "~/models/horse.server";
import { danishToday } from "~/racing/race-day";
import type { AdminActionData } from "./+shared/admin-action.server";
import * as horsesTab from "./horses";

useFreshDatabase();

let cookie = "";
beforeEach(async () => {
  cookie = (await signedInUser({ admin: true })).cookie;
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
