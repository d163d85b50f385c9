import { describe, expect, test } from "vitest";
import { createUser, createSession } from "@tests/auth";
import { useFreshDatabase } from "@tests/db";
import { createGuest, createOwner, credentialsOf, sessionsOf, testHorse } from "@tests/owners";
import { getUser } from "~/auth/auth.server";
import { buildRequest } from "@tests/auth";
import { runAs, type Actor } from "~/platform/actor.server";
import { db } from "~/platform/db.server";
import { saveShareSet } from "./horse-share.server";
import { purgeFromTrash } from "~/trash/trash.server";
import { listActivity } from "./activity.server";
import { deleteHorse } from "./horse.server";
import { listQueuedMail } from "./mail-queue.server";
import {
  AccountTakenError,
  getOwnerAccount,
  inviteOwner,
  listOwners,
  ownerStanding,
  pruneLinksOfPurgedHorses,
  revokeOwner,
  UnknownHorseError,
  updateOwner,
} from "./owner-account.server";

useFreshDatabase();

const admin: Actor = {
  userId: "admin-1",
  email: "admin@example.com",
  via: "dashboard",
  origin: "http://localhost:3000",
};

describe("inviting an owner", () => {
  test("makes an invited account for the horses, queues the invitation and logs it", async () => {
    const [x, y] = [await testHorse("Xenia"), await testHorse("Yrsa")];
    const invited = await runAs(admin, () =>
      inviteOwner({ name: "Anna Holm", email: " Anna@Example.com ", language: "da", horseIds: [y.id, x.id] }),
    );
    expect(invited.email).toBe("anna@example.com");
    const [owner] = await listOwners();
    expect(owner).toMatchObject({
      name: "Anna Holm",
      email: "anna@example.com",
      role: "owner",
      language: "da",
      state: "invited",
      status: "invited",
      horses: [{ name: "Xenia" }, { name: "Yrsa" }],
      guests: [],
      notices: { entry: true, declaration: true, withdrawal: true, result: true, update: true },
    });
    const mail = await listQueuedMail({ kind: "owner-invitation" });
    expect(mail.map((m) => [m.toAddress, m.linkOrigin])).toEqual([["anna@example.com", "http://localhost:3000"]]);
    expect(await credentialsOf(invited.userId)).toEqual([]);
    const { entries } = await listActivity({ kind: "invite" });
    expect(entries.map((e) => e.summary)).toEqual(["Owner invited: Anna Holm (anna@example.com)"]);
    expect(entries[0]!.changes).toContainEqual({ field: "Horses", old: null, new: "Xenia, Yrsa" });
  });

  test("refuses an address that has an account, saying whose, and a horse that is not there", async () => {
    const x = await testHorse("Xenia");
    await createUser({ email: "boss@example.com", admin: true });
    await createUser({ email: "someone@example.com" });
    await createOwner({ email: "owner@example.com", horseIds: [x.id] });
    const invite = (email: string, horseIds = [x.id]) =>
      inviteOwner({ name: "N", email, language: "en", horseIds }).catch((error: unknown) => error);
    expect(await invite("BOSS@example.com")).toMatchObject({ holder: "admin" });
    expect(await invite("owner@example.com")).toMatchObject({ holder: "owner" });
    expect(await invite("someone@example.com")).toBeInstanceOf(AccountTakenError);
    expect(await invite("new@example.com", ["no-such-horse"])).toBeInstanceOf(UnknownHorseError);
    expect(await invite("new@example.com", [])).toBeInstanceOf(UnknownHorseError);
    expect((await listOwners()).map((o) => o.email)).toEqual(["owner@example.com"]);
    expect(await listQueuedMail({ kind: "owner-invitation" })).toHaveLength(1);
  });
});

describe("editing an owner", () => {
  test("changes name, language and horses, keeping the link to a horse in the trash", async () => {
    const [x, y, z] = [await testHorse("Xenia"), await testHorse("Yrsa"), await testHorse("Zelda")];
    const owner = await createOwner({ horseIds: [x.id, y.id], name: "Anna" });
    await deleteHorse(y.id);
    await runAs(admin, () => updateOwner(owner.id, { name: "Anna Holm", language: "da", horseIds: [z.id] }));
    const links = await db().selectFrom("owner_horses").select("horse_id").where("user_id", "=", owner.id).execute();
    expect(links.map((l) => l.horse_id).sort()).toEqual([y.id, z.id].sort());
    expect((await listOwners())[0]).toMatchObject({ name: "Anna Holm", language: "da", horses: [{ name: "Zelda" }] });
    const { entries } = await listActivity({ kind: "update" });
    expect(entries[0]!.changes).toEqual([
      { field: "Name", old: "Anna", new: "Anna Holm" },
      { field: "Language", old: "English", new: "Danish" },
      { field: "Horses", old: "Xenia", new: "Zelda" },
    ]);
    expect(await updateOwner("nobody", { name: "N", language: "en", horseIds: [z.id] })).toBeNull();
    await expect(updateOwner(owner.id, { name: "N", language: "en", horseIds: [] })).rejects.toBeInstanceOf(
      UnknownHorseError,
    );
  });
});

describe("revoking an owner", () => {
  test("ends their and their guests' sessions, passwords and links at once; the account stays listed", async () => {
    const x = await testHorse("Xenia");
    const owner = await createOwner({ horseIds: [x.id] });
    const guest = await createGuest(owner.id);
    const invitedGuest = await createGuest(owner.id, { active: false });
    const ownerCookie = (await createSession(owner)).cookie;
    await createSession(guest);
    expect(await getUser(buildRequest("/", { cookie: ownerCookie }))).toMatchObject({ owner: { role: "owner" } });

    const revoked = await runAs(admin, () => revokeOwner(owner.id));
    expect(revoked).toEqual({ name: owner.name, email: owner.email, guests: 2 });
    for (const id of [owner.id, guest.id]) {
      expect(await sessionsOf(id)).toEqual([]);
      expect(await credentialsOf(id)).toEqual([]);
      expect((await getOwnerAccount(id))!.state).toBe("revoked");
    }
    expect((await getOwnerAccount(invitedGuest.id))!.state).toBe("revoked");
    expect(await getUser(buildRequest("/", { cookie: ownerCookie }))).toBeNull();
    expect(await ownerStanding(guest.id)).toMatchObject({ active: false });
    const { entries } = await listActivity({ kind: "revoke" });
    expect(entries.map((e) => e.summary)).toEqual([
      `Owner access revoked: ${owner.name} (${owner.email}) and 2 guests`,
    ]);
    expect(await revokeOwner("nobody")).toBeNull();
    expect((await listOwners())[0]!.status).toBe("revoked");
  });
});

describe("housekeeping", () => {
  test("drops the links of a horse deleted for good, and keeps those of a horse in the trash", async () => {
    const [x, y] = [await testHorse("Xenia"), await testHorse("Yrsa")];
    const owner = await createOwner({ horseIds: [x.id, y.id] });
    const trashedX = await deleteHorse(x.id);
    const trashedY = await deleteHorse(y.id);
    await purgeFromTrash(trashedY!.trashId);
    expect(await pruneLinksOfPurgedHorses()).toBe(1);
    const links = await db().selectFrom("owner_horses").select("horse_id").where("user_id", "=", owner.id).execute();
    expect(links).toEqual([{ horse_id: x.id }]);
    expect(trashedX).not.toBeNull();
  });
});

describe("an address held by another account", () => {
  test("the refusal names who holds it; a pending or revoked owner or guest is taken over, logged", async () => {
    const x = await testHorse("Xenia");
    const host = await createOwner({ horseIds: [x.id], name: "Anna Holm" });
    const pending = await createGuest(host.id, { name: "Gitte", email: "gitte@example.com", active: false });
    const invite = (email: string, takeOver = false) =>
      runAs(admin, () => inviteOwner({ name: "New Owner", email, language: "en", horseIds: [x.id], takeOver })).catch(
        (error: unknown) => error,
      );

    const refused = await invite("gitte@example.com");
    expect(refused).toBeInstanceOf(AccountTakenError);
    expect((refused as AccountTakenError).held).toMatchObject({
      userId: pending.id,
      role: "guest",
      name: "Gitte",
      hostName: "Anna Holm",
      status: "invited",
    });
    const taken = (await invite("GITTE@example.com", true)) as { userId: string; email: string };
    expect(taken.email).toBe("gitte@example.com");
    expect(await getOwnerAccount(pending.id)).toBeNull();
    expect(await getOwnerAccount(taken.userId)).toMatchObject({ role: "owner", name: "New Owner", state: "invited" });

    // A revoked owner goes with their guests.
    const revoked = await createOwner({ horseIds: [x.id], name: "Rolf", email: "rolf@example.com" });
    const theirGuest = await createGuest(revoked.id, { name: "Rita" });
    await revokeOwner(revoked.id);
    expect(await invite("rolf@example.com", true)).toMatchObject({ email: "rolf@example.com" });
    expect(await getOwnerAccount(revoked.id)).toBeNull();
    expect(await getOwnerAccount(theirGuest.id)).toBeNull();

    // Someone with access, or an administrator, is not taken over: the refusal says who.
    const active = await createGuest(host.id, { name: "Bo", email: "bo@example.com" });
    const refusedActive = await invite("bo@example.com", true);
    expect(refusedActive).toBeInstanceOf(AccountTakenError);
    expect((refusedActive as AccountTakenError).held).toMatchObject({ name: "Bo", status: "active" });
    expect(await getOwnerAccount(active.id)).not.toBeNull();
    await createUser({ email: "boss@example.com", admin: true });
    expect(await invite("boss@example.com", true)).toMatchObject({ holder: "admin" });

    const { entries } = await listActivity({ kind: "revoke" });
    expect(entries.map((e) => e.summary)).toEqual(
      expect.arrayContaining([
        "Address taken over for a new owner: Gitte (gitte@example.com), guest of Anna Holm (invited), removed",
        "Address taken over for a new owner: Rolf (rolf@example.com), owner (revoked), removed with 1 guest",
      ]),
    );
  });

  test("a revoked owner who held a share of a horse is kept: their invoices name them", async () => {
    const x = await testHorse("Xenia");
    const revoked = await createOwner({ horseIds: [x.id], name: "Rolf", email: "rolf@example.com" });
    await saveShareSet(x.id, "2026-01-01", [{ ownerId: revoked.id, hundredths: 10000 }]);
    await revokeOwner(revoked.id);
    const refused = await runAs(admin, () =>
      inviteOwner({ name: "New Owner", email: "rolf@example.com", language: "en", horseIds: [x.id], takeOver: true }),
    ).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(AccountTakenError);
    expect((refused as AccountTakenError).held).toMatchObject({ name: "Rolf", status: "revoked" });
    expect(await getOwnerAccount(revoked.id)).not.toBeNull();
  });
});
