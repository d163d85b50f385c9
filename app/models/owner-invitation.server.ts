import { db, lockFor } from "~/platform/db.server";
import { randomToken, tokenHash } from "~/platform/signed-token.server";
import { recordActivity } from "./activity.server";
import { accountLabel, GUEST_LIMIT, INVITATION_VALID_MS, type OwnerLanguage, type OwnerRole } from "./owner-account";
import {
  AlreadyActiveError,
  authInstant,
  normaliseEmail,
  queueInvitation,
  selectAccounts,
} from "./owner-account.server";
import { countGuests, GuestLimitError, renewWithheld } from "./owner-guest.server";

/**
 * Invitation links: sent again on request, made as their mail is sent (7 days, one use, only the
 * hash stored, the newest retiring the older), looked up and accepted with the new password.
 */

/**
 * A new invitation for an invited (or expired, or revoked) account: an owner by the administrator
 * (`hostId` undefined), a guest by its owner. The link is made when the mail is sent and retires the
 * older one. Null when there is no such account; AlreadyActiveError for an active one.
 */
export async function resendInvitation(
  userId: string,
  { hostId, now = new Date() }: { hostId?: string; now?: Date } = {},
): Promise<{ name: string; email: string } | null> {
  return db()
    .transaction()
    .execute(async (trx) => {
      if (hostId) await lockFor(trx, `owner-guests:${hostId}`);
      const row = await selectAccounts(trx)
        .where("o.user_id", "=", userId)
        .where("o.role", "=", hostId ? "guest" : "owner")
        .$if(!!hostId, (q) => q.where("o.host_id", "=", hostId!))
        .executeTakeFirst();
      if (!row) return hostId ? renewWithheld(trx, hostId, userId, now) : null;
      if (row.state === "active") throw new AlreadyActiveError();
      if (hostId && row.state === "revoked" && (await countGuests(trx, hostId)) >= GUEST_LIMIT) {
        throw new GuestLimitError();
      }
      await trx
        .updateTable("owner_accounts")
        .set({
          state: "invited",
          revoked_at: null,
          invited_at: now.toISOString(),
          invite_token_hash: null,
          invite_expires_at: null,
        })
        .where("user_id", "=", userId)
        .execute();
      await queueInvitation(trx, row.email, now);
      await recordActivity(
        {
          kind: "invite",
          entity: row.role,
          entityId: userId,
          summary: `${row.role === "guest" ? "Guest" : "Owner"} invited again: ${accountLabel(row)}`,
        },
        { trx },
      );
      return { name: row.name, email: row.email };
    });
}

export type InvitationLink = {
  token: string;
  userId: string;
  email: string;
  name: string;
  language: OwnerLanguage;
  role: OwnerRole;
  /** A guest's owner, who invited them. */
  hostName: string | null;
  expiresAt: string;
};

/**
 * A new invitation link for an invited account, made as its mail is sent: valid for 7 days, it
 * retires the account's older one. Null when the address has no invited account (access given,
 * revoked or removed meanwhile): there is nothing to send.
 */
export async function issueInvitationLink(email: string, now = new Date()): Promise<InvitationLink | null> {
  const row = await db()
    .selectFrom("owner_accounts as o")
    .innerJoin("users as u", "u.id", "o.user_id")
    .leftJoin("owner_accounts as h", "h.user_id", "o.host_id")
    .select(["o.user_id", "u.email", "o.name", "o.language", "o.role", "h.name as host_name", "h.state as host_state"])
    .where("u.email", "=", normaliseEmail(email))
    .where("o.state", "=", "invited")
    .executeTakeFirst();
  if (!row || (row.role === "guest" && row.host_state !== "active")) return null;
  const token = randomToken();
  const expiresAt = new Date(now.getTime() + INVITATION_VALID_MS).toISOString();
  const result = await db()
    .updateTable("owner_accounts")
    .set({ invite_token_hash: tokenHash(token), invite_expires_at: expiresAt })
    .where("user_id", "=", row.user_id)
    .where("state", "=", "invited")
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) return null;
  return {
    token,
    userId: row.user_id,
    email: row.email,
    name: row.name,
    language: row.language,
    role: row.role,
    hostName: row.host_name,
    expiresAt,
  };
}

export type PendingInvitation = {
  userId: string;
  email: string;
  name: string;
  language: OwnerLanguage;
  role: OwnerRole;
};

/** The invited account a live invitation link belongs to, or null (used, expired, ended or made up). */
export async function findInvitation(token: string, now = new Date()): Promise<PendingInvitation | null> {
  const row = await db()
    .selectFrom("owner_accounts as o")
    .innerJoin("users as u", "u.id", "o.user_id")
    .select(["o.user_id", "u.email", "o.name", "o.language", "o.role"])
    .where("o.invite_token_hash", "=", tokenHash(token))
    .where("o.state", "=", "invited")
    .where("o.invite_expires_at", ">", now.toISOString())
    .executeTakeFirst();
  return row ? { userId: row.user_id, email: row.email, name: row.name, language: row.language, role: row.role } : null;
}

/**
 * Uses an invitation link up (once: the first use wins) and gives the account its password, already
 * hashed by the sign-in library, in one transaction. Null when the link is not live.
 */
export async function acceptInvitation(
  token: string,
  passwordHash: string,
  now = new Date(),
): Promise<PendingInvitation | null> {
  return db()
    .transaction()
    .execute(async (trx) => {
      const accepted = await trx
        .updateTable("owner_accounts")
        .set({ state: "active", activated_at: now.toISOString(), invite_token_hash: null, invite_expires_at: null })
        .where("invite_token_hash", "=", tokenHash(token))
        .where("state", "=", "invited")
        .where("invite_expires_at", ">", now.toISOString())
        .returning(["user_id", "name", "language", "role"])
        .executeTakeFirst();
      if (!accepted) return null;
      const userId = accepted.user_id;
      const at = authInstant(now);
      await trx.deleteFrom("accounts").where("user_id", "=", userId).where("provider_id", "=", "credential").execute();
      await trx
        .insertInto("accounts")
        .values({
          id: crypto.randomUUID(),
          user_id: userId,
          account_id: userId,
          provider_id: "credential",
          access_token: null,
          refresh_token: null,
          id_token: null,
          access_token_expires_at: null,
          refresh_token_expires_at: null,
          scope: null,
          password: passwordHash,
          created_at: at,
          updated_at: at,
        })
        .execute();
      const { email } = await trx
        .selectFrom("users")
        .select("email")
        .where("id", "=", userId)
        .executeTakeFirstOrThrow();
      await recordActivity(
        {
          kind: "accept",
          entity: accepted.role,
          entityId: userId,
          summary: `Invitation accepted: ${accountLabel({ name: accepted.name, email })}`,
        },
        { trx, actor: { userId, email, via: "owners" } },
      );
      return { userId, email, name: accepted.name, language: accepted.language, role: accepted.role };
    });
}
