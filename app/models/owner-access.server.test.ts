import { describe, expect, test } from "vitest";
import { createUser } from "@tests/auth";
import { useFreshDatabase } from "@tests/db";
import { horseEdit } from "@tests/horses";
import { createGuest, createOwner, revokeLeavingSessions, testHorse } from "@tests/owners";
import { restoreFromTrash } from "~/trash/trash.server";
import { deleteHorse, updateHorse } from "./horse.server";
import {
  findVisibleHorse,
  horseAudience,
  listVisibleHorses,
  mayViewHorse,
  maySeeHorsePrivate,
} from "./owner-access.server";
import { revokeOwner, updateOwner } from "./owner-account.server";
import { saveOwnerSettings } from "./owner-notice-settings.server";

useFreshDatabase();

async function stable() {
  const [x, y] = [await testHorse("Xenia"), await testHorse("Yrsa")];
  const a = await createOwner({ horseIds: [x.id], name: "Anna" });
  const b = await createOwner({ horseIds: [y.id], name: "Bo" });
  const guest = await createGuest(a.id, { name: "Gitte" });
  return { x, y, a, b, guest };
}

const names = async (userId: string) => (await listVisibleHorses(userId)).map((h) => h.name);

describe("who may see a horse's private things", () => {
  test("its owners and their guests; not another owner, an invited or revoked account, or a visitor", async () => {
    const { x, y, a, b, guest } = await stable();
    const invited = await createOwner({ horseIds: [x.id], active: false });
    const admin = await createUser({ admin: true });
    expect(await names(a.id)).toEqual(["Xenia"]);
    expect(await names(b.id)).toEqual(["Yrsa"]);
    expect(await names(guest.id)).toEqual(["Xenia"]);
    expect(await names(invited.id)).toEqual([]);
    expect(await mayViewHorse(b.id, x.id)).toBe(false);
    expect(await maySeeHorsePrivate({ id: admin.id, isAdmin: true }, x.id)).toBe(true);
    expect(await maySeeHorsePrivate({ id: guest.id, isAdmin: false }, x.id)).toBe(true);
    expect(await maySeeHorsePrivate({ id: b.id, isAdmin: false }, x.id)).toBe(false);
    expect(await maySeeHorsePrivate(null, x.id)).toBe(false);
    expect(await maySeeHorsePrivate({ id: admin.id, isAdmin: false }, x.id)).toBe(false);
    expect(await findVisibleHorse(b.id, x.slug)).toBeNull();
    expect(await findVisibleHorse(a.id, x.slug)).toMatchObject({ horse: { id: x.id } });
    expect(await findVisibleHorse(a.id, "no-such-horse")).toBeNull();
    expect(y).toBeDefined();
  });

  test("a revoked owner's guests lose it with them, even with the state changed alone", async () => {
    const { x, a, guest } = await stable();
    await revokeLeavingSessions(a.id);
    expect(await mayViewHorse(a.id, x.id)).toBe(false);
    expect(await mayViewHorse(guest.id, x.id)).toBe(false);
  });

  test("deleting a horse hides it from its owners; restoring it gives access back", async () => {
    const { x, a, guest } = await stable();
    const trashed = await deleteHorse(x.id);
    expect(await names(a.id)).toEqual([]);
    expect(await findVisibleHorse(a.id, x.slug)).toBeNull();
    expect(await horseAudience(x.id)).toEqual([]);
    await restoreFromTrash(trashed!.trashId);
    expect(await names(a.id)).toEqual(["Xenia"]);
    expect(await mayViewHorse(guest.id, x.id)).toBe(true);
  });

  test("a renamed horse's old owners' address leads to the new one, for its owners only", async () => {
    const { x, a, b } = await stable();
    await updateHorse(
      x.id,
      horseEdit({ name: "Xenia", age: 4, color: "Bay", sire: "Sire", dam: "Dam" }, { name: "Xanthe" }),
    );
    expect(await findVisibleHorse(a.id, "xenia")).toEqual({ redirectTo: "xanthe" });
    expect(await findVisibleHorse(b.id, "xenia")).toBeNull();
  });

  test("unlinking a horse ends its owner's access", async () => {
    const { x, y, a } = await stable();
    await updateOwner(a.id, { name: "Anna", language: "en", horseIds: [y.id] });
    expect(await mayViewHorse(a.id, x.id)).toBe(false);
    expect(await names(a.id)).toEqual(["Yrsa"]);
  });
});

describe("a horse's audience", () => {
  test("is its active owners and guests with their notice settings, nobody revoked", async () => {
    const { x, a, guest } = await stable();
    const second = await createOwner({ horseIds: [x.id], name: "Carl" });
    await saveOwnerSettings(guest.id, {
      language: "da",
      notices: { entry: false, declaration: false, withdrawal: false, result: true, update: true },
    });
    const audience = await horseAudience(x.id);
    expect(audience.map((p) => p.name).sort()).toEqual(["Anna", "Carl", "Gitte"]);
    expect(audience.find((p) => p.userId === guest.id)).toMatchObject({
      role: "guest",
      language: "da",
      notices: { entry: false, result: true },
    });
    await revokeOwner(a.id);
    expect((await horseAudience(x.id)).map((p) => p.userId)).toEqual([second.id]);
  });
});
