/**
 * The faults any admin tab's form can meet, answered by the shared action (./admin-action.server.ts)
 * with the tab's 'Failed to …' toast and the reason: a database that cannot be reached, a full disk
 * and a media bucket that cannot be reached. Nothing is written and the public pages keep working.
 */
import fs from "node:fs";
import path from "node:path";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { getLatestNews } from "~/models/news.server";
import { createHorse, listHorses } from "~/models/horse.server";
import { createTeamMember, listTeamMembers } from "~/models/team-member.server";
import { closeDatabase, db, openPostgres, useDatabase } from "~/platform/db.server";
import { resetEnvCache } from "~/platform/env.server";
import { storage } from "~/media/storage.server";
import { uploadTmpDir } from "~/media/upload.server";
import { failure, horseForm, horseValues, success, useAdmin, withPhoto } from "@tests/admin-actions";
import { testEngine, useFreshDatabase } from "@tests/db";
import { photoJpeg } from "@tests/images";
import { useMediaBucket } from "@tests/media-bucket";
import { s3StorageFor, setMediaS3Env } from "@tests/s3";
import { mountSmallDisk } from "@tests/small-disk";
import { freePort } from "@tests/smtp";
import * as publicHorses from "~/routes/horses";
import * as contactInfoTab from "~/routes/admin/contact-info";
import * as homeTab from "~/routes/admin/home";
import * as horsesTab from "~/routes/admin/horses";
import * as messagesTab from "~/routes/admin/messages";
import * as teamTab from "~/routes/admin/team";
import * as winnersTab from "~/routes/admin/winners";

useFreshDatabase();

const { run } = useAdmin();
/** What the public /horses loader is called with for its first page. */
const horsesPageArgs = { request: new Request("http://localhost/horses"), params: {}, context: {} } as never;

const UNREACHABLE = "The database cannot be reached right now. Please try again in a moment.";
const DISK_FULL = "The server's disk is full.";

describe("A database that cannot be reached", () => {
  it("answers every admin form with its 'Failed to …' toast and the reason, and writes nothing", async () => {
    const h = await createHorse(horseValues);
    const m = await createTeamMember({ name: "Ida", role: "Trainer" });
    // Nothing listens on port 1: the session cannot even be checked, as when the database is down.
    const reachable = useDatabase(openPostgres("postgres://nobody@127.0.0.1:1/none"));
    try {
      const cases: [Parameters<typeof run>[0], string, Record<string, string> | FormData, string][] = [
        [horsesTab.action, "/admin/horses", await withPhoto(horseForm), "Failed to add horse"],
        [horsesTab.action, "/admin/horses", { intent: "delete", id: h.id }, "Failed to delete horse"],
        [winnersTab.action, "/admin/winners", { intent: "update", id: "w1" }, "Failed to update winner"],
        [teamTab.action, "/admin/team", { intent: "move-down", id: m.id }, "Failed to update team member position"],
        [homeTab.action, "/admin", { intent: "news", newsText: "During" }, "Failed to update latest news"],
        [
          contactInfoTab.action,
          "/admin/contact-info",
          { intent: "save", address: "x" },
          "Failed to update contact information",
        ],
        [messagesTab.action, "/admin/messages", { intent: "retry", id: "m1" }, "Failed to retry message"],
      ];
      for (const [action, path, form, text] of cases) {
        const r = await run(action, path, form);
        expect(r, `${path} ${text}`).toMatchObject({ status: 503, toast: failure(`${text}. ${UNREACHABLE}`) });
      }
      // The typed values come back so that the form keeps them; the photo was never stored.
      const added = await run(horsesTab.action, "/admin/horses", await withPhoto(horseForm));
      expect(added.data!.values).toMatchObject({ intent: "create", name: "Nordlys" });
      expect(fs.existsSync(uploadTmpDir()) ? fs.readdirSync(uploadTmpDir()) : []).toEqual([]);
    } finally {
      await closeDatabase();
      useDatabase(reachable);
    }
    expect(await listHorses()).toMatchObject([{ id: h.id, name: "Nordlys" }]);
    expect((await listTeamMembers()).map((x) => x.id)).toEqual([m.id]);
    expect(await getLatestNews()).toBeNull();
  });
});

describe("A full disk", () => {
  // A real full file system (a small tmpfs holding DATA_DIR, and the SQLite database) when running
  // as root; otherwise an injected ENOSPC from the storage layer.
  const disk = mountSmallDisk(24 * 1024);
  const dataDir = process.env.DATA_DIR;
  beforeAll(() => {
    if (!disk) return;
    process.env.DATA_DIR = disk.dir;
    resetEnvCache();
  });
  afterAll(() => {
    process.env.DATA_DIR = dataDir;
    resetEnvCache();
    disk?.unmount();
  });

  const mediaFiles = () => fs.readdirSync(path.join(storage().root, "horse-images")).sort();
  const leftovers = () =>
    [uploadTmpDir(), storage().tmpDir()].flatMap((dir) => (fs.existsSync(dir) ? fs.readdirSync(dir) : []));

  it("refuses an upload or save with the reason, leaves no files behind, changes no record and keeps serving", async () => {
    const first = await run(horsesTab.action, "/admin/horses", await withPhoto(horseForm));
    expect(first).toMatchObject({ status: 302, toast: success("Horse Added") });
    const before = await listHorses();
    const stored = mediaFiles();
    const edit = { ...horseForm, intent: "update", id: before[0]!.id, shownTotalOre: "0", name: "Renamed" };
    // A photo-like picture: its stored copies take more room than the upload itself.
    const jpeg = await photoJpeg(1224, 816);
    if (disk && testEngine === "sqlite") await sql`pragma wal_checkpoint(TRUNCATE)`.execute(db());

    const cases: [string, number][] = [
      // Not even the upload's temporary file fits.
      ["full", 0],
      // The upload fits, its stored copies do not: the partial copies are removed.
      ["nearly full", jpeg.length + 64 * 1024],
    ];
    for (const [state, leave] of cases) {
      if (disk) disk.fill(leave);
      else
        vi.spyOn(storage(), "put").mockRejectedValue(
          Object.assign(new Error("ENOSPC: no space left on device, write"), { code: "ENOSPC" }),
        );
      try {
        const added = await run(
          horsesTab.action,
          "/admin/horses",
          await withPhoto({ ...horseForm, name: "Second" }, jpeg),
        );
        expect(added, state).toMatchObject({ status: 507, toast: failure(`Failed to add horse. ${DISK_FULL}`) });
        expect(added.data!.values.name).toBe("Second");
        const updated = await run(horsesTab.action, "/admin/horses", await withPhoto(edit, jpeg));
        expect(updated, state).toMatchObject({ status: 507, toast: failure(`Failed to update horse. ${DISK_FULL}`) });
        expect(await listHorses()).toEqual(before);
        expect(mediaFiles()).toEqual(stored);
        expect(leftovers()).toEqual([]);
        // Reading goes on: the public page and the stored photo.
        // (A failed read would answer `data(…, 503)` instead of the plain list.)
        const page = await publicHorses.loader(horsesPageArgs);
        expect("horses" in page && page.horses.map((x) => x.name)).toEqual(["Nordlys"]);
        expect(await storage().exists(`horse-images/${stored[0]}`)).toBe(true);
      } finally {
        disk?.free();
        vi.restoreAllMocks();
      }
    }

    if (disk && testEngine === "sqlite") {
      // SQLite's own write meets the full disk (SQLITE_FULL): the same answer, nothing half-written.
      await sql`pragma wal_checkpoint(TRUNCATE)`.execute(db());
      disk.fill();
      try {
        const news = await run(homeTab.action, "/admin", { intent: "news", newsText: "Full" });
        expect(news).toMatchObject({ status: 507, toast: failure(`Failed to update latest news. ${DISK_FULL}`) });
        expect(await getLatestNews()).toBeNull();
        expect(await listHorses()).toEqual(before);
      } finally {
        disk.free();
      }
    }

    // With room again, the same save works.
    expect(await run(horsesTab.action, "/admin/horses", await withPhoto(edit, jpeg))).toMatchObject({
      status: 302,
      toast: success("Horse Updated"),
    });
  });
});

describe("An unreachable media bucket", () => {
  const s3 = useMediaBucket();
  const UNREACHABLE = "The photo storage cannot be reached right now. Please try again in a moment.";
  const objects = async () => (await s3StorageFor(s3()).list("", { limit: 1000 })).map((f) => f.key);

  it("refuses an upload with the reason, changes no record and leaves the public pages working", async () => {
    const first = await run(horsesTab.action, "/admin/horses", await withPhoto(horseForm));
    expect(first).toMatchObject({ status: 302, toast: success("Horse Added") });
    const before = await listHorses();
    expect(before[0]!.image?.url).toMatch(/^\/media\/horse-images\//);
    const stored = await objects();
    expect(stored).toContain(before[0]!.image!.url.slice("/media/".length));

    process.env.MEDIA_S3_ENDPOINT = `http://127.0.0.1:${await freePort()}`;
    resetEnvCache();
    try {
      const added = await run(horsesTab.action, "/admin/horses", await withPhoto({ ...horseForm, name: "Second" }));
      expect(added).toMatchObject({ status: 503, toast: failure(`Failed to add horse. ${UNREACHABLE}`) });
      expect(added.data!.values.name).toBe("Second");
      const edit = { ...horseForm, intent: "update", id: before[0]!.id, shownTotalOre: "0", name: "Renamed" };
      const updated = await run(horsesTab.action, "/admin/horses", await withPhoto(edit));
      expect(updated).toMatchObject({ status: 503, toast: failure(`Failed to update horse. ${UNREACHABLE}`) });
      expect(await listHorses()).toEqual(before);
      const page = await publicHorses.loader(horsesPageArgs);
      expect("horses" in page && page.horses.map((x) => x.name)).toEqual(["Nordlys"]);
    } finally {
      setMediaS3Env(s3());
    }
    expect(await objects()).toEqual(stored);
  });
});
