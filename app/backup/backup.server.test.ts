import { createHash, randomBytes } from "node:crypto";
import fs from "node:fs";
import fsp from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { resetEnvCache } from "~/platform/env.server";
import { createHorse, deleteHorse, listHorses } from "~/models/horse.server";
import { saveOwnerSettings } from "~/models/owner-notice-settings.server";
import { renewCalendarToken } from "~/models/owner-calendar.server";
import { createRunner } from "~/models/runner.server";
import { createGuest, createOwner, testHorse } from "@tests/owners";
import { createWinner } from "~/models/winner.server";
import { db, type DatabaseHandle } from "~/platform/db.server";
import { faultOf } from "~/platform/faults.server";
import { storedFilesOf } from "~/media/images.server";
import { mediaStorage } from "~/media/media-storage.server";
import { LocalDiskStorage, SiteMediaStorage, storage, type Storage } from "~/media/storage.server";
import { createPost } from "~/models/post.server";
import { ownersUpdate, storedPostPhoto } from "@tests/posts";
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
import { SIGNATURE_NAME, signManifest } from "./signature.server";
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

/**
 * Rewrites a backup entry by entry (a valid gzip and tar), changing what `edit` returns. The
 * signature is made again for the edited manifest with the tests' backup key (as someone holding
 * the key could), unless `edit` decides about manifest.sig itself.
 */
async function rewrite(file: string, out: string, edit: (name: string, data: Buffer) => Buffer | null) {
  const entries: [string, Buffer][] = [];
  await readArchive(file, async (entry) => {
    entries.push([entry.name, await readAll(entry.stream, 1 << 30)]);
  });
  const writer = await createArchiveWriter(out);
  let manifest: Buffer | null = null;
  for (const [name, data] of entries) {
    let changed = edit(name, data);
    if (name === MANIFEST_NAME) manifest = changed;
    if (name === SIGNATURE_NAME && changed === data && manifest) changed = signManifest(manifest, TEST_KEY);
    if (changed) await writer.addBuffer(name, changed);
  }
  await writer.finish();
  return out;
}

const TEST_KEY = process.env.BACKUP_KEY!;
const sha256 = (data: Buffer) => createHash("sha256").update(data).digest("hex");

/**
 * What someone who can write to the backup folder can do: change entries, add some, and write a
 * manifest that matches them all. The signature is kept as it was, made with `signWith`, or dropped (null).
 */
async function forge(
  file: string,
  out: string,
  {
    change = {},
    add = {},
    signWith,
  }: { change?: Record<string, (data: Buffer) => Buffer>; add?: Record<string, Buffer>; signWith?: string | null },
) {
  const entries: [string, Buffer][] = [];
  await readArchive(file, async (entry) => {
    entries.push([entry.name, await readAll(entry.stream, 1 << 30)]);
  });
  const body = entries
    .filter(([name]) => name !== MANIFEST_NAME && name !== SIGNATURE_NAME)
    .map(([name, data]): [string, Buffer] => [name, change[name] ? change[name](data) : data]);
  body.push(...Object.entries(add));
  const manifest = JSON.parse(entries.find(([name]) => name === MANIFEST_NAME)![1].toString()) as {
    entries: { name: string; size: number; sha256: string }[];
    media: { files: number; bytes: number };
  };
  manifest.entries = body.map(([name, data]) => ({ name, size: data.length, sha256: sha256(data) }));
  const media = body.filter(([name]) => name.startsWith("media/"));
  manifest.media.files = media.length;
  manifest.media.bytes = media.reduce((n, [, data]) => n + data.length, 0);
  const manifestBytes = Buffer.from(JSON.stringify(manifest));
  const writer = await createArchiveWriter(out);
  for (const [name, data] of body) await writer.addBuffer(name, data);
  await writer.addBuffer(MANIFEST_NAME, manifestBytes);
  const old = entries.find(([name]) => name === SIGNATURE_NAME)?.[1];
  const signature = signWith === undefined ? old : signWith === null ? null : signManifest(manifestBytes, signWith);
  if (signature) await writer.addBuffer(SIGNATURE_NAME, signature);
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
    const sourceMedia = await mediaOf(mediaStorage());
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

  it("carries owners' and guests' accounts, horse links, settings and calendar addresses, not their queued notices", async () => {
    const [x, y] = [await testHorse("Xenia"), await testHorse("Yrsa")];
    const owner = await createOwner({ horseIds: [x.id, y.id], language: "da", email: "anna@example.com" });
    await createGuest(owner.id, { email: "gitte@example.com" });
    await saveOwnerSettings(owner.id, {
      language: "da",
      notices: { entry: false, declaration: true, withdrawal: true, result: true, update: false },
    });
    await renewCalendarToken(owner.id, x.id);
    await deleteHorse(y.id);
    await createRunner({ horseId: x.id, raceName: "Derby", raceDate: "2099-06-07" });
    expect(await db().selectFrom("owner_notices").select("id").execute()).toHaveLength(1);

    const { manifest } = await verifyBackup((await createBackup({ dir: work })).file);
    expect(manifest.tables.owner_accounts!.rows).toBe(2);
    expect(manifest.tables.owner_horses!.rows).toBe(2);
    expect(manifest.tables.owner_calendars!.rows).toBe(1);
    expect(Object.keys(manifest.tables)).not.toContain("owner_notices");

    await restoreBackup((await createBackup({ dir: work })).file, { handle: target, store: targetStore });
    expect(await contentOf(target.db)).toEqual(await contentOf(db()));
    expect(await target.db.selectFrom("owner_notices").select("id").execute()).toEqual([]);
    const restored = await target.db
      .selectFrom("owner_accounts")
      .select(["role", "state", "language", "notify_entries", "notify_updates"])
      .orderBy("role", "desc")
      .execute();
    expect(
      restored.map((r) => [r.role, r.state, r.language, Number(r.notify_entries), Number(r.notify_updates)]),
    ).toEqual([
      ["owner", "active", "da", 0, 0],
      ["guest", "active", "en", 1, 1],
    ]);
    // The link to the horse in the trash came along: restoring the horse gives access back.
    const links = await target.db.selectFrom("owner_horses").select("horse_id").execute();
    expect(links.map((l) => l.horse_id).sort()).toEqual([x.id, y.id].sort());
  });

  it("carries the private photos of owners-only posts and restores them into the private storage only", async () => {
    const horse = await testHorse("Xenia");
    const photo = await storedPostPhoto({ private: true });
    await createPost(ownersUpdate([horse.id], [photo]));
    const keys = await storedFilesOf(photo.url);
    expect(keys.length).toBeGreaterThan(1);
    const { file } = await createBackup({ dir: work });
    const { media, manifest } = await verifyBackup(file);
    for (const key of keys) expect(media.has(key), key).toBe(true);
    expect(manifest.media.missing).toEqual([]);

    const [open, closed] = [
      new LocalDiskStorage(path.join(work, "open")),
      new LocalDiskStorage(path.join(work, "closed")),
    ];
    await restoreBackup(file, { handle: target, store: new SiteMediaStorage(open, closed) });
    const inner = keys.map((k) => k.slice("private/".length)).sort();
    expect((await closed.list("", { limit: 1000 })).map((f) => f.key).sort()).toEqual(inner);
    expect((await open.list("", { limit: 1000 })).filter((f) => f.key.startsWith("post-photos/"))).toEqual([]);
    expect(await open.exists(keys[0]!)).toBe(false);
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
    // Every file of the site, private photos (under private/ in a plain folder like this one) included.
    expect(await mediaOf(targetStore)).toEqual(await mediaOf(mediaStorage()));
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
    const result = await restoreBackup(file, { handle: target, store: mediaStorage() });
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

  // It writes for as long as the backup runs, which on a loaded machine is long.
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
  }, 120_000);

  it("fails with a clear message on a full disk and leaves no partial file", async () => {
    await seedContent();
    // Incompressible, so the archive cannot fit in the small disk.
    await storage().put("horse-images/1700000000000-000000000001.jpg", randomBytes(3 * 1024 * 1024));
    const disk = mountSmallDisk(1024);
    let dir = disk?.dir ?? path.join(work, "out");
    let store: Storage = storage();
    if (!disk) {
      // Not root: no tmpfs, so the same error is injected while the media are read into the archive.
      const real = storage();
      store = Object.assign(Object.create(real) as Storage, {
        get: async (key: string) => {
          const file = await real.get(key);
          if (!file || !key.endsWith("000000000001.jpg")) return file;
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

describe("signed backups", () => {
  let before: Awaited<ReturnType<typeof stateOf>> | undefined;
  const refusedEverywhere = async (file: string, message: RegExp, options: { trustUnsigned?: boolean } = {}) => {
    before ??= await targetWithContent();
    await expect(verifyBackup(file, options)).rejects.toThrow(message);
    await expect(restoreBackup(file, { handle: target, store: targetStore, force: true, ...options })).rejects.toThrow(
      message,
    );
    expect(await stateOf(target, targetStore)).toEqual(before);
  };
  beforeEach(() => {
    before = undefined;
  });
  const plantAdmin = (data: Buffer) => Buffer.from(data.toString().replace("Nordlys", "Planted"));

  it("refuses a file edited consistently (rows and a manifest to match) unless it is signed with the key", async () => {
    await seedContent();
    const { file } = await createBackup({ dir: work });
    expect((await verifyBackup(file)).signature).toBe("signed");

    const edited = await forge(file, path.join(work, "edited.tar.gz"), { change: { "db/horses.jsonl": plantAdmin } });
    await refusedEverywhere(edited, /its signature does not match: it was altered after it was written/);
    const otherKey = await forge(file, path.join(work, "other-key.tar.gz"), {
      change: { "db/horses.jsonl": plantAdmin },
      signWith: "someone-else's-key-0123456789abcdefgh",
    });
    await refusedEverywhere(otherKey, /it was signed with another backup key: set BACKUP_KEY/);
    await expect(verifyBackup(file, { key: "a-different-key-on-this-machine-0123456" })).rejects.toThrow(
      /signed with another backup key/,
    );
  });

  it("refuses an unsigned file unless told to trust it, and then restores it", async () => {
    await seedContent();
    const { file } = await createBackup({ dir: work });
    const unsigned = await forge(file, path.join(work, "unsigned.tar.gz"), { signWith: null });
    await refusedEverywhere(unsigned, /it is not signed, so nothing shows it is the site's own\. .*--trust-unsigned/);
    const restored = await restoreBackup(unsigned, {
      handle: target,
      store: targetStore,
      trustUnsigned: true,
      force: true,
    });
    expect(restored.signature).toBe("unsigned, trusted");
    expect((await contentOf(target.db)).horses).toEqual((await contentOf(db())).horses);
  });

  it("refuses media entries whose names the site never gives, even when signed with the key", async () => {
    await seedContent();
    const { file } = await createBackup({ dir: work });
    const page = Buffer.from("<script>alert(1)</script>");
    for (const name of [
      "media/horse-images/evil.html",
      "media/other-bucket/1700000000000-0123456789ab.jpg",
      "media/horse-images/1700000000000-0123456789ab.jpg/deeper.jpg",
      "media/horse-images/1700000000000-0123456789ab.svg",
    ]) {
      const planted = await forge(file, path.join(work, "planted.tar.gz"), {
        add: { [name]: page },
        signWith: TEST_KEY,
      });
      await refusedEverywhere(planted, /a name the site never gives a file/);
      await fsp.rm(planted);
    }
    for (const name of ["media/../secrets/session_secret", "media/horse-images/../../x.jpg"]) {
      const planted = await forge(file, path.join(work, "planted.tar.gz"), {
        add: { [name]: page },
        signWith: TEST_KEY,
      });
      await refusedEverywhere(planted, /unexpected entry|not a plain file|never gives/);
      await fsp.rm(planted);
    }
  });

  it("signs with a key generated at the first backup, announced with the advice to keep it apart", async () => {
    const saved = process.env.BACKUP_KEY;
    delete process.env.BACKUP_KEY;
    resetEnvCache();
    try {
      await seedContent();
      const lines: string[] = [];
      const { file } = await createBackup({ dir: work, announceKey: (line) => lines.push(line) });
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatch(
        /A backup key was generated in .*secrets\/backup_key.*Keep a copy of it apart from the backups/,
      );
      const key = (await fsp.readFile(path.join(process.env.DATA_DIR!, "secrets", "backup_key"), "utf8")).trim();
      expect((await fsp.stat(path.join(process.env.DATA_DIR!, "secrets", "backup_key"))).mode & 0o777).toBe(0o600);
      await createBackup({ dir: work, announceKey: (line) => lines.push(line) });
      expect(lines).toHaveLength(1);
      expect((await verifyBackup(file, { key })).signature).toBe("signed");
      const restored = await restoreBackup(file, { handle: target, store: targetStore, key });
      expect(restored.signature).toBe("signed");
      expect(await stateOf(target, targetStore)).toEqual(await stateOf({ db: db() } as DatabaseHandle, mediaStorage()));
    } finally {
      process.env.BACKUP_KEY = saved;
      resetEnvCache();
      await fsp.rm(path.join(process.env.DATA_DIR!, "secrets", "backup_key"), { force: true });
    }
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
