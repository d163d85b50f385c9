import { randomBytes } from "node:crypto";
import fs from "node:fs";
import fsp from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createHorse, listHorses } from "~/models/horse.server";
import { createWinner } from "~/models/winner.server";
import { db, type DatabaseHandle } from "~/platform/db.server";
import { faultOf } from "~/platform/faults.server";
import { LocalDiskStorage, storage, type Storage } from "~/media/storage.server";
import { contentOf, expectPrizesOnTotals, mediaOf, seedContent } from "@tests/backup";
import { createTestDatabase, useFreshDatabase } from "@tests/db";
import { useMediaBucket } from "@tests/media-bucket";
import { freshBucketStorage, s3StorageFor } from "@tests/s3";
import { mountSmallDisk } from "@tests/small-disk";
import { BackupFileError, createArchiveWriter, readAll, readArchive } from "./archive.server";
import { BACKUP_FILE, createBackup } from "./create-backup.server";
import { MANIFEST_NAME } from "./manifest.server";
import { RestoreRefusedError, restoreBackup } from "./restore-backup.server";
import { describeBackupError } from "./schedule.server";
import { verifyBackup } from "./verify-backup.server";

useFreshDatabase();

let work: string;
let target: DatabaseHandle;
let targetStore: LocalDiskStorage;

beforeEach(async () => {
  work = await fsp.mkdtemp(path.join(os.tmpdir(), "stable-backup-test-"));
  target = await createTestDatabase();
  targetStore = new LocalDiskStorage(path.join(work, "target-media"));
});

afterEach(async () => {
  await target.close();
  await fsp.rm(work, { recursive: true, force: true });
});

/** Rewrites a backup entry by entry (a valid gzip and tar), changing what `edit` returns. */
async function rewrite(file: string, out: string, edit: (name: string, data: Buffer) => Buffer | null) {
  const entries: [string, Buffer][] = [];
  await readArchive(file, async (entry) => {
    entries.push([entry.name, await readAll(entry.stream, 1 << 30)]);
  });
  const writer = await createArchiveWriter(out);
  for (const [name, data] of entries) {
    const changed = edit(name, data);
    if (changed) await writer.addBuffer(name, changed);
  }
  await writer.finish();
  return out;
}

const editManifest = (change: (m: Record<string, unknown>) => void) => (name: string, data: Buffer) => {
  if (name !== MANIFEST_NAME) return data;
  const manifest = JSON.parse(data.toString()) as Record<string, unknown>;
  change(manifest);
  return Buffer.from(JSON.stringify(manifest));
};

/** Files named ':memory:' in the working directory or anywhere in the repository (outside node_modules). */
function filesNamedMemory() {
  const repository = path.resolve(import.meta.dirname, "../..");
  const found = new Set<string>();
  const visit = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      if (entry.name === ":memory:") found.add(path.join(dir, entry.name));
      else if (entry.isDirectory() && entry.name !== "node_modules" && entry.name !== ".git") {
        visit(path.join(dir, entry.name));
      }
    }
  };
  visit(repository);
  if (fs.existsSync(path.join(process.cwd(), ":memory:"))) found.add(path.join(process.cwd(), ":memory:"));
  return [...found];
}

async function stateOf(handle: DatabaseHandle, store: Storage) {
  return { content: await contentOf(handle.db), media: await mediaOf(store) };
}

/** Gives the target a horse and a photo of its own; returns its state. */
async function targetWithContent() {
  await targetStore.put("horse-images/old-horse.jpg", Buffer.from("an older photo"));
  await target.db
    .insertInto("horses")
    .values({ id: "old", name: "Old Horse", age: 9, color: "Bay", sire: "S", dam: "D" })
    .execute();
  return stateOf(target, targetStore);
}

describe("a backup", () => {
  it("holds every content table and media file, and restores them exactly into another database and storage", async () => {
    await seedContent();
    const result = await createBackup({ dir: work });
    expect(path.basename(result.file)).toMatch(BACKUP_FILE);
    expect((await fsp.stat(result.file)).mode & 0o777).toBe(0o600);

    const verified = await verifyBackup(result.file);
    const { tables, media } = verified.manifest;
    expect(tables.horses!.rows).toBe(2);
    expect(tables.users!.rows).toBe(1);
    expect(tables.accounts!.rows).toBe(1);
    expect(tables.contact_messages!.rows).toBe(1);
    // The message's delivery row, but not the queued password-reset mail.
    expect(tables.mail_queue!.rows).toBe(1);
    // Sessions, reset links and rate-limit counters are not carried.
    expect(Object.keys(tables)).not.toContain("sessions");
    expect(Object.keys(tables)).not.toContain("verifications");
    const sourceMedia = await mediaOf(storage());
    expect(media.files).toBe(Object.keys(sourceMedia).length);
    expect(media.files).toBeGreaterThan(4);
    expect(media.missing).toEqual([]);

    const restored = await restoreBackup(result.file, { handle: target, store: targetStore });
    expect(restored.media).toEqual({ written: media.files, unchanged: 0, removed: 0 });
    expect(await contentOf(target.db)).toEqual(await contentOf(db()));
    expect(await mediaOf(targetStore)).toEqual(sourceMedia);
    const sessions = await target.db.selectFrom("sessions").select("id").execute();
    expect(sessions).toEqual([]);
    const mail = await target.db.selectFrom("mail_queue").select("kind").execute();
    expect(mail).toEqual([{ kind: "contact" }]);
  });

  it("refuses a target that holds content unless forced, and a forced restore replaces it completely", async () => {
    await seedContent();
    const { file } = await createBackup({ dir: work });

    const before = await targetWithContent();

    const refused = restoreBackup(file, { handle: target, store: targetStore });
    await expect(refused).rejects.toThrow(RestoreRefusedError);
    await expect(refused).rejects.toThrow(
      /already holds content \(1 row in horses, 1 media file not in the backup\)\. Nothing was changed\. .*--force/,
    );
    expect(await stateOf(target, targetStore)).toEqual(before);

    const forced = await restoreBackup(file, { handle: target, store: targetStore, force: true });
    expect(forced.media.removed).toBe(1);
    expect(await contentOf(target.db)).toEqual(await contentOf(db()));
    expect(await mediaOf(targetStore)).toEqual(await mediaOf(storage()));
  });

  it("compares the target with a fresh database held in memory, leaving no file named ':memory:' behind", async () => {
    expect(filesNamedMemory(), "left by an earlier run").toEqual([]);
    await seedContent();
    const { file } = await createBackup({ dir: work });
    await targetWithContent();
    await expect(restoreBackup(file, { handle: target, store: targetStore })).rejects.toThrow(RestoreRefusedError);
    expect(filesNamedMemory()).toEqual([]);
  });

  it("restores into the media folder it was taken from without --force (moving engines on one machine)", async () => {
    await seedContent();
    const { file, manifest } = await createBackup({ dir: work });
    const result = await restoreBackup(file, { handle: target, store: storage() });
    expect(result.media).toEqual({ written: 0, unchanged: manifest.media.files, removed: 0 });
    expect(await contentOf(target.db)).toEqual(await contentOf(db()));
  });

  it("is refused by verify and by restore when truncated or altered, with a clear message and nothing changed", async () => {
    await seedContent();
    const { file } = await createBackup({ dir: work });
    const bytes = await fsp.readFile(file);
    const damaged = path.join(work, "damaged");
    await fsp.mkdir(damaged);
    const variant = async (name: string, data: Buffer) => {
      await fsp.writeFile(path.join(damaged, name), data);
      return path.join(damaged, name);
    };
    const flipped = Buffer.from(bytes);
    flipped[Math.floor(bytes.length / 2)]! ^= 0xff;

    const cases: [string, RegExp][] = [
      [
        await variant("truncated.tar.gz", bytes.subarray(0, Math.floor(bytes.length * 0.6))),
        /ends early: it was cut off/,
      ],
      [await variant("cut-at-the-end.tar.gz", bytes.subarray(0, bytes.length - 4)), /ends early: it was cut off/],
      [await variant("flipped.tar.gz", flipped), /damaged|ends early/],
      [await variant("not-gzip.tar.gz", Buffer.from("just some text\n")), /not a gzip-compressed archive/],
      [
        await rewrite(file, path.join(damaged, "row-edited.tar.gz"), (name, data) =>
          name === "db/horses.jsonl" ? Buffer.from(data.toString().replace("Nordlys", "Nordlyz")) : data,
        ),
        /db\/horses\.jsonl does not match its checksum in the manifest: the file was altered or damaged/,
      ],
      [
        await rewrite(file, path.join(damaged, "media-removed.tar.gz"), (name, data) =>
          name.startsWith("media/team-photos/") ? null : data,
        ),
        /media\/team-photos\/.* is missing: the manifest lists it but the file lacks it/,
      ],
      [
        await rewrite(file, path.join(damaged, "manifest-removed.tar.gz"), (name, data) =>
          name === MANIFEST_NAME ? null : data,
        ),
        /has no manifest\.json/,
      ],
      [
        await rewrite(
          file,
          path.join(damaged, "count-edited.tar.gz"),
          editManifest((m) => {
            (m.tables as Record<string, { rows: number }>).horses!.rows = 3;
          }),
        ),
        /horses holds 2 rows where the manifest counts 3/,
      ],
      [
        await rewrite(
          file,
          path.join(damaged, "newer.tar.gz"),
          editManifest((m) => {
            (m.migrations as string[]).push("9999-from-the-future");
          }),
        ),
        /written by a newer version of the site \(database schema 9999-from-the-future\)/,
      ],
      [path.join(work, "no-such-file.tar.gz"), /does not exist/],
    ];

    // A target that holds content, restored into with --force: even then nothing may change.
    const before = await targetWithContent();
    for (const [damagedFile, message] of cases) {
      const verified = verifyBackup(damagedFile);
      await expect(verified, damagedFile).rejects.toThrow(BackupFileError);
      await expect(verified, damagedFile).rejects.toThrow(message);
      const restored = restoreBackup(damagedFile, { handle: target, store: targetStore, force: true });
      await expect(restored, damagedFile).rejects.toThrow(message);
      expect(await stateOf(target, targetStore), damagedFile).toEqual(before);
    }
    expect(fs.readdirSync(path.join(targetStore.root, ".tmp")).length).toBe(0);
  });

  it("is one consistent snapshot although the site keeps writing while it is taken", async () => {
    await seedContent();
    let writing = true;
    let writes = 0;
    const writer = (async () => {
      while (writing) {
        // A victory adds its prize to its horse's total in the same transaction; a torn snapshot shows.
        const horse = await createHorse({ name: `Horse ${writes}`, age: 3, color: "Bay", sire: "S", dam: "D" });
        await createWinner({
          horseId: horse.id,
          raceName: `Race ${writes}`,
          raceDate: "2026-05-01",
          prizeOre: 1000 + writes,
        });
        writes += 1;
        await new Promise((r) => setImmediate(r));
      }
    })();
    const results = [];
    try {
      for (let i = 0; i < 3; i++) {
        const before = writes;
        results.push(await createBackup({ dir: work }));
        expect(writes, "the site kept writing during the backup").toBeGreaterThan(before);
      }
    } finally {
      writing = false;
      await writer;
    }
    const last = results.at(-1)!;
    await restoreBackup(last.file, { handle: target, store: targetStore });
    expect(await expectPrizesOnTotals(target.db)).toEqual({
      horses: last.manifest.tables.horses!.rows,
      winners: last.manifest.tables.winners!.rows,
    });
    // Later backups saw more of the writes.
    expect(results[2]!.manifest.tables.horses!.rows).toBeGreaterThan(results[0]!.manifest.tables.horses!.rows);
    expect((await listHorses()).length).toBeGreaterThanOrEqual(last.manifest.tables.horses!.rows);
  });

  it("fails with a clear message on a full disk and leaves no partial file", async () => {
    await seedContent();
    // Incompressible, so the archive cannot fit in the small disk.
    await storage().put("horse-images/large-original.jpg", randomBytes(3 * 1024 * 1024));
    const disk = mountSmallDisk(1024);
    let dir = disk?.dir ?? path.join(work, "out");
    let store: Storage = storage();
    if (!disk) {
      // Not root: no tmpfs, so the same error is injected while the media are read into the archive.
      const real = storage();
      store = Object.assign(Object.create(real) as Storage, {
        get: async (key: string) => {
          const file = await real.get(key);
          if (!file || !key.includes("large-original")) return file;
          file.stream.destroy();
          const failing = new Readable({
            read() {
              this.destroy(Object.assign(new Error("ENOSPC: no space left on device, write"), { code: "ENOSPC" }));
            },
          });
          return { ...file, stream: failing };
        },
      });
      dir = path.join(work, "out");
    }
    try {
      const attempt = createBackup({ dir, store });
      await expect(attempt).rejects.toSatisfy((error) => faultOf(error)?.kind === "disk-full");
      const error = await attempt.catch((e: unknown) => e);
      expect(describeBackupError(error)).toMatch(/^The server's disk is full\. \(ENOSPC/);
      expect(fs.readdirSync(dir)).toEqual([]);
    } finally {
      disk?.unmount();
    }
  });

  it("stops when asked to, leaving nothing behind", async () => {
    await seedContent();
    const controller = new AbortController();
    controller.abort();
    await expect(createBackup({ dir: work, signal: controller.signal })).rejects.toThrow();
    expect(fs.readdirSync(work).filter((name) => name !== "target-media")).toEqual([]);
  });
});

describe("backups of media in a bucket", () => {
  const s3 = useMediaBucket();

  it("takes the bucket's media and restores them into another bucket, or onto a disk", async () => {
    await seedContent();
    const sourceMedia = await mediaOf(s3StorageFor(s3()));
    expect(Object.keys(sourceMedia).length).toBeGreaterThan(4);
    const { file, manifest } = await createBackup({ dir: work });
    expect(manifest.media.files).toBe(Object.keys(sourceMedia).length);
    expect(manifest.media.missing).toEqual([]);

    const otherBucket = await freshBucketStorage(s3());
    const restored = await restoreBackup(file, { handle: target, store: otherBucket });
    expect(restored.media).toEqual({ written: manifest.media.files, unchanged: 0, removed: 0 });
    expect(await mediaOf(otherBucket)).toEqual(sourceMedia);
    expect(await contentOf(target.db)).toEqual(await contentOf(db()));

    const onDisk = await createTestDatabase();
    try {
      const again = await restoreBackup(file, { handle: onDisk, store: targetStore });
      expect(again.media.written).toBe(manifest.media.files);
    } finally {
      await onDisk.close();
    }
    expect(await mediaOf(targetStore)).toEqual(sourceMedia);
  });
});
