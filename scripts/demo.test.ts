import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { describe, expect, test, vi } from "vitest";
import { useFreshDatabase } from "@tests/db";
import { contentCounts, DatabaseNotEmptyError, DEMO_COMPANY, DEMO_OWNER, fillDemo } from "./demo-content";
import { listInvoices } from "~/models/invoice.server";
import { documentProblems } from "~/billing/invoice-document";
import { issuedDocument } from "~/billing/invoice-record.server";
import {
  AALBORG,
  AARHUS,
  fitsGeneration,
  HORSES,
  JAGERSRO,
  KLAMPENBORG,
  ODENSE,
  OWNERS_UPDATES,
  planSeason,
  SEASON,
  SEASON_POSTS,
} from "./demo-season";
import { listHomeImages } from "~/models/home-image.server";
import { listHorses } from "~/models/horse.server";
import { getLatestNews, saveNews } from "~/models/news.server";
import { listQueuedMail } from "~/models/mail-queue.server";
import { listOwners } from "~/models/owner-account.server";
import { listAllPosts } from "~/models/post.server";
import { listTeamMembers } from "~/models/team-member.server";
import { listWinnersWithHorses } from "~/models/winner.server";
import { listRecentResults, listUpcomingRunners } from "~/models/runner.server";
import { getRaceRecord } from "~/models/runner-result.server";
import { getSiteSettings } from "~/models/site-settings.server";
import { careerAndRecord } from "~/racing/career";
import { socialCardUrl } from "~/media/image";
import { keyFromMediaUrl, storage } from "~/media/storage.server";
import { openSqlite } from "~/platform/db.server";
import { env } from "~/platform/env.server";
import { storedFilesOf } from "~/media/images.server";

useFreshDatabase();

// Every demo photo goes through the upload pipeline (variants in AVIF and WebP): CPU-bound.
vi.setConfig({ testTimeout: 240_000 });

/** A day in the middle of the season: results behind it, entries ahead, every kind of post out. */
const MID_SEASON = "2026-09-30";

describe("the demo's season", () => {
  const days = ["2026-03-15", "2026-04-01", "2026-05-20", MID_SEASON, "2026-11-28", "2026-12-31"];

  test.each(days)("on %s: Danish flat racing, April to November, at the five courses", (today) => {
    const plan = planSeason(today);
    for (const r of [...plan.run, ...plan.entered]) {
      expect(Number(r.date.slice(5, 7)), `${r.race} ${r.date}`).toBeGreaterThanOrEqual(4);
      expect(Number(r.date.slice(5, 7)), `${r.race} ${r.date}`).toBeLessThanOrEqual(11);
      expect([KLAMPENBORG, AARHUS, AALBORG, ODENSE, JAGERSRO]).toContain(r.track);
    }
    expect(plan.run.every((r) => r.date < today)).toBe(true);
    expect(plan.entered.every((r) => r.date >= today)).toBe(true);
    expect(plan.entered.length).toBeGreaterThanOrEqual(5);
    expect(plan.run.every((r) => r.date.startsWith(String(plan.season)))).toBe(true);
  });

  test("holds a race at each of the five courses", () => {
    expect(new Set(SEASON.map((r) => r.track))).toEqual(new Set([KLAMPENBORG, AARHUS, AALBORG, ODENSE, JAGERSRO]));
  });

  test.each(days)("on %s: every horse runs only in races for its age, so none wins in two generations", (today) => {
    const plan = planSeason(today);
    for (const r of [...plan.run, ...plan.entered]) {
      expect(fitsGeneration(r.age, r.generation), `${r.horse} (${r.age}) in ${r.race} (${r.generation})`).toBe(true);
    }
    const wonBy = new Map<string, Set<number>>();
    for (const r of plan.run.filter((r) => r.result.position === 1))
      wonBy.set(r.horse, new Set([...(wonBy.get(r.horse) ?? []), r.age]));
    for (const [horse, ages] of wonBy) expect(ages.size, horse).toBe(1);
  });

  test.each(days)("on %s: posts come out after the races they report, and before the day", (today) => {
    const plan = planSeason(today);
    for (const post of [...plan.posts, ...plan.ownersUpdates]) expect(post.publishDay < today).toBe(true);
    for (const r of plan.run.filter((r) => r.post)) {
      const post = plan.posts.find((p) => p.title.en === r.post!.title.en);
      if (post) expect(post.publishDay > r.date, r.race).toBe(true);
    }
    // No race is reported before it is run.
    for (const r of SEASON.filter((r) => r.post && `${plan.season}-${r.day}` >= today))
      expect(plan.posts.map((p) => p.title.en)).not.toContain(r.post!.title.en);
  });

  test("says every text in both languages, the banner within the spec's 160 characters", () => {
    const texts = [
      ...HORSES.flatMap((h) => [h.description, ...(h.shares ? [h.shares] : [])]),
      ...SEASON.flatMap((r) => (r.post ? [r.post.title, r.post.body, ...r.post.photos] : [])),
      ...SEASON_POSTS.flatMap((p) => [p.title, p.body, ...p.photos]),
      ...OWNERS_UPDATES.flatMap((u) => [u.title, u.body, u.photo]),
      ...days.map((day) => planSeason(day).banner),
    ];
    for (const text of texts) {
      expect(text.en.trim(), JSON.stringify(text)).not.toBe("");
      expect(text.da.trim(), JSON.stringify(text)).not.toBe("");
      expect(text.da, "a Danish text is not the English one").not.toBe(text.en);
    }
    for (const day of days) {
      const { banner } = planSeason(day);
      expect(banner.en.length).toBeLessThanOrEqual(160);
      expect(banner.da.length).toBeLessThanOrEqual(160);
    }
  });
});

describe("fillDemo", () => {
  test("fills an empty database with one coherent season and real photos", async () => {
    await fillDemo(() => {}, { today: MID_SEASON });
    const plan = planSeason(MID_SEASON);
    const horses = await listHorses();
    const winners = await listWinnersWithHorses();
    const team = await listTeamMembers();
    expect(horses).toHaveLength(12);
    expect(team.map((m) => m.position)).toEqual([1, 2, 3, 4, 5]);
    expect(team.every((m) => m.roleDa && m.role !== m.roleDa)).toBe(true);
    const news = (await getLatestNews())!;
    expect(news.text).toMatch(/Stormvejr wins the Jydsk Efterårshandicap/);
    expect(news.textDa).toMatch(/Stormvejr vinder Jydsk Efterårshandicap/);

    // The horses' record: sex, year of birth, dam's sire, a description in both languages; three with shares.
    const nordlys = horses.find((h) => h.name === "Nordlys")!;
    expect(nordlys).toMatchObject({ sex: "male", yearOfBirth: 2023, damSire: "Dansili", color: "Bay" });
    expect(nordlys.description).toBeTruthy();
    expect(nordlys.descriptionDa).toBeTruthy();
    expect(
      horses
        .filter((h) => h.sharesAvailable)
        .map((h) => h.name)
        .sort(),
    ).toEqual(["Guldsmed", "Lykkeper", "Skovmærke"]);

    // News posts: newest first, in both languages, published after the races they report.
    const posts = await listAllPosts();
    expect(posts.map((p) => [p.audience, p.title, p.photos.length, p.horses.map((h) => h.name)])).toEqual([
      ["public", "Lykkeper wins the Aalborg Juniorløb", 0, ["Lykkeper"]],
      ["owners", "Nordlys: a week after the Derby", 1, ["Nordlys"]],
      ["public", "Nordlys wins the Danish Derby", 2, ["Nordlys"]],
      ["public", "A new barn for the young horses", 0, []],
      ["public", "Kongens Ære wins the 1000 Guineas", 1, ["Kongens Ære"]],
      ["owners", "Nordlys: ready for his first run", 1, ["Nordlys"]],
      ["public", "Sølvpil back on the gallops", 1, ["Sølvpil"]],
    ]);
    for (const post of posts) {
      expect(post.titleDa).toBeTruthy();
      expect(post.bodyDa).toBeTruthy();
      expect(post.photos.every((p) => p.description && p.descriptionDa)).toBe(true);
    }
    const derby = winners.find((w) => w.raceName === "Dansk Derby")!;
    expect(posts.find((p) => p.title === "Nordlys wins the Danish Derby")!.publishAt > derby.raceDate).toBe(true);
    // The owners-only updates' photos are kept apart from the public media.
    for (const update of posts.filter((p) => p.audience === "owners"))
      expect(update.photos[0]!.image.url).toMatch(/^\/owners\/media\/post-photos\//);
    // An owner invited for two horses, and a company owner of Nordlys: each has the invitation and an invoice waiting.
    const owners = await listOwners();
    const owner = owners.find((o) => o.email === DEMO_OWNER.email);
    expect(owner).toMatchObject({ name: DEMO_OWNER.name, email: DEMO_OWNER.email, status: "invited" });
    expect(owner!.horses.map((h) => h.name).sort()).toEqual([...DEMO_OWNER.horses].sort());
    expect(owners.find((o) => o.email === DEMO_COMPANY.email)!.horses.map((h) => h.name)).toEqual(["Nordlys"]);
    expect((await listQueuedMail()).map((m) => m.kind).sort()).toEqual([
      "invoice",
      "invoice",
      "owner-invitation",
      "owner-invitation",
    ]);
    // The month before: the fees by share and the costs, issued to a private owner and a company with its CVR.
    const invoices = await listInvoices({ state: "issued" });
    expect(invoices.map((i) => JSON.parse(i.buyer!).cvr)).toEqual(expect.arrayContaining([null, DEMO_COMPANY.cvr]));
    for (const invoice of invoices) expect(documentProblems(issuedDocument(invoice, null))).toEqual([]);
    expect(invoices.flatMap((i) => i.lines.map((l) => l.shareHundredths))).toEqual(
      expect.arrayContaining([6000, 4000, 5000]),
    );
    const derbyPost = posts.find((p) => p.title === "Nordlys wins the Danish Derby")!;
    expect(await storage().exists(keyFromMediaUrl(socialCardUrl(derbyPost.photos[0]!.image.url))!)).toBe(true);

    // Every victory is a season's result; the race record and the career figures agree with it.
    const results = await listRecentResults(100);
    expect(results).toHaveLength(plan.run.length);
    expect(winners.every((w) => results.some((r) => r.victoryId === w.id))).toBe(true);
    for (const h of horses) {
      const demo = HORSES.find((d) => d.name === h.name)!;
      const mine = results.filter((r) => r.horseId === h.id);
      const prizes = mine.reduce((sum, r) => sum + (r.result!.prizeOre ?? 0), 0);
      expect(h.totalPrizeOre, h.name).toBe(demo.earlier.prizeOre + prizes);
      const record = await getRaceRecord(h.id);
      const { career, record: listed } = careerAndRecord(h, record.entries);
      // The typed figures are what came before the season plus the season's results, never fewer.
      expect(career, h.name).toEqual({
        firstPlaces: h.firstPlaces,
        secondPlaces: h.secondPlaces,
        thirdPlaces: h.thirdPlaces,
      });
      expect(h.firstPlaces - listed.firstPlaces, h.name).toBe(demo.earlier.places[0]);
      expect(h.secondPlaces - listed.secondPlaces, h.name).toBe(demo.earlier.places[1]);
      expect(h.thirdPlaces - listed.thirdPlaces, h.name).toBe(demo.earlier.places[2]);
    }

    const site = await getSiteSettings();
    expect(site.hero).not.toBeNull();
    expect(site.heroAlt.en).toBeTruthy();
    expect(site.heroAlt.da).toBeTruthy();
    expect(await storage().exists(keyFromMediaUrl(socialCardUrl(site.hero!.url))!)).toBe(true);

    // Runners to come (the first declared, the third a non-runner), results including a win and a place.
    const upcoming = await listUpcomingRunners(MID_SEASON);
    expect(upcoming.length).toBe(plan.entered.length);
    expect(upcoming.map((r) => r.status)[2]).toBe("withdrawn");
    expect(results.map((r) => r.result!.position)).toEqual(expect.arrayContaining([1, 2, 3, null]));
    for (const h of horses) expect(await storage().exists(keyFromMediaUrl(socialCardUrl(h.image!.url))!)).toBe(true);

    const gallery = await listHomeImages();
    expect(gallery.every((g) => g.altText.length > 10 && g.altTextDa.length > 10)).toBe(true);
    const images = [
      ...gallery.map((g) => g.image),
      ...horses.map((h) => h.image),
      ...winners.filter((w) => w.photo).map((w) => w.photo),
      ...team.map((m) => m.photo),
    ];
    expect(winners.filter((w) => w.photo).length).toBeGreaterThanOrEqual(5);
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
