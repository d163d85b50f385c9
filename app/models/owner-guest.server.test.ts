import { describe, expect, test } from "vitest";
import { createSession } from "@tests/auth";
import { useFreshDatabase } from "@tests/db";
import { createGuest, createOwner, sessionsOf, testHorse } from "@tests/owners";
import { db } from "~/platform/db.server";
import { GUEST_LIMIT } from "./owner-account";
import { AccountTakenError } from "./owner-account.server";
import { GuestLimitError, inviteGuest, listGuests, removeGuest } from "./owner-guest.server";

useFreshDatabase();

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
