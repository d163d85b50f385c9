import { describe, expect, test } from "vitest";
import { useFreshDatabase } from "../../tests/db";
import { getContactInfo, saveContactInfo } from "./contact-info.server";
import { getHomeImage, listHomeImages, updateHomeImage } from "./home-image.server";
import { createHorse, deleteHorse, getHorse, NegativeTotalError, updateHorse, type HorseUpdate } from "./horse.server";
import { getLatestNews, saveNews } from "./news.server";
import {
  createTeamMember,
  deleteTeamMember,
  listTeamMembers,
  moveTeamMember,
  updateTeamMember,
  DEFAULT_MEMBER_DESCRIPTION,
} from "./team-member.server";
import { createWinner, deleteWinner, listWinnersWithHorses, updateWinner } from "./winner.server";
import { onContentChange } from "~/utils/invalidation.server";

useFreshDatabase();

const horse = { name: "Nordlys", age: 4, color: "Brown", sire: "Sea The Stars", dam: "Frøken Fryd" };
const image = { url: "/media/horse-images/a.webp", width: 800, height: 600 };

function countChanges() {
  let n = 0;
  const stop = onContentChange(() => (n += 1));
  return {
    get count() {
      return n;
    },
    stop,
  };
}

function edit(values: Partial<HorseUpdate> = {}): HorseUpdate {
  return { ...horse, prizeDeltaOre: 0, firstPlaces: 0, secondPlaces: 0, thirdPlaces: 0, ...values };
}

describe("horses", () => {
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

  test("a delete removes the horse, hands back its image and keeps its victories", async () => {
    const h = await createHorse({ ...horse, image });
    await createWinner({ horseId: h.id, raceName: "Derby", raceDate: "2026-06-01" });
    expect(await deleteHorse(h.id)).toEqual({ imageUrl: image.url });
    expect(await getHorse(h.id)).toBeNull();
    expect((await listWinnersWithHorses())[0]).toMatchObject({ horseId: null, horseName: null });
  });
});

describe("victories and the horse's total", () => {
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
    expect(await deleteWinner(w2.id)).toEqual({ imageUrl: null });
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

describe("team positions", () => {
  const positions = async () => (await listTeamMembers()).map((m) => [m.name, m.position]);

  test("moves swap with the neighbour and do nothing at the ends", async () => {
    const a = await createTeamMember({ name: "A", role: "Trainer" });
    const b = await createTeamMember({ name: "B", role: "Groom" });
    const c = await createTeamMember({ name: "C", role: "Rider" });
    await moveTeamMember(c.id, "up");
    expect(await positions()).toEqual([
      ["A", 1],
      ["C", 2],
      ["B", 3],
    ]);
    await moveTeamMember(a.id, "down");
    expect(await positions()).toEqual([
      ["C", 1],
      ["A", 2],
      ["B", 3],
    ]);
    expect(await moveTeamMember(c.id, "up")).toBe(true);
    expect(await moveTeamMember(b.id, "down")).toBe(true);
    expect(await positions()).toEqual([
      ["C", 1],
      ["A", 2],
      ["B", 3],
    ]);
    expect(await moveTeamMember("nope", "up")).toBe(false);
  });

  test("a delete closes the gap", async () => {
    const ids = [];
    for (const name of ["A", "B", "C", "D", "E"])
      ids.push((await createTeamMember({ name, role: "Groom", photo: image })).id);
    expect(await deleteTeamMember(ids[1]!)).toEqual({ imageUrl: image.url });
    expect(await positions()).toEqual([
      ["A", 1],
      ["C", 2],
      ["D", 3],
      ["E", 4],
    ]);
    await deleteTeamMember(ids[0]!);
    await deleteTeamMember(ids[4]!);
    expect(await positions()).toEqual([
      ["C", 1],
      ["D", 2],
    ]);
    expect(await deleteTeamMember(ids[0]!)).toBeNull();
  });

  test("concurrent adds, moves and deletes keep positions 1..n without gaps or duplicates", async () => {
    const seed = [];
    for (let i = 0; i < 10; i++) seed.push((await createTeamMember({ name: `S${i}`, role: "Groom" })).id);
    await Promise.all([
      ...Array.from({ length: 15 }, (_, i) => createTeamMember({ name: `N${i}`, role: "Groom" })),
      ...seed.flatMap((id, i) => [moveTeamMember(id, i % 2 ? "up" : "down"), moveTeamMember(id, "up")]),
      deleteTeamMember(seed[3]!),
      deleteTeamMember(seed[7]!),
    ]);
    const team = await listTeamMembers();
    expect(team).toHaveLength(23);
    expect(team.map((m) => m.position)).toEqual(Array.from({ length: 23 }, (_, i) => i + 1));
  });

  test("an edit changes the details, keeps the position and falls back to the default description", async () => {
    const m = await createTeamMember({ name: "A", role: "Trainer", description: "Own words", photo: image });
    const result = await updateTeamMember(m.id, { name: "Anna", role: "Head Trainer", description: "  " });
    expect(result).toEqual({ replacedImageUrl: null });
    expect((await listTeamMembers())[0]).toMatchObject({
      name: "Anna",
      role: "Head Trainer",
      description: DEFAULT_MEMBER_DESCRIPTION,
      photo: image,
      position: 1,
    });
    expect(await updateTeamMember("nope", { name: "x", role: "y" })).toBeNull();
  });
});

describe("news, contact info and gallery", () => {
  test("saving news with the current id replaces that row", async () => {
    const first = await saveNews("first");
    const second = await saveNews("second", first.id);
    expect(second.id).toBe(first.id);
    expect(await getLatestNews()).toMatchObject({ id: first.id, text: "second" });
  });

  test("contact info saves and signals the change", async () => {
    const changes = countChanges();
    await saveContactInfo({ address: "Vej 1", phoneNumber: "1", emailAddress: "a@b.dk" });
    changes.stop();
    expect(changes.count).toBe(1);
    expect(await getContactInfo()).toEqual({ address: "Vej 1", phoneNumber: "1", emailAddress: "a@b.dk" });
  });

  test("a gallery image keeps its picture without a new file and hands back the replaced one", async () => {
    const [first] = await listHomeImages();
    await updateHomeImage(first!.id, { altText: "Morning gallop", image });
    expect(await updateHomeImage(first!.id, { altText: "Evening gallop" })).toEqual({ replacedImageUrl: null });
    expect(await getHomeImage(first!.id)).toMatchObject({ altText: "Evening gallop", image });
    const next = { url: "/media/horse-images/home-1-2.webp", width: 5, height: 5 };
    expect(await updateHomeImage(first!.id, { altText: "x", image: next })).toEqual({ replacedImageUrl: image.url });
    expect(await updateHomeImage("nope", { altText: "x" })).toBeNull();
  });
});
