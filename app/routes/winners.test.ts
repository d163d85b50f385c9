/**
 * /winners by season and page against a real database (SQLite, or PostgreSQL with
 * TEST_DATABASE_URL): the latest season first, a season chosen, pages of a bounded size, 404 for a
 * season or page that is not there, and the spec's texts and fallbacks on the first page.
 */
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { loaderAnswerAt } from "@tests/action-answers";
import { useFreshDatabase } from "@tests/db";
import { createHorse, listFeaturedHorses } from "~/models/horse.server";
import { createWinner, latestWinner, listWinnerSeasons, listWinnersPage, type Winner } from "~/models/winner.server";
import { db } from "~/platform/db.server";
import * as home from "./home";
import * as winnersPage from "./winners";

useFreshDatabase();

const horse = { name: "Nordlys", age: 4, color: "Brown", sire: "Sea The Stars", dam: "Frøken Fryd" };

type Found = { state: "found"; winners: Winner[]; seasons: number[]; season: number; page: number; pages: number };

const load = (path: string) => loaderAnswerAt<{ state: string } & Record<string, unknown>>(winnersPage.loader, path);

/** The page as a visitor gets it, for the loader data given. */
function render(path: string, data: unknown) {
  const Page = winnersPage.default as unknown as () => null;
  const pathname = path.split("?")[0]!;
  const Stub = createRoutesStub([{ path: pathname, Component: Page, loader: () => data, HydrateFallback: () => null }]);
  return renderToString(createElement(Stub, { initialEntries: [path], hydrationData: { loaderData: { 0: data } } }));
}

/** `count` victories in `season`, a day apart from 1 March on, each named by its day. */
async function victories(horseId: string, season: number, count: number) {
  for (let i = 0; i < count; i++) {
    const day = new Date(Date.UTC(season, 2, 1 + i)).toISOString().slice(0, 10);
    await createWinner({ horseId, raceName: `Race ${day}`, raceDate: day, track: "Klampenborg", prizeOre: 100_00 });
  }
}

describe("victories by season, in the model", () => {
  it("lists the seasons latest first with their counts, and a page holds one season's, at most perPage", async () => {
    const h = await createHorse(horse);
    await victories(h.id, 2024, 3);
    await victories(h.id, 2026, 7);
    await victories(h.id, 2025, 1);
    expect(await listWinnerSeasons()).toEqual([
      { season: 2026, count: 7 },
      { season: 2025, count: 1 },
      { season: 2024, count: 3 },
    ]);
    const first = await listWinnersPage({ season: 2026 }, { page: 1, perPage: 5 });
    expect(first).toMatchObject({ page: 1, pages: 2, total: 7 });
    expect(first.items.map((w) => w.raceDate)).toEqual([
      "2026-03-07",
      "2026-03-06",
      "2026-03-05",
      "2026-03-04",
      "2026-03-03",
    ]);
    const second = await listWinnersPage({ season: 2026 }, { page: 2, perPage: 5 });
    expect(second.items.map((w) => w.raceDate)).toEqual(["2026-03-02", "2026-03-01"]);
    expect((await listWinnersPage({ season: 2024 }, { perPage: 5 })).items.map((w) => w.raceDate)).toEqual([
      "2024-03-03",
      "2024-03-02",
      "2024-03-01",
    ]);
    expect((await latestWinner())!.raceDate).toBe("2026-03-07");
  });

  it("searches by horse, race, track or jockey, or a year; % and _ are taken as typed", async () => {
    const a = await createHorse({ ...horse, name: "Kongens Ære" });
    const b = await createHorse({ ...horse, name: "Frøken_Fryd" });
    await createWinner({ horseId: a.id, raceName: "Derby", raceDate: "2025-06-01", jockey: "Åse Ødegård" });
    await createWinner({ horseId: b.id, raceName: "100% Cup", raceDate: "2026-05-01", track: "Aarhus" });
    const names = async (search: string) =>
      (await listWinnersPage({ search }, { perPage: 10 })).items.map((w) => w.raceName);
    expect(await names("kongens")).toEqual(["Derby"]);
    expect(await names("KONGENS")).toEqual(["Derby"]);
    expect(await names("Ødegård")).toEqual(["Derby"]);
    expect(await names("aarhus")).toEqual(["100% Cup"]);
    expect(await names("2025")).toEqual(["Derby"]);
    expect(await names("100%")).toEqual(["100% Cup"]);
    expect(await names("%")).toEqual(["100% Cup"]);
    // As a wildcard, _ would find "ken" in Frøken_Fryd.
    expect(await names("k_n")).toEqual([]);
    expect(await names("en_fryd")).toEqual(["100% Cup"]);
    expect(await names("nothing like it")).toEqual([]);
  });
});

describe("/winners", () => {
  it("shows the latest season first, a page of WINNERS_PER_PAGE, the other seasons to choose and the next page", async () => {
    const h = await createHorse(horse);
    const perPage = winnersPage.WINNERS_PER_PAGE;
    await victories(h.id, 2026, perPage + 2);
    await victories(h.id, 2025, 2);
    const first = await load("/winners");
    expect(first.status).toBe(200);
    const found = first.data as unknown as Found;
    expect(found).toMatchObject({ state: "found", season: 2026, seasons: [2026, 2025], page: 1, pages: 2 });
    expect(found.winners).toHaveLength(perPage);
    expect(found.winners[0]!.raceDate).toBe(`2026-03-${String(perPage + 2).padStart(2, "0")}`);
    const html = render("/winners", found);
    expect(html).toContain('href="/winners?season=2025"');
    expect(html).toContain('href="/winners?page=2"');
    expect(html).toContain("Victories in 2026: 26");
    const second = (await load("/winners?page=2")).data as unknown as Found;
    expect(second.winners.map((w) => w.raceDate)).toEqual(["2026-03-02", "2026-03-01"]);
    const older = (await load("/da/winners?season=2025")).data as unknown as Found;
    expect(older).toMatchObject({ season: 2025, pages: 1 });
    expect(older.winners.map((w) => w.raceDate)).toEqual(["2025-03-02", "2025-03-01"]);
    const danish = render("/da/winners?season=2025", older);
    expect(danish).toContain('href="/da/winners"');
    expect(danish).toContain("Sejre i 2025: 2");
  });

  it.each(["?season=2019", "?season=26", "?season=abc", "?season=2026&season=2025", "?page=0", "?page=3", "?page=01"])(
    "answers %s with a 404, never a page the cache keeps",
    async (query) => {
      const h = await createHorse(horse);
      await victories(h.id, 2026, 2);
      const answer = await load(`/winners${query}`);
      expect(answer.status).toBe(404);
      expect(answer.data?.state).toBe("missing");
    },
  );

  it("shows the spec's fallbacks on the first page: a victory without details, a horse that is gone", async () => {
    const h = await createHorse({ ...horse, owner: "Stald Øst" });
    const gone = await createHorse({ ...horse, name: "Gone" });
    await createWinner({ horseId: h.id, raceName: "Derby", raceDate: "2026-06-01", prizeOre: 12_500_050 });
    await createWinner({ horseId: gone.id, raceName: "", raceDate: "2026-05-01" });
    await db().deleteFrom("horses").where("id", "=", gone.id).execute();
    // A row written before the form's rules: a date that is none. It shows with the latest season.
    const old = await createWinner({ horseId: h.id, raceName: "Old", raceDate: "2020-01-01" });
    await db().updateTable("winners").set({ race_date: "sometime" }).where("id", "=", old.id).execute();
    const { data } = await load("/winners");
    expect((data as unknown as Found).winners.map((w) => w.raceName)).toEqual(["Derby", "", "Old"]);
    const html = render("/winners", data);
    expect(html).toContain("Nordlys");
    expect(html).toContain("Stald Øst");
    expect(html).toContain("1.6.2026");
    expect(html).toMatch(/125\.000,50/);
    for (const text of [
      "Unknown Date",
      "Unknown Horse",
      "Unknown Owner",
      "Unknown Race",
      "Unknown Track",
      "Unknown Distance",
      "Unknown Jockey",
      "Not specified",
    ])
      expect(html).toContain(text);
    // One season: no choice to make, no pages.
    expect(html).not.toContain("?season=");
    expect(html).not.toContain("?page=");
  });

  it("says the spec's 'No winners found' without any victory", async () => {
    const { status, data } = await load("/winners");
    expect(status).toBe(200);
    expect(render("/winners", data)).toContain("No winners found. Add some winners from the admin page.");
  });
});

describe("Home", () => {
  it("reads the latest victory alone, and features the best earner with a photo that is not its winner", async () => {
    const photo = { image_url: "/media/horse-images/x.webp", image_width: 400, image_height: 300 };
    const rich = await createHorse({ ...horse, name: "Rich", totalPrizeOre: 900_000_00 });
    const second = await createHorse({ ...horse, name: "Second", totalPrizeOre: 500_000_00 });
    await createHorse({ ...horse, name: "No Photo", totalPrizeOre: 990_000_00 });
    await db().updateTable("horses").set(photo).where("id", "in", [rich.id, second.id]).execute();
    expect((await listFeaturedHorses(3)).map((h) => h.name)).toEqual(["Rich", "Second", "No Photo"]);
    await createWinner({ horseId: second.id, raceName: "Earlier", raceDate: "2026-04-01" });
    await createWinner({ horseId: rich.id, raceName: "Latest", raceDate: "2026-06-01" });
    const page = (await home.loader({
      request: new Request("http://localhost/"),
      params: {},
      context: {},
    } as never)) as {
      latestWinner: Winner | null;
      featuredHorse: { name: string } | null;
    };
    expect(page.latestWinner).toMatchObject({ raceName: "Latest", horseName: "Rich" });
    expect(page.featuredHorse).toMatchObject({ name: "Second" });
  });
});
