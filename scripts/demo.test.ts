import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { describe, expect, test, vi } from "vitest";
import { useFreshDatabase } from "@tests/db";
import { contentCounts, DatabaseNotEmptyError, DEMO_OWNER, fillDemo } from "./demo-content";
import { listHomeImages } from "~/models/home-image.server";
import { listHorses } from "~/models/horse.server";
import { getLatestNews, saveNews } from "~/models/news.server";
import { listQueuedMail } from "~/models/mail-queue.server";
import { listOwners } from "~/models/owner-account.server";
import { listAllPosts } from "~/models/post.server";
import { listTeamMembers } from "~/models/team-member.server";
import { listWinnersWithHorses } from "~/models/winner.server";
import { getRaceRecord, listRecentResults, listUpcomingRunners } from "~/models/runner.server";
import { getSiteSettings } from "~/models/site-settings.server";
import { careerAndRecord } from "~/racing/career";
import { socialCardUrl } from "~/media/image";
import { danishToday } from "~/racing/race-day";
import { keyFromMediaUrl, storage } from "~/media/storage.server";
import { openSqlite } from "~/platform/db.server";
import { env } from "~/platform/env.server";
import { storedFilesOf } from "~/media/images.server";

useFreshDatabase();

// Every demo photo goes through the upload pipeline (variants in AVIF and WebP): CPU-bound.
vi.setConfig({ testTimeout: 240_000 });

describe("fillDemo", () => {
  test("fills an empty database with consistent sample content and real photos", async () => {
    await fillDemo();
    const horses = await listHorses();
    const winners = await listWinnersWithHorses();
    const team = await listTeamMembers();
    expect(horses).toHaveLength(12);
    expect(team.map((m) => m.position)).toEqual([1, 2, 3, 4, 5]);
    expect((await getLatestNews())?.text).toMatch(/Derby/);
    // News posts: newest first, photos with their link preview, a tagged horse, one in Danish.
    const posts = await listAllPosts();
    expect(posts.map((p) => [p.audience, p.language, p.photos.length, p.horses.map((h) => h.name)])).toEqual([
      ["owners", "en", 1, ["Nordlys"]],
      ["public", "en", 2, ["Nordlys"]],
      ["public", "da", 0, []],
      ["public", "en", 1, ["Sølvpil"]],
    ]);
    // The owners-only update's photo is kept apart from the public media.
    expect(posts[0]!.photos[0]!.image.url).toMatch(/^\/owners\/media\/post-photos\//);
    // An owner invited for two horses, whose one waiting mail is the invitation.
    const [owner] = await listOwners();
    expect(owner).toMatchObject({ name: DEMO_OWNER.name, email: DEMO_OWNER.email, status: "invited" });
    expect(owner!.horses.map((h) => h.name).sort()).toEqual([...DEMO_OWNER.horses].sort());
    expect((await listQueuedMail()).map((m) => m.kind)).toEqual(["owner-invitation"]);
    expect(await storage().exists(keyFromMediaUrl(socialCardUrl(posts[1]!.photos[0]!.image.url))!)).toBe(true);

    const tracks = new Set(winners.map((w) => w.track));
    for (const town of ["Klampenborg", "Aarhus", "Aalborg", "Odense"]) {
      expect([...tracks].some((t) => t?.includes(town))).toBe(true);
    }
    for (const w of winners) {
      expect(w.horseName).toBeTruthy();
      expect(w.distance).toMatch(/^\d+ m$/);
      expect(w.jockey).toBeTruthy();
    }
    // Totals come from the victories and the placed runs, so each horse's total is the sum of their prizes.
    const results = await listRecentResults(100);
    for (const h of horses) {
      const won = winners.filter((w) => w.horseId === h.id).reduce((sum, w) => sum + (w.prizeOre ?? 0), 0);
      const placed = results
        .filter((r) => r.horseId === h.id && r.result!.position !== 1)
        .reduce((sum, r) => sum + (r.result!.prizeOre ?? 0), 0);
      expect(h.totalPrizeOre).toBe(won + placed);
      expect(h.firstPlaces).toBeGreaterThanOrEqual(winners.filter((w) => w.horseId === h.id).length);
      // The badges (career figures) never hold fewer places than the race record shows.
      const { career } = careerAndRecord(h, (await getRaceRecord(h.id)).entries);
      expect(career).toEqual({ firstPlaces: h.firstPlaces, secondPlaces: h.secondPlaces, thirdPlaces: h.thirdPlaces });
    }
    const site = await getSiteSettings();
    expect(site.hero).not.toBeNull();
    expect(site.heroAlt.en).toBeTruthy();
    expect(site.taglineDa).toBeTruthy();
    expect(await storage().exists(keyFromMediaUrl(socialCardUrl(site.hero!.url))!)).toBe(true);

    // Every new page has something to show: runners to come, results including a win and a place.
    expect((await listUpcomingRunners(danishToday())).length).toBeGreaterThanOrEqual(5);
    expect(results.map((r) => r.result!.position)).toEqual(expect.arrayContaining([1, 2, 3]));
    expect(winners.some((w) => results.some((r) => r.victoryId === w.id))).toBe(true);
    for (const h of horses) expect(await storage().exists(keyFromMediaUrl(socialCardUrl(h.image!.url))!)).toBe(true);

    const gallery = await listHomeImages();
    const images = [
      ...gallery.map((g) => g.image),
      ...horses.map((h) => h.image),
      // A victory a race result created has no photo until one is added in the Winners tab.
      ...winners.filter((w) => !results.some((r) => r.victoryId === w.id)).map((w) => w.photo),
      ...team.map((m) => m.photo),
    ];
    expect(gallery.every((g) => g.altText.length > 10)).toBe(true);
    for (const image of images) {
      expect(image?.url).toMatch(/^\/media\/(horse-images|winner-photos|team-photos)\/[\w-]+\.jpg$/);
      const file = path.join(env().dataDir, image!.url);
      const meta = await sharp(file).metadata();
      expect(meta.format).toBe("jpeg");
      expect([meta.width, meta.height]).toEqual([image!.width, image!.height]);
      // Stored like an upload: the original plus AVIF and WebP variants.
      const variants = await storedFilesOf(image!.url);
      expect(variants.filter((k) => k.endsWith(".avif")).length).toBeGreaterThan(0);
      expect(variants.filter((k) => k.endsWith(".webp")).length).toBe(
        variants.filter((k) => k.endsWith(".avif")).length,
      );
    }
  }, 180_000);

  test("refuses a database that has content and changes nothing", async () => {
    await saveNews("Our own news");
    await expect(fillDemo()).rejects.toThrow(DatabaseNotEmptyError);
    expect(await contentCounts()).toEqual({
      horses: 0,
      winners: 0,
      runners: 0,
      team_members: 0,
      latest_news: 1,
      posts: 0,
      owner_accounts: 0,
    });
    expect((await listHomeImages()).every((g) => g.image === null)).toBe(true);
  });
});

describe("npm run db:migrate and npm run demo", () => {
  test("migrate a fresh data directory; the demo then refuses a database with content, exit 1", async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "stable-demo-"));
    const run = (script: string) =>
      spawnSync(process.execPath, ["--import", "tsx", script], {
        cwd: path.resolve(import.meta.dirname, ".."),
        env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: "", LOG_LEVEL: "silent" },
        encoding: "utf8",
      });
    const migrated = run("scripts/db-migrate.ts");
    expect(migrated.status, migrated.stderr).toBe(0);
    expect(migrated.stdout).toContain("Applied on sqlite: 0001-content");
    expect(run("scripts/db-migrate.ts").stdout).toContain("The sqlite database is up to date.");

    const own = openSqlite(path.join(dataDir, "stable.db"));
    await own.db.insertInto("latest_news").values({ id: "n1", news_text: "Our own news" }).execute();
    await own.close();

    const demo = run("scripts/demo.ts");
    expect(demo.status).toBe(1);
    expect(demo.stderr).toContain(
      "The database already has content (1 latest_news); the demo only fills an empty database.",
    );
    expect(fs.existsSync(path.join(dataDir, "media"))).toBe(false);
  }, 60_000);
});
