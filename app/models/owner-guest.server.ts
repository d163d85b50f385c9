import type { Kysely, Selectable, Transaction } from "kysely";
import type { Database, WithheldInvitationsTable } from "@db/schema";
import { db, lockFor } from "~/platform/db.server";
import { recordActivity } from "./activity.server";
import { accountLabel, GUEST_LIMIT, INVITATION_VALID_MS, NOTICE_KINDS, type OwnerLanguage } from "./owner-account";
import {
  createInvitedAccount,
  normaliseEmail,
  selectAccounts,
  toAccount,
  type OwnerAccount,
} from "./owner-account.server";

/**
 * An owner's guests: read-only, the owner's horses only, at most GUEST_LIMIT at a time (docs/decisions/0200).
 * An invitation to an address that already has an account is withheld: nothing is made or sent, but
 * the owner's list shows it like any other, so the form never tells who has an account (0222).
 */

type Q = Kysely<Database>;

/** An owner has as many guests as allowed. */
export class GuestLimitError extends Error {
  constructor() {
    super(`An owner may have at most ${GUEST_LIMIT} guests`);
  }
}

/** The owner's own address, or a guest already on their list: they know it, so the form may say so. */
export class OnYourListError extends Error {
  constructor(readonly which: "self" | "guest") {
    super(which === "self" ? "The address is the owner's own" : "The address is on the owner's list already");
  }
}

/** The guests of an owner who still have access or an invitation (revoked ones do not count), withheld ones included. */
export async function countGuests(q: Q, hostId: string) {
  const [accounts, withheld] = await Promise.all([
    q
      .selectFrom("owner_accounts")
      .select((eb) => eb.fn.countAll<number | string>().as("n"))
      .where("host_id", "=", hostId)
      .where("state", "<>", "revoked")
      .executeTakeFirstOrThrow(),
    q
      .selectFrom("withheld_invitations")
      .select((eb) => eb.fn.countAll<number | string>().as("n"))
      .where("host_id", "=", hostId)
      .executeTakeFirstOrThrow(),
  ]);
  return Number(accounts.n) + Number(withheld.n);
}

type WithheldRow = Selectable<WithheldInvitationsTable>;

/** A withheld invitation as the owner's list shows any invitation: invited, expired after 7 days. */
function withheldAsGuest(r: WithheldRow, now: Date): OwnerAccount {
  const expires = new Date(Date.parse(r.invited_at) + INVITATION_VALID_MS).toISOString();
  return {
    userId: r.id,
    email: r.email,
    role: "guest",
    hostId: r.host_id,
    name: r.name,
    language: r.language,
    state: "invited",
    status: expires <= now.toISOString() ? "expired" : "invited",
    invitedAt: r.invited_at,
    inviteExpiresAt: expires,
    activatedAt: null,
    revokedAt: null,
    notices: Object.fromEntries(NOTICE_KINDS.map((kind) => [kind, true])) as OwnerAccount["notices"],
  };
}

/** Whose the address is, as far as the host may be told: null (nobody's), theirs or their guest's, or someone else's. */
async function addressFor(trx: Transaction<Database>, hostId: string, email: string) {
  const [account, withheld] = await Promise.all([
    trx
      .selectFrom("users as u")
      .leftJoin("owner_accounts as o", "o.user_id", "u.id")
      .select(["u.id", "o.host_id"])
      .where("u.email", "=", email)
      .executeTakeFirst(),
    trx
      .selectFrom("withheld_invitations")
      .select("id")
      .where("host_id", "=", hostId)
      .where("email", "=", email)
      .executeTakeFirst(),
  ]);
  if (account?.id === hostId) return "self";
  if (account?.host_id === hostId || withheld) return "guest";
  return account ? "elsewhere" : null;
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
      const address = await addressFor(trx, hostId, normaliseEmail(values.email));
      if (address === "self" || address === "guest") throw new OnYourListError(address);
      if (address === "elsewhere") return withhold(trx, hostId, host.name, values, now);
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

/** An invitation kept instead of sent: the address has an account (an administrator's, another owner's…). */
async function withhold(
  trx: Transaction<Database>,
  hostId: string,
  hostName: string,
  values: GuestInvitation,
  now: Date,
) {
  const id = crypto.randomUUID();
  const email = normaliseEmail(values.email);
  await trx
    .insertInto("withheld_invitations")
    .values({
      id,
      host_id: hostId,
      name: values.name,
      email,
      language: values.language,
      invited_at: now.toISOString(),
      created_at: now.toISOString(),
    })
    .execute();
  await recordActivity(
    {
      kind: "invite",
      entity: "guest",
      entityId: id,
      summary: `Guest invitation by ${hostName} not sent, the address has an account: ${accountLabel({ name: values.name, email })}`,
    },
    { trx },
  );
  return { userId: id, email, name: values.name };
}

/** A withheld invitation "sent again": its owner sees it renewed, as any; nothing goes out. Null when not theirs. */
export async function renewWithheld(trx: Transaction<Database>, hostId: string, id: string, now: Date) {
  const row = await trx
    .updateTable("withheld_invitations")
    .set({ invited_at: now.toISOString() })
    .where("id", "=", id)
    .where("host_id", "=", hostId)
    .returning(["name", "email"])
    .executeTakeFirst();
  return row ?? null;
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
      if (!guest) {
        const withheld = await trx
          .deleteFrom("withheld_invitations")
          .where("id", "=", guestId)
          .where("host_id", "=", hostId)
          .returning(["name", "email"])
          .executeTakeFirst();
        if (withheld) {
          await recordActivity(
            {
              kind: "revoke",
              entity: "guest",
              entityId: guestId,
              summary: `Guest invitation removed: ${accountLabel(withheld)}`,
            },
            { trx },
          );
        }
        return withheld ?? null;
      }
      await trx.deleteFrom("users").where("id", "=", guestId).execute();
      await recordActivity(
        { kind: "revoke", entity: "guest", entityId: guestId, summary: `Guest removed: ${accountLabel(guest)}` },
        { trx },
      );
      return { name: guest.name, email: guest.email };
    });
}

/**
 * The stable removes a guest of any owner, in any state (its account and sessions go), or an owner's
 * withheld invitation; logged in the administrator's name. Null when there is no such guest.
 */
export async function removeGuestAsStable(guestId: string): Promise<{ name: string; email: string } | null> {
  return db()
    .transaction()
    .execute(async (trx) => {
      const guest = await trx
        .selectFrom("owner_accounts as o")
        .innerJoin("users as u", "u.id", "o.user_id")
        .leftJoin("owner_accounts as h", "h.user_id", "o.host_id")
        .select(["o.name", "u.email", "h.name as host_name"])
        .where("o.user_id", "=", guestId)
        .where("o.role", "=", "guest")
        .executeTakeFirst();
      const withheld = guest
        ? undefined
        : await trx
            .selectFrom("withheld_invitations as w")
            .innerJoin("owner_accounts as h", "h.user_id", "w.host_id")
            .select(["w.name", "w.email", "h.name as host_name"])
            .where("w.id", "=", guestId)
            .executeTakeFirst();
      const found = guest ?? withheld;
      if (!found) return null;
      if (guest) await trx.deleteFrom("users").where("id", "=", guestId).execute();
      else await trx.deleteFrom("withheld_invitations").where("id", "=", guestId).execute();
      await recordActivity(
        {
          kind: "revoke",
          entity: "guest",
          entityId: guestId,
          summary: `${guest ? "Guest" : "Guest invitation"} removed by the stable: ${accountLabel(found)}, guest of ${found.host_name ?? "an owner"}`,
        },
        { trx },
      );
      return { name: found.name, email: found.email };
    });
}

/** One of the owner's guests (a withheld invitation too), or null when it is not theirs. */
export async function getGuest(hostId: string, guestId: string, now = new Date()): Promise<OwnerAccount | null> {
  return (await listGuests(hostId, now)).find((g) => g.userId === guestId) ?? null;
}

const byNameAndEmail = (a: { name: string; email: string }, b: { name: string; email: string }) =>
  a.name.localeCompare(b.name, "da") || a.email.localeCompare(b.email, "da");

/** An owner's guests as the owner sees them, by name: a withheld invitation looks like any other. */
export async function listGuests(hostId: string, now = new Date()): Promise<OwnerAccount[]> {
  const [rows, withheld] = await Promise.all([
    selectAccounts().where("o.host_id", "=", hostId).execute(),
    listWithheld([hostId]),
  ]);
  return [...rows.map((r) => toAccount(r, now)), ...withheld.map((w) => withheldAsGuest(w, now))].sort(byNameAndEmail);
}

/** The owners' withheld invitations, as the Owners tab shows them to the stable (which may know). */
export async function listWithheld(hostIds: readonly string[]): Promise<WithheldRow[]> {
  if (hostIds.length === 0) return [];
  return db().selectFrom("withheld_invitations").selectAll().where("host_id", "in", hostIds).execute();
}
