import fsp from "node:fs/promises";
import path from "node:path";
import { describe, expect, test, vi } from "vitest";
import { useFreshDatabase, testEngine } from "../../tests/db";
import { plainJpeg } from "../../tests/images";
import { listActivity } from "~/models/activity.server";
import { createHorse, deleteHorse, getHorse } from "~/models/horse.server";
import { listTrash, TRASH_RETENTION_MS, trashedImageUrls } from "~/models/trash.server";
import { createTeamMember, deleteTeamMember, listTeamMembers } from "~/models/team-member.server";
import { createWinner, deleteWinner, listWinnersWithHorses } from "~/models/winner.server";
import { runAs, type Actor } from "~/utils/actor.server";
import { db } from "~/utils/db.server";
import { env } from "~/utils/env.server";
import { storedFilesOf, storeImage } from "~/utils/images.server";
import { sweepMedia } from "~/utils/media-sweep.server";
import { mediaStorage } from "~/utils/media-storage.server";
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
});
