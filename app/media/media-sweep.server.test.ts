import fs from "node:fs";
import fsp from "node:fs/promises";
import path from "node:path";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { useFreshDatabase } from "@tests/db";
import { plainJpeg } from "@tests/images";
import { PRIVATE_TEST_BUCKET, useMediaBucket } from "@tests/media-bucket";
import { s3StorageFor } from "@tests/s3";
import { updateHomeImage } from "~/models/home-image.server";
import { createHorse } from "~/models/horse.server";
import { createTeamMember } from "~/models/team-member.server";
import { createWinner } from "~/models/winner.server";
import { env } from "~/platform/env.server";
import { storedFilesOf, storeImage, type StoredImage } from "./images.server";
import { sweepMedia } from "./media-sweep.server";
import { createCost } from "~/models/cost.server";
import { createPost, deletePost } from "~/models/post.server";
import { testHorse } from "@tests/owners";
import { ownersUpdate, storedPostPhoto } from "@tests/posts";
import { privateDiskStorage, storage } from "./storage.server";
import { uploadTmpDir } from "./upload.server";

// Image processing is CPU-bound; give it room on a busy machine.
vi.setConfig({ testTimeout: 120_000 });

useFreshDatabase();

const mediaRoot = () => path.join(env().dataDir, "media");
const privateRoot = () => path.join(env().dataDir, "private-media");
let source: string;

beforeEach(async () => {
  await fsp.rm(mediaRoot(), { recursive: true, force: true });
  await fsp.rm(privateRoot(), { recursive: true, force: true });
  await fsp.rm(uploadTmpDir(), { recursive: true, force: true });
  source = path.join(env().dataDir, "sweep-source.jpg");
  await fsp.writeFile(source, await plainJpeg(700, 400));
});

async function age(image: StoredImage, hours: number) {
  const when = new Date(Date.now() - hours * 3600_000);
  for (const key of await storedFilesOf(image.url)) await fsp.utimes(path.join(mediaRoot(), key), when, when);
}

describe("media sweep", () => {
  it("reports unused files without removing them, then removes exactly those with remove", async () => {
    const home = await storeImage("horse-images", { path: source }, { homePosition: 2 });
    const horse = await storeImage("horse-images", { path: source });
    const winner = await storeImage("winner-photos", { path: source });
    const member = await storeImage("team-photos", { path: source });
    const orphan = await storeImage("horse-images", { path: source });
    const orphanTeam = await storeImage("team-photos", { path: source });
    const fresh = await storeImage("winner-photos", { path: source });
    for (const image of [home, horse, winner, member, orphan, orphanTeam]) await age(image, 3);

    await updateHomeImage("home-2", { altText: "Gallery", image: home });
    const h = await createHorse({ name: "Nordlys Star", age: 4, color: "Bay", sire: "A", dam: "B", image: horse });
    await createWinner({ horseId: h.id, raceName: "Derby", raceDate: "2024-06-01", photo: winner });
    await createTeamMember({ name: "Anna", role: "Trainer", photo: member });

    // Leftovers of an interrupted write and an interrupted upload.
    await fsp.mkdir(storage().tmpDir(), { recursive: true });
    await fsp.mkdir(uploadTmpDir(), { recursive: true });
    const leftovers = [path.join(storage().tmpDir(), "1-a.part"), path.join(uploadTmpDir(), "1-b.upload")];
    const old = new Date(Date.now() - 3 * 3600_000);
    for (const f of leftovers) {
      await fsp.writeFile(f, "partial");
      await fsp.utimes(f, old, old);
    }

    const dry = await sweepMedia();
    const orphanKeys = [...(await storedFilesOf(orphan.url)), ...(await storedFilesOf(orphanTeam.url))].sort();
    expect(dry.unreferenced.map((f) => f.key).sort()).toEqual(orphanKeys);
    expect(dry.recent.map((f) => f.key).sort()).toEqual((await storedFilesOf(fresh.url)).sort());
    expect(dry.temporary.sort()).toEqual([...leftovers].sort());
    expect(dry.referenced).toBe(4 * 7);
    expect(dry.removed).toBe(false);
    for (const key of orphanKeys) expect(await storage().exists(key)).toBe(true);
    for (const f of leftovers) expect(fs.existsSync(f)).toBe(true);

    const wet = await sweepMedia({ remove: true });
    expect(wet.unreferenced).toHaveLength(orphanKeys.length);
    for (const key of orphanKeys) expect(await storage().exists(key)).toBe(false);
    for (const f of leftovers) expect(fs.existsSync(f)).toBe(false);
    for (const image of [home, horse, winner, member, fresh]) expect(await storedFilesOf(image.url)).toHaveLength(7);

    const again = await sweepMedia({ remove: true });
    expect(again.unreferenced).toEqual([]);
  });

  it("with a zero minimum age also takes files stored moments ago that no record uses", async () => {
    const image = await storeImage("team-photos", { path: source });
    const report = await sweepMedia({ remove: true, minAgeMs: 0 });
    expect(report.unreferenced).toHaveLength(7);
    expect(await storedFilesOf(image.url)).toEqual([]);
  });
});

describe("media sweep of private photos", () => {
  it("keeps the private photos a post or the trash holds, and removes those nobody uses", async () => {
    const horse = await testHorse("Xenia");
    const [kept, orphan] = [await storedPostPhoto({ private: true }), await storedPostPhoto({ private: true })];
    const keptKeys = await storedFilesOf(kept.url);
    const orphanKeys = await storedFilesOf(orphan.url);
    expect(keptKeys.every((k) => k.startsWith("private/post-photos/"))).toBe(true);
    // On the disk beside the public media, never inside them.
    expect(await storage().list("", { limit: 1000 })).toEqual([]);
    expect(await privateDiskStorage().list("", { limit: 1000 })).toHaveLength(keptKeys.length + orphanKeys.length);
    const { id } = await createPost(ownersUpdate([horse.id], [kept]));

    const later = Date.now() + 3 * 3600_000;
    const dry = await sweepMedia({ now: later });
    expect(dry.unreferenced.map((f) => f.key).sort()).toEqual([...orphanKeys].sort());
    expect(dry.referenced).toBe(keptKeys.length);
    await sweepMedia({ remove: true, now: later });
    expect(await storedFilesOf(orphan.url)).toEqual([]);
    // In the trash the post may come back: its photos stay until the entry is purged.
    await deletePost(id);
    expect((await sweepMedia({ remove: true, now: later })).unreferenced).toEqual([]);
    expect((await storedFilesOf(kept.url)).sort()).toEqual([...keptKeys].sort());
  });
});

describe("media sweep of a bucket", () => {
  const s3 = useMediaBucket();

  it("finds and removes the bucket's unused files, keeping every file a record uses", async () => {
    const horse = await storeImage("horse-images", { path: source });
    const orphan = await storeImage("horse-images", { path: source });
    await createHorse({ name: "Nordlys Star", age: 4, color: "Bay", sire: "A", dam: "B", image: horse });
    const bucket = s3StorageFor(s3());
    const orphanKeys = (await storedFilesOf(orphan.url)).sort();
    expect(orphanKeys.length).toBeGreaterThan(1);

    // An object's age is the bucket's to keep, so the sweep looks from three hours ahead instead.
    const later = Date.now() + 3 * 3600_000;
    expect((await sweepMedia()).recent).toHaveLength(orphanKeys.length);
    const dry = await sweepMedia({ now: later });
    expect(dry.unreferenced.map((f) => f.key).sort()).toEqual(orphanKeys);
    expect(dry.temporary).toEqual([]);
    for (const key of orphanKeys) expect(await bucket.exists(key)).toBe(true);

    await sweepMedia({ remove: true, now: later });
    for (const key of orphanKeys) expect(await bucket.exists(key)).toBe(false);
    expect((await bucket.list("", { limit: 1000 })).map((f) => f.key).sort()).toEqual(
      (await storedFilesOf(horse.url)).sort(),
    );
  });
});

describe("media sweep of a bucket and its private bucket", () => {
  const s3 = useMediaBucket({ privateBucket: true });

  it("keeps private photos in the private bucket only, and sweeps the ones nobody uses from there", async () => {
    const horse = await testHorse("Xenia");
    const [kept, orphan] = [await storedPostPhoto({ private: true }), await storedPostPhoto({ private: true })];
    await createPost(ownersUpdate([horse.id], [kept]));
    const [open, closed] = [s3StorageFor(s3()), s3StorageFor(s3(), PRIVATE_TEST_BUCKET)];
    const inner = async (url: string) => (await storedFilesOf(url)).map((k) => k.slice("private/".length)).sort();
    expect(await open.list("", { limit: 1000 })).toEqual([]);
    expect((await closed.list("", { limit: 1000 })).map((f) => f.key).sort()).toEqual(
      [...(await inner(kept.url)), ...(await inner(orphan.url))].sort(),
    );
    await sweepMedia({ remove: true, now: Date.now() + 3 * 3600_000 });
    expect((await closed.list("", { limit: 1000 })).map((f) => f.key).sort()).toEqual(await inner(kept.url));
  });
});

describe("the sweep and costs' receipts", () => {
  it("keeps a receipt a cost refers to by its private key, and removes one no cost refers to", async () => {
    const horse = await testHorse("Nordlys");
    const when = new Date(Date.now() - 3 * 3600_000);
    const keep = "private/receipts/1767225600000-0123456789ab.pdf";
    const orphan = "private/receipts/1767225600001-0123456789ab.pdf";
    for (const key of [keep, orphan]) {
      const file = path.join(privateRoot(), key.slice("private/".length));
      await fsp.mkdir(path.dirname(file), { recursive: true });
      await fsp.writeFile(file, "%PDF-1.7");
      await fsp.utimes(file, when, when);
    }
    await createCost({
      date: "2026-01-12",
      category: "vet",
      description: "Scanning",
      amountOere: 125000,
      vat: "standard",
      receiptKey: keep,
      passedOn: true,
      planned: false,
      horses: [{ horseId: horse.id }],
    });
    const report = await sweepMedia({ remove: true });
    expect(report.unreferenced.map((f) => f.key)).toEqual([orphan]);
    expect(fs.existsSync(path.join(privateRoot(), "receipts/1767225600000-0123456789ab.pdf"))).toBe(true);
    expect(fs.existsSync(path.join(privateRoot(), "receipts/1767225600001-0123456789ab.pdf"))).toBe(false);
  });
});
