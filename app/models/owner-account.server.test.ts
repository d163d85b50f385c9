import { describe, expect, test } from "vitest";
import { createUser, createSession } from "@tests/auth";
import { useFreshDatabase } from "@tests/db";
import { createGuest, createOwner, testHorse } from "@tests/owners";
import { hashNewPassword } from "~/auth/accounts.server";
import { getUser } from "~/auth/auth.server";
import { buildRequest } from "@tests/auth";
import { runAs, type Actor } from "~/platform/actor.server";
import { db } from "~/platform/db.server";
import { purgeFromTrash } from "~/trash/trash.server";
import { listActivity } from "./activity.server";
import { deleteHorse } from "./horse.server";
import { listQueuedMail } from "./mail-queue.server";
import {
  acceptInvitation,
  AccountTakenError,
  AlreadyActiveError,
  findInvitation,
  getOwnerAccount,
  GuestLimitError,
  inviteGuest,
  inviteOwner,
  issueInvitationLink,
  listGuests,
  listOwners,
  ownerStanding,
  pruneLinksOfPurgedHorses,
  removeGuest,
  resendInvitation,
  revokeOwner,
  saveOwnerSettings,
  turnOffNotice,
  UnknownHorseError,
  updateOwner,
} from "./owner-account.server";
import { GUEST_LIMIT, INVITATION_VALID_MS } from "./owner-account";

useFreshDatabase();

const admin: Actor = {
  userId: "admin-1",
  email: "admin@example.com",
  via: "dashboard",
  origin: "http://localhost:3000",
};

async function credentials(userId: string) {
  return db().selectFrom("accounts").select("id").where("user_id", "=", userId).execute();
}

async function sessions(userId: string) {
  return db().selectFrom("sessions").select("id").where("user_id", "=", userId).execute();
}

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
    expect(await credentials(invited.userId)).toEqual([]);
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

describe("the invitation link", () => {
  test("is made as the mail is sent, retires the older one, works once and for 7 days", async () => {
    const x = await testHorse("Xenia");
    await inviteOwner({ name: "Anna", email: "anna@example.com", language: "en", horseIds: [x.id] });
    const now = new Date("2026-06-01T10:00:00Z");
    const first = (await issueInvitationLink("anna@example.com", now))!;
    const second = (await issueInvitationLink("anna@example.com", now))!;
    expect(first.token).not.toBe(second.token);
    expect(second.expiresAt).toBe(new Date(now.getTime() + INVITATION_VALID_MS).toISOString());
    expect(await findInvitation(first.token, now)).toBeNull();
    expect(await findInvitation(second.token, now)).toMatchObject({ email: "anna@example.com", role: "owner" });
    const late = new Date(now.getTime() + INVITATION_VALID_MS + 1000);
    expect(await findInvitation(second.token, late)).toBeNull();
    expect((await listOwners(late))[0]!.status).toBe("expired");

    const hash = await hashNewPassword("Paddock-Gallop-2024");
    expect(await acceptInvitation(second.token, hash, late)).toBeNull();
    const accepted = await acceptInvitation(second.token, hash, now);
    expect(accepted).toMatchObject({ email: "anna@example.com", language: "en" });
    expect(await acceptInvitation(second.token, hash, now)).toBeNull();
    expect((await getOwnerAccount(accepted!.userId))!.state).toBe("active");
    expect(await credentials(accepted!.userId)).toHaveLength(1);
    expect(await issueInvitationLink("anna@example.com")).toBeNull();
    const { entries } = await listActivity({ kind: "accept" });
    expect(entries.map((e) => [e.summary, e.via, e.actorEmail])).toEqual([
      ["Invitation accepted: Anna (anna@example.com)", "owners", "anna@example.com"],
    ]);
  });

  test("a new invitation is refused to an active account and queued for an invited or revoked one", async () => {
    const x = await testHorse("Xenia");
    const active = await createOwner({ horseIds: [x.id] });
    const invited = await createOwner({ horseIds: [x.id], active: false });
    await expect(resendInvitation(active.id)).rejects.toBeInstanceOf(AlreadyActiveError);
    expect(await resendInvitation(invited.id)).toMatchObject({ email: invited.email });
    await revokeOwner(active.id);
    expect(await resendInvitation(active.id)).toMatchObject({ email: active.email });
    expect((await getOwnerAccount(active.id))!.state).toBe("invited");
    expect(await resendInvitation("no-such-owner")).toBeNull();
    expect((await listQueuedMail({ kind: "owner-invitation" })).map((m) => m.toAddress).sort()).toEqual(
      [active.email, active.email, invited.email, invited.email].sort(),
    );
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
      expect(await sessions(id)).toEqual([]);
      expect(await credentials(id)).toEqual([]);
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

describe("guests", () => {
  test("an active owner invites up to five; removing one ends its account", async () => {
    const x = await testHorse("Xenia");
    const owner = await createOwner({ horseIds: [x.id] });
    const guests = [];
    for (let i = 0; i < GUEST_LIMIT; i++) guests.push(await createGuest(owner.id, { active: i % 2 === 0 }));
    await expect(
      inviteGuest(owner.id, { name: "Sixth", email: "sixth@example.com", language: "en" }),
    ).rejects.toBeInstanceOf(GuestLimitError);
    expect(await listGuests(owner.id)).toHaveLength(GUEST_LIMIT);

    const [first] = guests;
    await createSession(first!);
    const other = await createOwner({ horseIds: [x.id] });
    expect(await removeGuest(other.id, first!.id)).toBeNull();
    expect(await removeGuest(owner.id, first!.id)).toEqual({ name: first!.name, email: first!.email });
    expect(await sessions(first!.id)).toEqual([]);
    expect(await db().selectFrom("users").select("id").where("id", "=", first!.id).execute()).toEqual([]);
    expect(await inviteGuest(owner.id, { name: "Sixth", email: "sixth@example.com", language: "da" })).toMatchObject({
      email: "sixth@example.com",
    });
  });

  test("only an active owner may invite; a guest is never a host", async () => {
    const x = await testHorse("Xenia");
    const invited = await createOwner({ horseIds: [x.id], active: false });
    const owner = await createOwner({ horseIds: [x.id] });
    const guest = await createGuest(owner.id);
    expect(await inviteGuest(invited.id, { name: "G", email: "g1@example.com", language: "en" })).toBeNull();
    expect(await inviteGuest(guest.id, { name: "G", email: "g2@example.com", language: "en" })).toBeNull();
    await expect(inviteGuest(owner.id, { name: "G", email: owner.email, language: "en" })).rejects.toBeInstanceOf(
      AccountTakenError,
    );
  });

  test("two invitations at the same moment cannot pass the limit", async () => {
    const x = await testHorse("Xenia");
    const owner = await createOwner({ horseIds: [x.id] });
    for (let i = 0; i < GUEST_LIMIT - 1; i++) await createGuest(owner.id, { active: false });
    const results = await Promise.allSettled(
      ["a", "b", "c"].map((n) => inviteGuest(owner.id, { name: n, email: `${n}@example.com`, language: "en" })),
    );
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    expect(await listGuests(owner.id)).toHaveLength(GUEST_LIMIT);
  });
});

describe("settings", () => {
  test("are the person's own: language and each kind of notice; the unsubscribe link turns one off", async () => {
    const x = await testHorse("Xenia");
    const owner = await createOwner({ horseIds: [x.id] });
    const notices = { entry: false, declaration: true, withdrawal: false, result: true, update: true };
    expect(await saveOwnerSettings(owner.id, { language: "da", notices })).toBe(true);
    expect(await getOwnerAccount(owner.id)).toMatchObject({ language: "da", notices });
    expect(await turnOffNotice(owner.id, "result")).toEqual({ changed: true });
    expect(await turnOffNotice(owner.id, "result")).toEqual({ changed: false });
    expect((await getOwnerAccount(owner.id))!.notices).toEqual({ ...notices, result: false });
    await revokeOwner(owner.id);
    expect(await turnOffNotice(owner.id, "update")).toBeNull();
    expect(await saveOwnerSettings(owner.id, { language: "en", notices })).toBe(false);
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
