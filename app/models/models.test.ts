import { describe, expect, test } from "vitest";
import { useFreshDatabase } from "../../tests/db";
import { getContactInfo, saveContactInfo } from "./contact-info.server";
import { listHomeImages } from "./home-image.server";
import { createHorse, getHorse, listHorses } from "./horse.server";
import { getLatestNews, saveNews } from "./news.server";
import { createTeamMember, listTeamMembers, DEFAULT_MEMBER_DESCRIPTION } from "./team-member.server";
import { createWinner, listWinnersWithHorses } from "./winner.server";
import { db } from "~/utils/db.server";

useFreshDatabase();

const horse = { name: "Nordlys", age: 4, color: "Brown", sire: "Sea The Stars", dam: "Frøken Fryd" };

describe("reads of an empty database", () => {
  test("has four gallery rows, no news, an empty contact row", async () => {
    expect((await listHomeImages()).map((i) => i.position)).toEqual([1, 2, 3, 4]);
    expect(await getLatestNews()).toBeNull();
    expect(await getContactInfo()).toEqual({ address: "", phoneNumber: "", emailAddress: "" });
    expect(await listHorses()).toEqual([]);
  });
});

describe("horses and winners", () => {
  test("horses come newest first", async () => {
    await createHorse({ ...horse, name: "Old" });
    await new Promise((r) => setTimeout(r, 5));
    await createHorse({ ...horse, name: "New" });
    expect((await listHorses()).map((h) => h.name)).toEqual(["New", "Old"]);
  });

  test("a victory adds its prize to the horse and shows the horse's name and owner", async () => {
    const h = await createHorse({ ...horse, owner: "Stald Øst" });
    await createWinner({ horseId: h.id, raceName: "Derby", raceDate: "2026-06-01", prizeOre: 12_500_050 });
    const [w] = await listWinnersWithHorses();
    expect(w).toMatchObject({ horseName: "Nordlys", horseOwner: "Stald Øst", prizeOre: 12_500_050 });
    expect((await getHorse(h.id))!.totalPrizeOre).toBe(12_500_050);
  });

  test("victories come latest race first, then newest record; missing details stay null", async () => {
    const h = await createHorse(horse);
    await createWinner({ horseId: h.id, raceName: "Spring", raceDate: "2026-04-12" });
    await createWinner({ horseId: h.id, raceName: "Autumn", raceDate: "2026-09-20", track: "", jockey: "" });
    await new Promise((r) => setTimeout(r, 5));
    await createWinner({ horseId: h.id, raceName: "Autumn rerun", raceDate: "2026-09-20" });
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

  test("the database refuses negative place counts and over-long news", async () => {
    await expect(createHorse({ ...horse, firstPlaces: -1 })).rejects.toThrow();
    await expect(saveNews("x".repeat(161))).rejects.toThrow();
    await expect(db().insertInto("home_images").values({ id: "x", position: 5 }).execute()).rejects.toThrow();
  });
});

describe("team, news and contact", () => {
  test("members get positions 1..n and the default description", async () => {
    await createTeamMember({ name: "A", role: "Trainer" });
    await Promise.all(["B", "C", "D"].map((name) => createTeamMember({ name, role: "Groom" })));
    const team = await listTeamMembers();
    expect(team.map((m) => m.position)).toEqual([1, 2, 3, 4]);
    expect(team[0]!.description).toBe(DEFAULT_MEMBER_DESCRIPTION);
  });

  test("the newest news wins", async () => {
    await saveNews("first");
    await new Promise((r) => setTimeout(r, 5));
    await saveNews("second");
    expect((await getLatestNews())!.text).toBe("second");
  });

  test("contact info is one row", async () => {
    await saveContactInfo({
      address: "Vej 1\n2930 Klampenborg",
      phoneNumber: "+45 12 34 56 78",
      emailAddress: "a@b.dk",
    });
    await saveContactInfo({ address: "Vej 2", phoneNumber: "", emailAddress: "" });
    expect(await getContactInfo()).toEqual({ address: "Vej 2", phoneNumber: "", emailAddress: "" });
    expect(await db().selectFrom("contact_info").select("id").execute()).toHaveLength(1);
  });
});
