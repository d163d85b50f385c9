import { describe, expect, test, vi } from "vitest";
import { countChanges } from "@tests/content-changes";
import { useFreshDatabase } from "@tests/db";
import { horseEdit } from "@tests/horses";
import {
  createHorse,
  deleteHorse,
  findHorseBySlug,
  getHorse,
  listHorses,
  listHorsesWithShares,
  updateHorse,
  type HorseUpdate,
} from "./horse.server";
import { danishToday } from "~/racing/race-day";
import { NegativeTotalError } from "./horse-record.server";
import { createWinner, listWinnersWithHorses } from "./winner.server";

useFreshDatabase();

const horse = { name: "Nordlys", age: 4, color: "Brown", sire: "Sea The Stars", dam: "Frøken Fryd" };
const image = { url: "/media/horse-images/a.webp", width: 800, height: 600 };

const edit = (changes: Partial<HorseUpdate> = {}) => horseEdit(horse, changes);

describe("horses", () => {
  test("an empty database has no horses", async () => {
    expect(await listHorses()).toEqual([]);
  });

  test("horses come newest first", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    try {
      await createHorse({ ...horse, name: "Old" });
      vi.setSystemTime(Date.now() + 1000);
      await createHorse({ ...horse, name: "New" });
    } finally {
      vi.useRealTimers();
    }
    expect((await listHorses()).map((h) => h.name)).toEqual(["New", "Old"]);
  });

  test("keeps a racing record: sex and colour by racing's words, year of birth, dam's sire, texts in both languages", async () => {
    const year = Number(danishToday().slice(0, 4));
    const h = await createHorse({
      ...horse,
      age: 9,
      yearOfBirth: year - 3,
      color: "brun",
      sex: "Hingst",
      damSire: " Dansili ",
      description: "A big colt.",
      descriptionDa: "En stor hingst.",
      sharesAvailable: true,
      sharesText: "25 % available",
      sharesTextDa: "25 % ledig",
    });
    // The age follows the year of birth, whatever was typed; a listed colour and sex are stored as racing's words.
    expect(await getHorse(h.id)).toMatchObject({
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
    const other = await createHorse({ ...horse, name: "Havgus", color: "Bay roan", sex: "rig" });
    expect(await getHorse(other.id)).toMatchObject({
      age: 4,
      yearOfBirth: null,
      color: "Bay roan",
      sex: "rig",
      damSire: null,
      description: "",
      sharesAvailable: false,
    });
    expect((await listHorsesWithShares()).map((x) => x.name)).toEqual(["Nordlys"]);
    await updateHorse(h.id, edit({ sharesAvailable: false, sex: "vallak", yearOfBirth: null, age: 5 }));
    expect(await getHorse(h.id)).toMatchObject({ sex: "gelding", age: 5, yearOfBirth: null, sharesAvailable: false });
    expect(await listHorsesWithShares()).toEqual([]);
  });

  test("the database refuses negative place counts", async () => {
    await expect(createHorse({ ...horse, firstPlaces: -1 })).rejects.toThrow();
  });

  test("an edit changes the fields, adds to the total and keeps the image without a new one", async () => {
    const h = await createHorse({ ...horse, image, totalPrizeOre: 100_000 });
    const changes = countChanges();
    const result = await updateHorse(
      h.id,
      edit({ name: "Nordlys II", owner: "Stald Øst", prizeDeltaOre: 50_050, firstPlaces: 2, thirdPlaces: 1 }),
    );
    changes.stop();
    expect(changes.count).toBe(1);
    expect(result!.replacedImageUrl).toBeNull();
    expect(await getHorse(h.id)).toMatchObject({
      name: "Nordlys II",
      owner: "Stald Øst",
      image,
      totalPrizeOre: 150_050,
      firstPlaces: 2,
      secondPlaces: 0,
      thirdPlaces: 1,
    });
  });

  test("a new image replaces the old one, which is handed back for removal", async () => {
    const h = await createHorse({ ...horse, image });
    const next = { url: "/media/horse-images/b.webp", width: 10, height: 20 };
    const result = await updateHorse(h.id, edit({ image: next }));
    expect(result!.replacedImageUrl).toBe(image.url);
    expect((await getHorse(h.id))!.image).toEqual(next);
  });

  test("an edit keeps a victory recorded meanwhile (the total is incremented, not overwritten)", async () => {
    const h = await createHorse({ ...horse, totalPrizeOre: 100_000 });
    await createWinner({ horseId: h.id, raceName: "Derby", raceDate: "2026-06-01", prizeOre: 25_000 });
    await updateHorse(h.id, edit({ prizeDeltaOre: 1_000 }));
    expect((await getHorse(h.id))!.totalPrizeOre).toBe(126_000);
  });

  test("a total that would go below zero is refused and nothing changes", async () => {
    const h = await createHorse({ ...horse, totalPrizeOre: 1_000 });
    await expect(updateHorse(h.id, edit({ name: "X", prizeDeltaOre: -1_001 }))).rejects.toBeInstanceOf(
      NegativeTotalError,
    );
    expect(await getHorse(h.id)).toMatchObject({ name: "Nordlys", totalPrizeOre: 1_000 });
  });

  test("editing or deleting a missing horse reports it and signals nothing", async () => {
    const changes = countChanges();
    expect(await updateHorse("nope", edit())).toBeNull();
    expect(await deleteHorse("nope")).toBeNull();
    changes.stop();
    expect(changes.count).toBe(0);
  });

  test("a delete moves the horse to the trash and keeps its victories", async () => {
    const h = await createHorse({ ...horse, image });
    await createWinner({ horseId: h.id, raceName: "Derby", raceDate: "2026-06-01" });
    expect(await deleteHorse(h.id)).toEqual({ trashId: expect.any(String) });
    expect(await getHorse(h.id)).toBeNull();
    expect((await listWinnersWithHorses())[0]).toMatchObject({ horseId: null, horseName: null });
  });
});

describe("slugs", () => {
  const kongens = { ...horse, name: "Kongens Ære" };

  test("come from the name with Danish letters spelled out, unique with -2", async () => {
    const a = await createHorse(kongens);
    const b = await createHorse({ ...kongens, name: "KONGENS  ære!" });
    const c = await createHorse({ ...kongens, name: "Ødegård Å" });
    expect([a.slug, b.slug, c.slug]).toEqual(["kongens-aere", "kongens-aere-2", "oedegaard-aa"]);
  });

  test("a rename moves the address and the old one leads to the new", async () => {
    const a = await createHorse(kongens);
    await updateHorse(a.id, horseEdit(kongens, { name: "Nordlys" }));
    expect(await findHorseBySlug("nordlys")).toMatchObject({ horse: { id: a.id } });
    expect(await findHorseBySlug("kongens-aere")).toEqual({ redirectTo: "nordlys" });
    expect(await findHorseBySlug("nobody")).toBeNull();
    // Another horse may take the old name: the live address wins.
    const b = await createHorse(kongens);
    expect(b.slug).toBe("kongens-aere");
    expect(await findHorseBySlug("kongens-aere")).toMatchObject({ horse: { id: b.id } });
  });

  test("simultaneous horses with one name each get their own address", async () => {
    const made = await Promise.all(Array.from({ length: 5 }, () => createHorse(kongens)));
    expect(new Set(made.map((h) => h.slug)).size).toBe(5);
  });
});
