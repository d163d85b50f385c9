import { describe, expect, test } from "vitest";
import { createSession, createUser } from "@tests/auth";
import { useFreshDatabase } from "@tests/db";
import { createGuest, createOwner, sessionsOf, testHorse } from "@tests/owners";
import { runAs, type Actor } from "~/platform/actor.server";
import { db } from "~/platform/db.server";
import { GUEST_LIMIT, INVITATION_VALID_MS } from "./owner-account";
import { getOwnerAccount } from "./owner-account.server";
import { resendInvitation } from "./owner-invitation.server";
import { listActivity } from "./activity.server";
import { listQueuedMail } from "./mail-queue.server";
import {
  GuestLimitError,
  inviteGuest,
  listGuests,
  OnYourListError,
  removeGuest,
  removeGuestAsStable,
} from "./owner-guest.server";

useFreshDatabase();

const admin: Actor = { userId: "admin-1", email: "admin@example.com", via: "dashboard" };

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
    expect(await sessionsOf(first!.id)).toEqual([]);
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
      OnYourListError,
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

describe("an invitation to an address that has an account", () => {
  test("is withheld: no account, no mail, listed to its owner like any, counted, renewed and removed like any", async () => {
    const x = await testHorse("Xenia");
    const owner = await createOwner({ horseIds: [x.id] });
    const other = await createOwner({ horseIds: [x.id], email: "other@example.com" });
    const mailsBefore = (await listQueuedMail({ kind: "owner-invitation" })).length;
    const now = new Date("2026-06-01T10:00:00Z");
    const actor = { userId: owner.id, email: owner.email, via: "owners" as const };
    const held = await runAs(actor, () =>
      inviteGuest(owner.id, { name: "Ole", email: "OTHER@example.com", language: "da" }, now),
    );
    expect(held).toMatchObject({ email: "other@example.com", name: "Ole" });
    expect(await listQueuedMail({ kind: "owner-invitation" })).toHaveLength(mailsBefore);
    expect((await getOwnerAccount(other.id))!.role).toBe("owner");
    const [listed] = await listGuests(owner.id, now);
    expect(listed).toMatchObject({
      userId: held!.userId,
      name: "Ole",
      role: "guest",
      state: "invited",
      status: "invited",
    });
    expect((await listGuests(owner.id, new Date(now.getTime() + INVITATION_VALID_MS)))[0]!.status).toBe("expired");
    await expect(
      inviteGuest(owner.id, { name: "Ole", email: "other@example.com", language: "da" }),
    ).rejects.toBeInstanceOf(OnYourListError);
    for (let i = 0; i < GUEST_LIMIT - 1; i++) await createGuest(owner.id, { active: false });
    await expect(
      inviteGuest(owner.id, { name: "Sixth", email: "sixth@example.com", language: "en" }),
    ).rejects.toBeInstanceOf(GuestLimitError);
    const later = new Date(now.getTime() + INVITATION_VALID_MS);
    expect(await resendInvitation(held!.userId, { hostId: owner.id, now: later })).toEqual({
      name: "Ole",
      email: "other@example.com",
    });
    expect((await listGuests(owner.id, later)).find((g) => g.userId === held!.userId)!.status).toBe("invited");
    expect(await listQueuedMail({ kind: "owner-invitation" })).toHaveLength(mailsBefore + GUEST_LIMIT - 1);
    expect(await removeGuest(other.id, held!.userId)).toBeNull();
    expect(await removeGuest(owner.id, held!.userId)).toEqual({ name: "Ole", email: "other@example.com" });
    expect((await listGuests(owner.id)).map((g) => g.userId)).not.toContain(held!.userId);
    const { entries } = await listActivity({ kind: "invite" });
    expect(entries.map((e) => e.summary)).toContain(
      `Guest invitation by ${owner.name} not sent, the address has an account: Ole (other@example.com)`,
    );
  });
});

describe("the stable removing a guest", () => {
  test("any guest, of any owner, in any state, and a withheld invitation; logged", async () => {
    const x = await testHorse("Xenia");
    const host = await createOwner({ horseIds: [x.id], name: "Anna Holm" });
    const guest = await createGuest(host.id, { name: "Gitte" });
    await createSession(guest);
    expect(await runAs(admin, () => removeGuestAsStable(guest.id))).toEqual({ name: "Gitte", email: guest.email });
    expect(await getOwnerAccount(guest.id)).toBeNull();
    expect(await sessionsOf(guest.id)).toEqual([]);
    expect(await runAs(admin, () => removeGuestAsStable(host.id))).toBeNull();
    await createUser({ email: "someone@example.com" });
    const withheld = (await inviteGuest(host.id, { name: "Ole", email: "someone@example.com", language: "en" }))!;
    expect(await runAs(admin, () => removeGuestAsStable(withheld.userId))).toEqual({
      name: "Ole",
      email: "someone@example.com",
    });
    expect(await listGuests(host.id)).toEqual([]);
    const { entries } = await listActivity({ kind: "revoke" });
    expect(entries.map((e) => e.summary)).toContain(
      `Guest removed by the stable: Gitte (${guest.email}), guest of Anna Holm`,
    );
  });
});
