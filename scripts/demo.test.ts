import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { describe, expect, test } from "vitest";
import { useFreshDatabase } from "../tests/db";
import { contentCounts, DatabaseNotEmptyError, fillDemo } from "./demo-content";
import { listHomeImages } from "~/models/home-image.server";
import { listHorses } from "~/models/horse.server";
import { getLatestNews, saveNews } from "~/models/news.server";
import { listTeamMembers } from "~/models/team-member.server";
import { listWinnersWithHorses } from "~/models/winner.server";
import { env } from "~/utils/env.server";

useFreshDatabase();

describe("fillDemo", () => {
  test("fills an empty database with consistent sample content and real photos", async () => {
    await fillDemo();
    const horses = await listHorses();
    const winners = await listWinnersWithHorses();
    const team = await listTeamMembers();
    expect(horses).toHaveLength(12);
    expect(team.map((m) => m.position)).toEqual([1, 2, 3, 4, 5]);
    expect((await getLatestNews())?.text).toMatch(/Derby/);

    const tracks = new Set(winners.map((w) => w.track));
    for (const town of ["Klampenborg", "Aarhus", "Aalborg", "Odense"]) {
      expect([...tracks].some((t) => t?.includes(town))).toBe(true);
    }
    for (const w of winners) {
      expect(w.horseName).toBeTruthy();
      expect(w.distance).toMatch(/^\d+ m$/);
      expect(w.jockey).toBeTruthy();
    }
    // Totals come from the victories, so each horse's total is the sum of its prizes.
    for (const h of horses) {
      const won = winners.filter((w) => w.horseId === h.id).reduce((sum, w) => sum + (w.prizeOre ?? 0), 0);
      expect(h.totalPrizeOre).toBe(won);
      expect(h.firstPlaces).toBeGreaterThanOrEqual(winners.filter((w) => w.horseId === h.id).length);
    }

    const gallery = await listHomeImages();
    const images = [
      ...gallery.map((g) => g.image),
      ...horses.map((h) => h.image),
      ...winners.map((w) => w.photo),
      ...team.map((m) => m.photo),
    ];
    expect(gallery.every((g) => g.altText.length > 10)).toBe(true);
    for (const image of images) {
      expect(image?.url).toMatch(/^\/media\/(horse-images|winner-photos|team-photos)\/[\w-]+\.jpg$/);
      const file = path.join(env().dataDir, image!.url);
      const meta = await sharp(file).metadata();
      expect(meta.format).toBe("jpeg");
      expect([meta.width, meta.height]).toEqual([image!.width, image!.height]);
    }
  });

  test("refuses a database that has content and changes nothing", async () => {
    await saveNews("Our own news");
    await expect(fillDemo()).rejects.toThrow(DatabaseNotEmptyError);
    expect(await contentCounts()).toEqual({ horses: 0, winners: 0, team_members: 0, latest_news: 1 });
    expect((await listHomeImages()).every((g) => g.image === null)).toBe(true);
  });
});

describe("npm run demo", () => {
  test("fills a fresh data directory, then refuses to run again with a non-zero exit", () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "stable-demo-"));
    const run = () =>
      spawnSync(process.execPath, ["--import", "tsx", "scripts/demo.ts"], {
        cwd: path.resolve(import.meta.dirname, ".."),
        env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: "" },
        encoding: "utf8",
      });
    const first = run();
    expect(first.status, first.stderr).toBe(0);
    expect(fs.existsSync(path.join(dataDir, "stable.db"))).toBe(true);
    const second = run();
    expect(second.status).toBe(1);
    expect(second.stderr).toContain("already has content (12 horses, 10 winners, 5 team_members, 1 latest_news)");
  }, 60_000);
});
