import fsp from "node:fs/promises";
import path from "node:path";
import { describe, expect, test, vi } from "vitest";
import { useFreshDatabase, testEngine } from "@tests/db";
import { horseEdit } from "@tests/horses";
import { plainJpeg } from "@tests/images";
import { listActivity } from "~/models/activity.server";
import { createHorse, deleteHorse, findHorseBySlug, getHorse, updateHorse, type Horse } from "~/models/horse.server";
import { createRunner, deleteRunner, getRunner, updateRunner } from "~/models/runner.server";
import { getRaceRecord, recordResult } from "~/models/runner-result.server";
import { listTrash, RestoreRefusedError, TRASH_RETENTION_MS, trashedImageUrls } from "~/models/trash.server";
import { createTeamMember, deleteTeamMember, listTeamMembers } from "~/models/team-member.server";
import { createWinner, deleteWinner, listWinnersWithHorses, updateWinner } from "~/models/winner.server";
import { runAs, type Actor } from "~/platform/actor.server";
import { db } from "~/platform/db.server";
import { env } from "~/platform/env.server";
import { formatDkk } from "~/racing/format";
import { storedFilesOf, storeImage } from "~/media/images.server";
import { sweepMedia } from "~/media/media-sweep.server";
import { mediaStorage } from "~/media/media-storage.server";
import { createPost, deletePost, listOwnerUpdates } from "~/models/post.server";
import { ownersUpdate, storedPostPhoto } from "@tests/posts";
import { purgeExpiredTrash, purgeFromTrash, restoreFromTrash } from "./trash.server";

vi.setConfig({ testTimeout: 120_000 });

useFreshDatabase();

const admin: Actor = { userId: "u1", email: "admin@example.com", via: "dashboard" };
const asAdmin = <T>(fn: () => Promise<T>) => runAs(admin, fn);
const horse = { name: "Nordlys", age: 4, color: "Brown", sire: "Sire", dam: "Dam" };

async function anImage(bucket: "horse-images" | "winner-photos" | "team-photos") {
  const source = path.join(env().dataDir, `trash-source-${bucket}.jpg`);
  await fsp.writeFile(source, await plainJpeg(400, 300));
  return storeImage(bucket, { path: source });
}

async function filesExist(url: string) {
  const keys = await storedFilesOf(url);
  if (!keys.length) return false;
  return (await Promise.all(keys.map((k) => mediaStorage().exists(k)))).every(Boolean);
}

const race = { raceName: "Dansk Derby", raceDate: "2026-06-07", track: "Klampenborg", jockey: "A. Jensen" };
const TODAY = "2026-06-10";

async function counts(h: Horse) {
  const now = (await getHorse(h.id))!;
  return { total: now.totalPrizeOre, first: now.firstPlaces, second: now.secondPlaces, third: now.thirdPlaces };
}

describe(`trash (${testEngine})`, () => {
  test("a deleted horse comes back with its id, image, total and victories, and the files stay meanwhile", async () => {
    const image = await anImage("horse-images");
    const h = await createHorse({ ...horse, image, totalPrizeOre: 50_000, firstPlaces: 2 });
    await createWinner({ horseId: h.id, raceName: "Derby", raceDate: "2026-06-01", prizeOre: 100_000 });
    const before = await getHorse(h.id);

    const removed = await asAdmin(() => deleteHorse(h.id));
    expect(await getHorse(h.id)).toBeNull();
    expect((await listWinnersWithHorses())[0]).toMatchObject({ horseId: null });
    expect(await filesExist(image.url)).toBe(true);
    expect(await listTrash()).toEqual([
      expect.objectContaining({ id: removed!.trashId, kind: "horse", label: "Nordlys", deletedByEmail: admin.email }),
    ]);
    expect(await trashedImageUrls()).toEqual([image.url]);

    expect(await asAdmin(() => restoreFromTrash(removed!.trashId))).toMatchObject({ noun: "Horse", label: "Nordlys" });
    expect(await getHorse(h.id)).toEqual(before);
    expect((await listWinnersWithHorses())[0]).toMatchObject({ horseId: h.id, horseName: "Nordlys" });
    expect(await listTrash()).toEqual([]);
    // A second undo of the same entry finds nothing and changes nothing.
    expect(await restoreFromTrash(removed!.trashId)).toBeUndefined();
    expect((await getHorse(h.id))!.totalPrizeOre).toBe(150_000);
  });

  test("a deleted victory's prize comes off its horse and goes back on with the victory", async () => {
    const h = await createHorse(horse);
    const w = await createWinner({ horseId: h.id, raceName: "Derby", raceDate: "2026-06-01", prizeOre: 100_000 });
    const before = await listWinnersWithHorses();
    const removed = await asAdmin(() => deleteWinner(w.id));
    expect((await getHorse(h.id))!.totalPrizeOre).toBe(0);
    await asAdmin(() => restoreFromTrash(removed!.trashId));
    expect((await getHorse(h.id))!.totalPrizeOre).toBe(100_000);
    expect(await listWinnersWithHorses()).toEqual(before);
  });

  test("a victory whose horse is gone comes back as 'Unknown Horse'", async () => {
    const h = await createHorse(horse);
    const w = await createWinner({ horseId: h.id, raceName: "Derby", raceDate: "2026-06-01", prizeOre: 100 });
    const victory = await deleteWinner(w.id);
    await deleteHorse(h.id);
    await restoreFromTrash(victory!.trashId);
    expect((await listWinnersWithHorses())[0]).toMatchObject({ id: w.id, horseId: null, prizeOre: 100 });
  });

  test("a team member comes back at its position and the others shift back", async () => {
    const ids: string[] = [];
    for (const name of ["A", "B", "C", "D"]) ids.push((await createTeamMember({ name, role: "Groom" })).id);
    const order = async () => (await listTeamMembers()).map((m) => [m.name, m.position]);
    const b = await deleteTeamMember(ids[1]!);
    const d = await deleteTeamMember(ids[3]!);
    expect(await order()).toEqual([
      ["A", 1],
      ["C", 2],
    ]);
    await restoreFromTrash(b!.trashId);
    expect(await order()).toEqual([
      ["A", 1],
      ["B", 2],
      ["C", 3],
    ]);
    // Its old position is past the end now that others are gone: it comes back last.
    await deleteTeamMember(ids[2]!);
    await restoreFromTrash(d!.trashId);
    expect(await order()).toEqual([
      ["A", 1],
      ["B", 2],
      ["D", 3],
    ]);
    expect((await listTeamMembers()).map((m) => m.id)).toEqual([ids[0], ids[1], ids[3]]);
  });

  test("Delete Forever removes the entry and then its image files; the media sweep spares trashed images", async () => {
    const photo = await anImage("team-photos");
    const m = await createTeamMember({ name: "Ida", role: "Trainer", photo });
    const removed = await deleteTeamMember(m.id);
    const report = await sweepMedia({ remove: true, minAgeMs: 0 });
    const ours = new Set(await storedFilesOf(photo.url));
    expect(report.unreferenced.filter((f) => ours.has(f.key))).toEqual([]);
    expect(await filesExist(photo.url)).toBe(true);

    expect(await asAdmin(() => purgeFromTrash(removed!.trashId))).toMatchObject({ label: "Ida (Trainer)" });
    expect(await filesExist(photo.url)).toBe(false);
    expect(await restoreFromTrash(removed!.trashId)).toBeUndefined();
    expect(await listTeamMembers()).toEqual([]);
  });

  test("an owners-only post's private photos stay while it is in the trash, come back with it, and go when purged", async () => {
    const x = await createHorse(horse);
    const photo = await storedPostPhoto({ private: true });
    const { id } = await createPost(ownersUpdate([x.id], [photo]));
    const first = await asAdmin(() => deletePost(id));
    await sweepMedia({ remove: true, minAgeMs: 0 });
    expect(await filesExist(photo.url)).toBe(true);
    await asAdmin(() => restoreFromTrash(first!.trashId));
    expect((await listOwnerUpdates(x.id))[0]!.photos[0]!.image.url).toBe(photo.url);
    const second = await asAdmin(() => deletePost(id));
    await asAdmin(() => purgeFromTrash(second!.trashId));
    expect(await storedFilesOf(photo.url)).toEqual([]);
  });

  test("entries older than 30 days are purged with their images; newer ones stay", async () => {
    const image = await anImage("horse-images");
    const old = await createHorse({ ...horse, name: "Old", image });
    const recent = await createHorse({ ...horse, name: "Recent" });
    const oldEntry = await deleteHorse(old.id);
    await deleteHorse(recent.id);
    const longAgo = new Date(Date.now() - TRASH_RETENTION_MS - 60_000).toISOString();
    await db().updateTable("trash").set({ deleted_at: longAgo }).where("id", "=", oldEntry!.trashId).execute();
    expect((await listTrash()).map((i) => i.label)).toEqual(["Recent"]);

    expect(await purgeExpiredTrash()).toBe(1);
    expect(await filesExist(image.url)).toBe(false);
    expect((await listTrash()).map((i) => i.label)).toEqual(["Recent"]);
    expect(await db().selectFrom("trash").select("label").execute()).toEqual([{ label: "Recent" }]);
  });

  test("delete, restore and purge are in the activity log under the administrator's name", async () => {
    const h = await createHorse(horse);
    const first = await asAdmin(() => deleteHorse(h.id));
    await asAdmin(() => restoreFromTrash(first!.trashId));
    const second = await asAdmin(() => deleteHorse(h.id));
    await asAdmin(() => purgeFromTrash(second!.trashId));
    const { entries } = await listActivity();
    expect(entries.map((e) => [e.kind, e.entity, e.summary, e.actorEmail])).toEqual([
      ["purge", "horse", "Horse deleted forever: Nordlys", admin.email],
      ["delete", "horse", "Horse deleted: Nordlys", admin.email],
      ["restore", "horse", "Horse restored: Nordlys", admin.email],
      ["delete", "horse", "Horse deleted: Nordlys", admin.email],
    ]);
  });

  test("a restore that fails puts nothing back and keeps the entry", async () => {
    const h = await createHorse(horse);
    const removed = await deleteHorse(h.id);
    // The same id taken meanwhile (it cannot happen through the site): the insert fails, the transaction rolls back.
    await db()
      .insertInto("horses")
      .values({ id: h.id, name: "Other", age: 1, color: "Grey", sire: "S", dam: "D" })
      .execute();
    await expect(restoreFromTrash(removed!.trashId)).rejects.toThrow();
    expect(await listTrash()).toHaveLength(1);
    expect((await getHorse(h.id))!.name).toBe("Other");
  });

  test("a deleted winning runner comes back with its victory (same id, photo, corrected prize), count and total", async () => {
    const photo = await anImage("winner-photos");
    const h = await createHorse({ ...horse, totalPrizeOre: 5_000_00 });
    const { id } = await createRunner({ horseId: h.id, ...race });
    await recordResult(id, { position: 1, didNotFinish: false, prizeOre: 40_000_00 }, TODAY);
    const victoryId = (await getRunner(id))!.victoryId!;
    // The Winners tab adds a photo and corrects the prize on the victory itself.
    await updateWinner(victoryId, { horseId: h.id, ...race, prizeOre: 45_000_00, photo });
    const runner = await getRunner(id);
    const victories = await listWinnersWithHorses();
    const record = await getRaceRecord(h.id);
    expect(await counts(h)).toEqual({ total: 50_000_00, first: 1, second: 0, third: 0 });

    const removed = await asAdmin(() => deleteRunner(id));
    expect(await counts(h)).toEqual({ total: 5_000_00, first: 0, second: 0, third: 0 });
    expect(await listWinnersWithHorses()).toEqual([]);
    expect(await listTrash()).toEqual([
      expect.objectContaining({ kind: "runner", label: "Dansk Derby (Nordlys)", deletedByEmail: admin.email }),
    ]);
    expect(await trashedImageUrls()).toEqual([photo.url]);
    expect(await filesExist(photo.url)).toBe(true);

    expect(await asAdmin(() => restoreFromTrash(removed!.trashId))).toMatchObject({ noun: "Runner" });
    expect(await getRunner(id)).toEqual(runner);
    expect(await listWinnersWithHorses()).toEqual(victories);
    expect(await getRaceRecord(h.id)).toEqual(record);
    expect(await counts(h)).toEqual({ total: 50_000_00, first: 1, second: 0, third: 0 });
  });

  test("a placed runner's count and prize come back; a win whose victory the Winners tab deleted stays without one", async () => {
    const h = await createHorse(horse);
    const placed = await createRunner({ horseId: h.id, ...race });
    await recordResult(placed.id, { position: 2, didNotFinish: false, prizeOre: 12_000_00 }, TODAY);
    const won = await createRunner({ horseId: h.id, ...race, raceName: "Jydsk Derby" });
    await recordResult(won.id, { position: 1, didNotFinish: false, prizeOre: 30_000_00 }, TODAY);
    await deleteWinner((await getRunner(won.id))!.victoryId!);
    expect(await counts(h)).toEqual({ total: 12_000_00, first: 1, second: 1, third: 0 });

    const a = await deleteRunner(placed.id);
    const b = await deleteRunner(won.id);
    expect(await counts(h)).toEqual({ total: 0, first: 0, second: 0, third: 0 });
    await restoreFromTrash(a!.trashId);
    await restoreFromTrash(b!.trashId);
    expect(await counts(h)).toEqual({ total: 12_000_00, first: 1, second: 1, third: 0 });
    expect((await getRunner(won.id))!).toMatchObject({ victoryId: null, result: { position: 1 } });
    expect(await listWinnersWithHorses()).toEqual([]);
  });

  test("a runner whose horse is deleted is not restored until the horse is", async () => {
    const h = await createHorse(horse);
    const { id } = await createRunner({ horseId: h.id, ...race });
    const runner = await deleteRunner(id);
    const gone = await deleteHorse(h.id);
    await expect(restoreFromTrash(runner!.trashId)).rejects.toBeInstanceOf(RestoreRefusedError);
    expect(await listTrash()).toHaveLength(2);
    await restoreFromTrash(gone!.trashId);
    await restoreFromTrash(runner!.trashId);
    expect((await getRunner(id))!.horseId).toBe(h.id);
  });

  test("a deleted horse comes back with its runners, results, victory links, address and old addresses", async () => {
    const h = await createHorse({ ...horse, name: "Kongens Ære" });
    await updateHorse(h.id, horseEdit(horse));
    const won = await createRunner({ horseId: h.id, ...race });
    await recordResult(won.id, { position: 1, didNotFinish: false, prizeOre: 40_000_00 }, TODAY);
    const placed = await createRunner({ horseId: h.id, ...race, raceName: "Jydsk Derby" });
    await recordResult(placed.id, { position: 3, didNotFinish: false, prizeOre: 8_000_00 }, TODAY);
    const upcoming = await createRunner({ horseId: h.id, ...race, raceDate: "2026-07-01" });
    const before = await getHorse(h.id);
    const runners = await Promise.all([won.id, placed.id, upcoming.id].map(getRunner));
    const record = await getRaceRecord(h.id);
    const victories = await listWinnersWithHorses();

    const removed = await asAdmin(() => deleteHorse(h.id));
    expect(await getRunner(won.id)).toBeNull();
    expect(await findHorseBySlug("kongens-aere")).toBeNull();
    await asAdmin(() => restoreFromTrash(removed!.trashId));
    expect(await getHorse(h.id)).toEqual(before);
    expect(await Promise.all([won.id, placed.id, upcoming.id].map(getRunner))).toEqual(runners);
    expect(await getRaceRecord(h.id)).toEqual(record);
    expect(await listWinnersWithHorses()).toEqual(victories);
    expect(await findHorseBySlug("nordlys")).toMatchObject({ horse: { id: h.id } });
    expect(await findHorseBySlug("kongens-aere")).toEqual({ redirectTo: "nordlys" });
    expect(await counts(h)).toEqual({ total: 48_000_00, first: 1, second: 0, third: 1 });
    // Deleting a restored runner still takes exactly its result off.
    await deleteRunner(won.id);
    expect(await counts(h)).toEqual({ total: 8_000_00, first: 0, second: 0, third: 1 });
  });

  test("a horse whose address another horse took meanwhile comes back under a free one", async () => {
    const h = await createHorse(horse);
    const removed = await deleteHorse(h.id);
    const other = await createHorse(horse);
    expect(other.slug).toBe("nordlys");
    await restoreFromTrash(removed!.trashId);
    expect((await getHorse(h.id))!.slug).toBe("nordlys-2");
    expect(await findHorseBySlug("nordlys")).toMatchObject({ horse: { id: other.id } });
  });

  test("runner changes are in the activity log", async () => {
    const h = await createHorse(horse);
    const { id } = await asAdmin(() => createRunner({ horseId: h.id, ...race }));
    await asAdmin(() => updateRunner(id, { horseId: h.id, ...race, jockey: "B. Hansen" }));
    await asAdmin(() => recordResult(id, { position: 2, didNotFinish: false, prizeOre: 12_000_00 }, TODAY));
    const removed = await asAdmin(() => deleteRunner(id));
    await asAdmin(() => restoreFromTrash(removed!.trashId));
    const { entries } = await listActivity();
    expect(entries.map((e) => [e.kind, e.entity, e.summary, e.changes])).toEqual([
      ["restore", "runner", "Runner restored: Dansk Derby (Nordlys)", []],
      ["delete", "runner", "Runner deleted: Dansk Derby (Nordlys)", []],
      [
        "update",
        "runner",
        "Result recorded: Dansk Derby (Nordlys)",
        [
          { field: "Result", old: null, new: "2nd" },
          { field: "Prize Money", old: null, new: formatDkk(12_000_00) },
        ],
      ],
      [
        "update",
        "runner",
        "Runner updated: Dansk Derby (Nordlys)",
        [{ field: "Jockey", old: "A. Jensen", new: "B. Hansen" }],
      ],
      ["create", "runner", "Runner added: Dansk Derby (Nordlys)", []],
    ]);
  });
});
