import type { Kysely } from "kysely";
import type { Database } from "@db/schema";
import { db, lockFor } from "~/platform/db.server";
import { recordActivity } from "./activity.server";
import { accountLabel, GUEST_LIMIT, type OwnerLanguage } from "./owner-account";
import { createInvitedAccount, selectAccounts, toAccount, type OwnerAccount } from "./owner-account.server";

/** An owner's guests: read-only, the owner's horses only, at most GUEST_LIMIT at a time (docs/decisions/0200). */

type Q = Kysely<Database>;

/** An owner has as many guests as allowed. */
export class GuestLimitError extends Error {
  constructor() {
    super(`An owner may have at most ${GUEST_LIMIT} guests`);
  }
}

/** The guests of an owner who still have access or an invitation (revoked ones do not count). */
export async function countGuests(q: Q, hostId: string) {
  const row = await q
    .selectFrom("owner_accounts")
    .select((eb) => eb.fn.countAll<number | string>().as("n"))
    .where("host_id", "=", hostId)
    .where("state", "<>", "revoked")
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export type GuestInvitation = { name: string; email: string; language: OwnerLanguage };

/**
 * An owner invites a guest (read-only, the owner's horses only): at most GUEST_LIMIT invited or
 * active at a time, counted under a lock so two invitations at once cannot pass it.
 */
export async function inviteGuest(hostId: string, values: GuestInvitation, now = new Date()) {
  return db()
    .transaction()
    .execute(async (trx) => {
      await lockFor(trx, `owner-guests:${hostId}`);
      const host = await trx
        .selectFrom("owner_accounts")
        .select(["name", "state", "role"])
        .where("user_id", "=", hostId)
        .executeTakeFirst();
      if (!host || host.role !== "owner" || host.state !== "active") return null;
      if ((await countGuests(trx, hostId)) >= GUEST_LIMIT) throw new GuestLimitError();
      const { userId, email } = await createInvitedAccount(trx, { ...values, role: "guest", hostId }, now);
      await recordActivity(
        {
          kind: "invite",
          entity: "guest",
          entityId: userId,
          summary: `Guest invited by ${host.name}: ${accountLabel({ name: values.name, email })}`,
        },
        { trx },
      );
      return { userId, email, name: values.name };
    });
}

/** Removes an owner's guest altogether (its sessions end with its account). Null when it is not theirs. */
export async function removeGuest(hostId: string, guestId: string): Promise<{ name: string; email: string } | null> {
  return db()
    .transaction()
    .execute(async (trx) => {
      const guest = await selectAccounts(trx)
        .where("o.user_id", "=", guestId)
        .where("o.role", "=", "guest")
        .where("o.host_id", "=", hostId)
        .executeTakeFirst();
      if (!guest) return null;
      await trx.deleteFrom("users").where("id", "=", guestId).execute();
      await recordActivity(
        { kind: "revoke", entity: "guest", entityId: guestId, summary: `Guest removed: ${accountLabel(guest)}` },
        { trx },
      );
      return { name: guest.name, email: guest.email };
    });
}

/** One of the owner's guests, or null when it is not theirs. */
export async function getGuest(hostId: string, guestId: string, now = new Date()): Promise<OwnerAccount | null> {
  const row = await selectAccounts()
    .where("o.user_id", "=", guestId)
    .where("o.role", "=", "guest")
    .where("o.host_id", "=", hostId)
    .executeTakeFirst();
  return row ? toAccount(row, now) : null;
}

export async function listGuests(hostId: string, now = new Date()): Promise<OwnerAccount[]> {
  const rows = await selectAccounts().where("o.host_id", "=", hostId).orderBy("o.name").orderBy("u.email").execute();
  return rows.map((r) => toAccount(r, now));
}
