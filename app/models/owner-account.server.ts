import type { Kysely, Selectable, Transaction } from "kysely";
import type { AuthInstant, Database, OwnerAccountsTable } from "@db/schema";
import { currentActor, type Actor } from "~/platform/actor.server";
import { db, engine, lockFor } from "~/platform/db.server";
import { faultOf } from "~/platform/faults.server";
import { log } from "~/platform/log.server";
import { randomToken, tokenHash } from "~/platform/signed-token.server";
import { changedFields, recordActivity } from "./activity.server";
import { enqueueMail } from "./mail-queue.server";
import {
  GUEST_LIMIT,
  INVITATION_VALID_MS,
  NOTICE_KINDS,
  type AccountStatus,
  type NoticeSettings,
  type OwnerLanguage,
  type OwnerNoticeKind,
  type OwnerRole,
  type OwnerState,
} from "./owner-account";

/**
 * Owners' and guests' accounts: a `users` row (the sign-in library's, so they sign in like anyone)
 * with an `owner_accounts` row beside it. An account is invited (no password yet), active, or
 * revoked (no password, no session). Owners follow horses (`owner_horses`); a guest sees its
 * owner's. Who may see which horse is owner-access.server.ts. See docs/decisions/0200 to 0203.
 */

type Q = Kysely<Database>;

export type OwnerAccount = {
  userId: string;
  email: string;
  role: OwnerRole;
  /** A guest's owner. */
  hostId: string | null;
  name: string;
  language: OwnerLanguage;
  state: OwnerState;
  status: AccountStatus;
  invitedAt: string;
  inviteExpiresAt: string | null;
  activatedAt: string | null;
  revokedAt: string | null;
  notices: NoticeSettings;
};

export type LinkedHorse = { id: string; name: string; slug: string };

/** An owner as the Owners tab lists them: with the live horses they follow and their guests. */
export type OwnerListEntry = OwnerAccount & { horses: LinkedHorse[]; guests: OwnerAccount[] };

/** Attempts for an invitation or a notice mail (about four hours with the default backoff). */
export const OWNER_MAIL_ATTEMPTS = 10;

/** The column of each notice setting. */
export const NOTICE_COLUMNS = {
  entry: "notify_entries",
  declaration: "notify_declarations",
  withdrawal: "notify_withdrawals",
  result: "notify_results",
  update: "notify_updates",
} as const satisfies Record<OwnerNoticeKind, keyof OwnerAccountsTable>;

const NOTICE_NAMES: Record<OwnerNoticeKind, string> = {
  entry: "Entries",
  declaration: "Declarations",
  withdrawal: "Non-runners",
  result: "Results",
  update: "Updates",
};

const LANGUAGE_NAMES: Record<OwnerLanguage, string> = { en: "English", da: "Danish" };

/** The e-mail already has an account: an administrator's, an owner's or guest's, or another. */
export class AccountTakenError extends Error {
  constructor(readonly holder: "admin" | "owner" | "account") {
    super(`The e-mail address already has an account (${holder})`);
  }
}

/** An owner has as many guests as allowed. */
export class GuestLimitError extends Error {
  constructor() {
    super(`An owner may have at most ${GUEST_LIMIT} guests`);
  }
}

/** A horse chosen for an owner is not (or no longer) a live horse. */
export class UnknownHorseError extends Error {
  constructor() {
    super("A chosen horse does not exist");
  }
}

/** The account is active already: it needs no invitation. */
export class AlreadyActiveError extends Error {
  constructor() {
    super("The account is active already");
  }
}

export const normaliseEmail = (email: string) => email.trim().toLowerCase();

/** The auth tables' instants: Date on PostgreSQL, ISO text on SQLite (as the sign-in library writes them). */
function authInstant(at: Date): AuthInstant {
  return engine() === "postgres" ? at : at.toISOString();
}

const ACCOUNT_COLUMNS = [
  "o.user_id",
  "u.email",
  "o.role",
  "o.host_id",
  "o.name",
  "o.language",
  "o.state",
  "o.invited_at",
  "o.invite_expires_at",
  "o.activated_at",
  "o.revoked_at",
  "o.notify_entries",
  "o.notify_declarations",
  "o.notify_withdrawals",
  "o.notify_results",
  "o.notify_updates",
] as const;

function selectAccounts(q: Q = db()) {
  return q.selectFrom("owner_accounts as o").innerJoin("users as u", "u.id", "o.user_id").select(ACCOUNT_COLUMNS);
}

type AccountRow = Awaited<ReturnType<ReturnType<typeof selectAccounts>["execute"]>>[number];

export function noticeSettingsOf(row: Pick<Selectable<OwnerAccountsTable>, (typeof NOTICE_COLUMNS)[OwnerNoticeKind]>) {
  return Object.fromEntries(
    NOTICE_KINDS.map((kind) => [kind, Number(row[NOTICE_COLUMNS[kind]]) === 1]),
  ) as NoticeSettings;
}

function statusOf(state: OwnerState, expiresAt: string | null, now: Date): AccountStatus {
  return state === "invited" && expiresAt !== null && expiresAt <= now.toISOString() ? "expired" : state;
}

function toAccount(r: AccountRow, now = new Date()): OwnerAccount {
  return {
    userId: r.user_id,
    email: r.email,
    role: r.role,
    hostId: r.host_id,
    name: r.name,
    language: r.language,
    state: r.state,
    status: statusOf(r.state, r.invite_expires_at, now),
    invitedAt: r.invited_at,
    inviteExpiresAt: r.invite_expires_at,
    activatedAt: r.activated_at,
    revokedAt: r.revoked_at,
    notices: noticeSettingsOf(r),
  };
}

const label = (account: { name: string; email: string }) => `${account.name} (${account.email})`;

export async function getOwnerAccount(userId: string, q: Q = db()): Promise<OwnerAccount | null> {
  const row = await selectAccounts(q).where("o.user_id", "=", userId).executeTakeFirst();
  return row ? toAccount(row) : null;
}

/** Who an e-mail address belongs to already, if anyone. */
async function holderOf(q: Q, email: string): Promise<AccountTakenError["holder"] | null> {
  const row = await q
    .selectFrom("users as u")
    .leftJoin("user_roles as r", (join) => join.onRef("r.user_id", "=", "u.id").on("r.role", "=", "admin"))
    .leftJoin("owner_accounts as o", "o.user_id", "u.id")
    .select(["u.id", "r.role", "o.role as owner_role"])
    .where("u.email", "=", normaliseEmail(email))
    .executeTakeFirst();
  if (!row) return null;
  return row.role ? "admin" : row.owner_role ? "owner" : "account";
}

/** Whether the account is an owner's or a guest's (such an account is never made an administrator). */
export async function isOwnerAccount(userId: string): Promise<boolean> {
  const row = await db()
    .selectFrom("owner_accounts")
    .select("user_id")
    .where("user_id", "=", userId)
    .executeTakeFirst();
  return !!row;
}

function isEmailClash(error: unknown) {
  const text = error instanceof Error ? `${error.message} ${(error as { detail?: string }).detail ?? ""}` : "";
  return /email/i.test(text) && /unique|duplicate/i.test(text);
}

type NewAccount = {
  name: string;
  email: string;
  language: OwnerLanguage;
  role: OwnerRole;
  hostId: string | null;
};

/** A new invited account (no password) and its invitation mail, in the caller's transaction. */
async function createInvitedAccount(trx: Transaction<Database>, account: NewAccount, now: Date) {
  const email = normaliseEmail(account.email);
  const holder = await holderOf(trx, email);
  if (holder) throw new AccountTakenError(holder);
  const userId = crypto.randomUUID();
  const at = authInstant(now);
  try {
    await trx
      .insertInto("users")
      .values({
        id: userId,
        name: account.name,
        email,
        email_verified: engine() === "postgres" ? true : 1,
        image: null,
        created_at: at,
        updated_at: at,
      })
      .execute();
  } catch (error) {
    if (isEmailClash(error)) throw new AccountTakenError("account");
    throw error;
  }
  await trx
    .insertInto("owner_accounts")
    .values({
      user_id: userId,
      role: account.role,
      host_id: account.hostId,
      name: account.name,
      language: account.language,
      state: "invited",
      invited_at: now.toISOString(),
      created_at: now.toISOString(),
    })
    .execute();
  await queueInvitation(trx, email, now);
  return { userId, email };
}

/** The invitation mail; its link is made when it is sent (owner-invitation mail, app/owners). */
async function queueInvitation(trx: Transaction<Database>, email: string, now: Date) {
  await enqueueMail(
    {
      kind: "owner-invitation",
      toAddress: email,
      linkOrigin: currentActor()?.origin,
      attemptLimit: OWNER_MAIL_ATTEMPTS,
    },
    { executor: trx, now },
  );
}

/** The live horses among `ids`, by name; UnknownHorseError unless every one is live (and there is one). */
async function liveHorses(q: Q, ids: readonly string[]): Promise<LinkedHorse[]> {
  const wanted = [...new Set(ids)];
  if (wanted.length === 0) throw new UnknownHorseError();
  const rows = await q
    .selectFrom("horses")
    .select(["id", "name", "slug"])
    .where("id", "in", wanted)
    .orderBy("name")
    .execute();
  if (rows.length !== wanted.length) throw new UnknownHorseError();
  return rows.map((r) => ({ id: r.id, name: r.name, slug: r.slug ?? r.id }));
}

/** The live horses an owner follows (links to horses in the trash are kept, and not listed). */
async function linkedHorses(q: Q, userIds: readonly string[]) {
  if (userIds.length === 0) return [];
  return q
    .selectFrom("owner_horses as oh")
    .innerJoin("horses as h", "h.id", "oh.horse_id")
    .select(["oh.user_id", "h.id", "h.name", "h.slug"])
    .where("oh.user_id", "in", userIds)
    .orderBy("h.name")
    .execute();
}

const horseNames = (horses: { name: string }[]) => horses.map((h) => h.name).join(", ") || null;

export type OwnerInvitation = { name: string; email: string; language: OwnerLanguage; horseIds: string[] };

/** Invites an owner for one or more horses: the account, its links and the invitation mail, in one transaction. */
export async function inviteOwner(values: OwnerInvitation, now = new Date()) {
  return db()
    .transaction()
    .execute(async (trx) => {
      const horses = await liveHorses(trx, values.horseIds);
      const { userId, email } = await createInvitedAccount(trx, { ...values, role: "owner", hostId: null }, now);
      await trx
        .insertInto("owner_horses")
        .values(horses.map((h) => ({ user_id: userId, horse_id: h.id, created_at: now.toISOString() })))
        .execute();
      await recordActivity(
        {
          kind: "invite",
          entity: "owner",
          entityId: userId,
          summary: `Owner invited: ${label({ name: values.name, email })}`,
          changes: [
            { field: "Horses", old: null, new: horseNames(horses) },
            { field: "Language", old: null, new: LANGUAGE_NAMES[values.language] },
          ],
        },
        { trx },
      );
      return { userId, email, name: values.name };
    });
}

export type OwnerUpdate = { name: string; language: OwnerLanguage; horseIds: string[] };

/**
 * Changes an owner's name, language and horses. Only live horses are replaced: a link to a horse in
 * the trash stays, so restoring the horse gives the owner access back. Null when there is no such owner.
 */
export async function updateOwner(userId: string, values: OwnerUpdate): Promise<{ userId: string } | null> {
  return db()
    .transaction()
    .execute(async (trx) => {
      const before = await trx
        .selectFrom("owner_accounts as o")
        .innerJoin("users as u", "u.id", "o.user_id")
        .select(["o.name", "o.language", "u.email"])
        .where("o.user_id", "=", userId)
        .where("o.role", "=", "owner")
        .executeTakeFirst();
      if (!before) return null;
      const horses = await liveHorses(trx, values.horseIds);
      const current = await linkedHorses(trx, [userId]);
      const keep = new Set(horses.map((h) => h.id));
      const dropped = current.filter((h) => !keep.has(h.id)).map((h) => h.id);
      if (dropped.length) {
        await trx.deleteFrom("owner_horses").where("user_id", "=", userId).where("horse_id", "in", dropped).execute();
      }
      await trx
        .insertInto("owner_horses")
        .values(horses.map((h) => ({ user_id: userId, horse_id: h.id, created_at: new Date().toISOString() })))
        .onConflict((oc) => oc.columns(["user_id", "horse_id"]).doNothing())
        .execute();
      await trx
        .updateTable("owner_accounts")
        .set({ name: values.name, language: values.language })
        .where("user_id", "=", userId)
        .execute();
      await trx.updateTable("users").set({ name: values.name }).where("id", "=", userId).execute();
      const changes = changedFields(
        { name: before.name, language: LANGUAGE_NAMES[before.language], horses: horseNames(current) },
        { name: values.name, language: LANGUAGE_NAMES[values.language], horses: horseNames(horses) },
        { name: "Name", language: "Language", horses: "Horses" },
      );
      if (changes.length) {
        await recordActivity(
          {
            kind: "update",
            entity: "owner",
            entityId: userId,
            summary: `Owner updated: ${label({ name: values.name, email: before.email })}`,
            changes,
          },
          { trx },
        );
      }
      return { userId };
    });
}

/** The guests of an owner who still have access or an invitation (revoked ones do not count). */
async function countGuests(q: Q, hostId: string) {
  const row = await q
    .selectFrom("owner_accounts")
    .select((eb) => eb.fn.countAll<number | string>().as("n"))
    .where("host_id", "=", hostId)
    .where("state", "<>", "revoked")
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

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
      if (!row) return null;
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
          summary: `${row.role === "guest" ? "Guest" : "Owner"} invited again: ${label(row)}`,
        },
        { trx },
      );
      return { name: row.name, email: row.email };
    });
}

/**
 * Ends access at once for the users given, in the caller's transaction: no session, no password, no
 * pending invitation or reset link, no calendar address. Their accounts stay (revoked).
 */
async function endAccess(trx: Transaction<Database>, userIds: string[], now: Date) {
  if (userIds.length === 0) return;
  await trx
    .updateTable("owner_accounts")
    .set({ state: "revoked", revoked_at: now.toISOString(), invite_token_hash: null, invite_expires_at: null })
    .where("user_id", "in", userIds)
    .where("state", "<>", "revoked")
    .execute();
  await trx.deleteFrom("sessions").where("user_id", "in", userIds).execute();
  await trx.deleteFrom("accounts").where("user_id", "in", userIds).where("provider_id", "=", "credential").execute();
  // A reset link's row holds the user id (app/auth/auth.server.ts).
  await trx.deleteFrom("verifications").where("value", "in", userIds).execute();
  await trx.deleteFrom("owner_calendars").where("user_id", "in", userIds).execute();
  await trx.deleteFrom("owner_all_calendars").where("user_id", "in", userIds).execute();
}

/**
 * Revokes an owner's access, and their guests' with it: sessions end at once, passwords and links
 * stop working. The account stays listed, and a new invitation gives access back. Null when there
 * is no such owner.
 */
export async function revokeOwner(
  userId: string,
  now = new Date(),
): Promise<{ name: string; email: string; guests: number } | null> {
  return db()
    .transaction()
    .execute(async (trx) => {
      await lockFor(trx, `owner-guests:${userId}`);
      const owner = await selectAccounts(trx)
        .where("o.user_id", "=", userId)
        .where("o.role", "=", "owner")
        .executeTakeFirst();
      if (!owner) return null;
      const guests = await trx
        .selectFrom("owner_accounts")
        .select("user_id")
        .where("host_id", "=", userId)
        .where("state", "<>", "revoked")
        .execute();
      await endAccess(trx, [userId, ...guests.map((g) => g.user_id)], now);
      if (owner.state !== "revoked" || guests.length) {
        await recordActivity(
          {
            kind: "revoke",
            entity: "owner",
            entityId: userId,
            summary:
              `Owner access revoked: ${label(owner)}` +
              (guests.length ? ` and ${guests.length} guest${guests.length === 1 ? "" : "s"}` : ""),
          },
          { trx },
        );
      }
      return { name: owner.name, email: owner.email, guests: guests.length };
    });
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
          summary: `Guest invited by ${host.name}: ${label({ name: values.name, email })}`,
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
        { kind: "revoke", entity: "guest", entityId: guestId, summary: `Guest removed: ${label(guest)}` },
        { trx },
      );
      return { name: guest.name, email: guest.email };
    });
}

export async function listGuests(hostId: string, now = new Date()): Promise<OwnerAccount[]> {
  const rows = await selectAccounts().where("o.host_id", "=", hostId).orderBy("o.name").orderBy("u.email").execute();
  return rows.map((r) => toAccount(r, now));
}

/** Every owner, by name, with the live horses they follow and their guests. */
export async function listOwners(now = new Date()): Promise<OwnerListEntry[]> {
  const rows = await selectAccounts().orderBy("o.name").orderBy("u.email").execute();
  const accounts = rows.map((r) => toAccount(r, now));
  const owners = accounts.filter((a) => a.role === "owner");
  const horses = await linkedHorses(
    db(),
    owners.map((o) => o.userId),
  );
  return owners.map((owner) => ({
    ...owner,
    horses: horses
      .filter((h) => h.user_id === owner.userId)
      .map((h) => ({ id: h.id, name: h.name, slug: h.slug ?? h.id })),
    guests: accounts.filter((a) => a.hostId === owner.userId),
  }));
}

/** Where an owner's or guest's account stands when a session is looked up. */
export type OwnerStanding = {
  role: OwnerRole;
  name: string;
  language: OwnerLanguage;
  hostId: string | null;
  /** Active, and for a guest, its owner active too: anything else may not use the owners' area. */
  active: boolean;
};

/**
 * The account's standing in the owners' area, or null for an account that is no owner's or guest's.
 * A failed read is logged and counts as null (the account gets no owner's rights, and no admin's
 * either: those are checked apart); a database that cannot be reached is passed on, as an outage.
 */
export async function ownerStanding(userId: string): Promise<OwnerStanding | null> {
  let row;
  try {
    row = await db()
      .selectFrom("owner_accounts as o")
      .leftJoin("owner_accounts as h", "h.user_id", "o.host_id")
      .select(["o.role", "o.name", "o.language", "o.state", "o.host_id", "h.state as host_state"])
      .where("o.user_id", "=", userId)
      .executeTakeFirst();
  } catch (error) {
    if (faultOf(error)) throw error;
    log.error("owner standing not read; treating the account as no owner's", { userId, error });
    return null;
  }
  if (!row) return null;
  const active = row.state === "active" && (row.role === "owner" || row.host_state === "active");
  return { role: row.role, name: row.name, language: row.language, hostId: row.host_id, active };
}

export type OwnerSettings = { language: OwnerLanguage; notices: NoticeSettings };

/** The person's own settings (language, notices), as they save them on Settings. False: no such active account. */
export async function saveOwnerSettings(userId: string, settings: OwnerSettings): Promise<boolean> {
  return db()
    .transaction()
    .execute(async (trx) => {
      const before = await selectAccounts(trx)
        .where("o.user_id", "=", userId)
        .where("o.state", "=", "active")
        .executeTakeFirst();
      if (!before) return false;
      await trx
        .updateTable("owner_accounts")
        .set({
          language: settings.language,
          ...Object.fromEntries(NOTICE_KINDS.map((kind) => [NOTICE_COLUMNS[kind], settings.notices[kind] ? 1 : 0])),
        })
        .where("user_id", "=", userId)
        .execute();
      const shown = (language: OwnerLanguage, notices: NoticeSettings) => ({
        language: LANGUAGE_NAMES[language],
        notices: NOTICE_KINDS.filter((kind) => notices[kind])
          .map((kind) => NOTICE_NAMES[kind])
          .join(", "),
      });
      const changes = changedFields(
        shown(before.language, noticeSettingsOf(before)),
        shown(settings.language, settings.notices),
        {
          language: "Language",
          notices: "Notices",
        },
      );
      if (changes.length) {
        await recordActivity(
          {
            kind: "update",
            entity: before.role,
            entityId: userId,
            summary: `Settings saved: ${label(before)}`,
            changes,
          },
          { trx },
        );
      }
      return true;
    });
}

/**
 * Turns one kind of notice off (the unsubscribe link of a notice mail), in that person's name. Null
 * when there is no such active account; `changed` false when it was off already.
 */
export async function turnOffNotice(userId: string, kind: OwnerNoticeKind): Promise<{ changed: boolean } | null> {
  return db()
    .transaction()
    .execute(async (trx) => {
      const row = await selectAccounts(trx)
        .where("o.user_id", "=", userId)
        .where("o.state", "=", "active")
        .executeTakeFirst();
      if (!row) return null;
      if (!noticeSettingsOf(row)[kind]) return { changed: false };
      await trx
        .updateTable("owner_accounts")
        .set({ [NOTICE_COLUMNS[kind]]: 0 })
        .where("user_id", "=", userId)
        .execute();
      const actor: Actor = { userId, email: row.email, via: "owners" };
      await recordActivity(
        {
          kind: "update",
          entity: row.role,
          entityId: userId,
          summary: `Notices turned off by the unsubscribe link: ${NOTICE_NAMES[kind]}, ${label(row)}`,
        },
        { trx, actor },
      );
      return { changed: true };
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
          summary: `Invitation accepted: ${label({ name: accepted.name, email })}`,
        },
        { trx, actor: { userId, email, via: "owners" } },
      );
      return { userId, email, name: accepted.name, language: accepted.language, role: accepted.role };
    });
}

/**
 * Links and calendar addresses of horses deleted for good (out of the trash too) are of no use:
 * the housekeeping job removes them. A horse still in the trash keeps its links.
 */
export async function pruneLinksOfPurgedHorses(): Promise<number> {
  const gone = (table: "owner_horses" | "owner_calendars") =>
    db()
      .deleteFrom(table)
      .where((eb) =>
        eb.and([
          eb.not(eb.exists(eb.selectFrom("horses").select("id").whereRef("horses.id", "=", `${table}.horse_id`))),
          eb.not(
            eb.exists(
              eb
                .selectFrom("trash")
                .select("id")
                .where("trash.kind", "=", "horse")
                .whereRef("trash.record_id", "=", `${table}.horse_id`),
            ),
          ),
        ]),
      )
      .executeTakeFirst();
  const [links, calendars] = await Promise.all([gone("owner_horses"), gone("owner_calendars")]);
  return Number(links.numDeletedRows) + Number(calendars.numDeletedRows);
}
