import type { Kysely, Transaction } from "kysely";
import { holds, pageCount, type Paged } from "./list-search";
import type { AuthInstant, Database } from "@db/schema";
import { currentActor } from "~/platform/actor.server";
import { db, engine, lockFor } from "~/platform/db.server";
import { faultOf } from "~/platform/faults.server";
import { log } from "~/platform/log.server";
import { changedFields, recordActivity } from "./activity.server";
import { enqueueMail } from "./mail-queue.server";
import {
  accountLabel,
  LANGUAGE_NAMES,
  type AccountStatus,
  type NoticeSettings,
  type OwnerLanguage,
  type OwnerRole,
  type OwnerState,
} from "./owner-account";
import { noticeSettingsOf } from "./owner-notice-settings.server";

/**
 * Owners' and guests' accounts: a `users` row (the sign-in library's, so they sign in like anyone)
 * with an `owner_accounts` row beside it. An account is invited (no password yet), active, or
 * revoked (no password, no session). Owners follow horses (`owner_horses`); a guest sees its
 * owner's. Who may see which horse is owner-access.server.ts; invitation links, guests and notice
 * settings have modules of their own beside this one. See docs/decisions/0200 to 0203.
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

/** An owner's or guest's account holding an address, as the administrator is shown it. */
export type AddressHolder = {
  userId: string;
  role: OwnerRole;
  name: string;
  email: string;
  status: AccountStatus;
  /** A guest's owner. */
  hostName: string | null;
};

/**
 * The e-mail already has an account: an administrator's, an owner's or guest's (`held` says whose),
 * or another.
 */
export class AccountTakenError extends Error {
  constructor(
    readonly holder: "admin" | "owner" | "account",
    readonly held: AddressHolder | null = null,
  ) {
    super(`The e-mail address already has an account (${holder})`);
  }
}

/** An address held by a pending (invited, expired) or revoked owner or guest may be taken over; one with access may not. */
export const mayTakeOver = (held: AddressHolder) => held.status !== "active";

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
export function authInstant(at: Date): AuthInstant {
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

export function selectAccounts(q: Q = db()) {
  return q.selectFrom("owner_accounts as o").innerJoin("users as u", "u.id", "o.user_id").select(ACCOUNT_COLUMNS);
}

type AccountRow = Awaited<ReturnType<ReturnType<typeof selectAccounts>["execute"]>>[number];

function statusOf(state: OwnerState, expiresAt: string | null, now: Date): AccountStatus {
  return state === "invited" && expiresAt !== null && expiresAt <= now.toISOString() ? "expired" : state;
}

export function toAccount(r: AccountRow, now = new Date()): OwnerAccount {
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

export async function getOwnerAccount(userId: string, q: Q = db()): Promise<OwnerAccount | null> {
  const row = await selectAccounts(q).where("o.user_id", "=", userId).executeTakeFirst();
  return row ? toAccount(row) : null;
}

/** Who an e-mail address belongs to already, if anyone, and for an owner's or guest's account, whose it is. */
async function holderOf(q: Q, email: string): Promise<AccountTakenError | null> {
  const row = await q
    .selectFrom("users as u")
    .leftJoin("user_roles as r", (join) => join.onRef("r.user_id", "=", "u.id").on("r.role", "=", "admin"))
    .leftJoin("owner_accounts as o", "o.user_id", "u.id")
    .leftJoin("owner_accounts as h", "h.user_id", "o.host_id")
    .select([
      "u.id",
      "u.email",
      "r.role",
      "o.role as owner_role",
      "o.name",
      "o.state",
      "o.invite_expires_at",
      "h.name as host_name",
    ])
    .where("u.email", "=", normaliseEmail(email))
    .executeTakeFirst();
  if (!row) return null;
  if (row.role) return new AccountTakenError("admin");
  if (!row.owner_role || !row.name || !row.state) return new AccountTakenError("account");
  return new AccountTakenError("owner", {
    userId: row.id,
    role: row.owner_role,
    name: row.name,
    email: row.email,
    status: statusOf(row.state, row.invite_expires_at, new Date()),
    hostName: row.host_name,
  });
}

/** Who holds an address (an administrator, an owner or guest and whose, another account), or null: nobody. */
export async function findAddressHolder(email: string): Promise<AccountTakenError | null> {
  return holderOf(db(), email);
}

/** Who holds an address, as the activity log and the admin command say it. */
export const heldAs = (held: AddressHolder) =>
  `${accountLabel(held)}, ${held.role === "guest" ? `guest of ${held.hostName ?? "an owner"}` : "owner"} (${held.status})`;

/** Whether the account holds or held a share of a horse, or has an invoice: it is not removed then. */
async function hasBillingHistory(q: Q, userId: string) {
  const [share, invoice] = await Promise.all([
    q.selectFrom("horse_shares").select("id").where("owner_id", "=", userId).limit(1).executeTakeFirst(),
    q.selectFrom("invoices").select("id").where("owner_id", "=", userId).limit(1).executeTakeFirst(),
  ]);
  return !!share || !!invoice;
}

/**
 * Frees an address held by a pending or revoked owner or guest, for an account the stable makes
 * instead: that account goes (an owner's guests with it), logged as `why`. AccountTakenError for
 * anything else (an administrator, someone with access, another account).
 */
export async function releaseAddress(trx: Transaction<Database>, email: string, why: string) {
  const taken = await holderOf(trx, email);
  if (!taken) return;
  const held = taken.held;
  // An owner with shares or invoices stays: their invoices name them (decision 0280).
  if (!held || !mayTakeOver(held) || (await hasBillingHistory(trx, held.userId))) throw taken;
  const guests =
    held.role === "owner"
      ? await trx.selectFrom("owner_accounts").select("user_id").where("host_id", "=", held.userId).execute()
      : [];
  await trx
    .deleteFrom("users")
    .where("id", "in", [held.userId, ...guests.map((g) => g.user_id)])
    .execute();
  const more = guests.length ? ` with ${guests.length} guest${guests.length === 1 ? "" : "s"}` : "";
  await recordActivity(
    { kind: "revoke", entity: held.role, entityId: held.userId, summary: `${why}: ${heldAs(held)}, removed${more}` },
    { trx },
  );
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
  /** An address held by a pending or revoked owner or guest is freed first (the administrator chose so). */
  takeOver?: boolean;
};

/** A new invited account (no password) and its invitation mail, in the caller's transaction. */
export async function createInvitedAccount(trx: Transaction<Database>, account: NewAccount, now: Date) {
  const email = normaliseEmail(account.email);
  if (account.takeOver) await releaseAddress(trx, email, "Address taken over for a new owner");
  const holder = await holderOf(trx, email);
  if (holder) throw holder;
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
export async function queueInvitation(trx: Transaction<Database>, email: string, now: Date) {
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

export type OwnerInvitation = {
  name: string;
  email: string;
  language: OwnerLanguage;
  horseIds: string[];
  /** Free the address from a pending or revoked owner or guest first (releaseAddress). */
  takeOver?: boolean;
};

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
          summary: `Owner invited: ${accountLabel({ name: values.name, email })}`,
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
            summary: `Owner updated: ${accountLabel({ name: values.name, email: before.email })}`,
            changes,
          },
          { trx },
        );
      }
      return { userId };
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
              `Owner access revoked: ${accountLabel(owner)}` +
              (guests.length ? ` and ${guests.length} guest${guests.length === 1 ? "" : "s"}` : ""),
          },
          { trx },
        );
      }
      return { name: owner.name, email: owner.email, guests: guests.length };
    });
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

/**
 * One page of the owners, by name, as the Owners tab lists them: `perPage` at most, searched by
 * name, e-mail or the name of a horse they follow (or one owner by `userId`), each with its live horses and its guests, read
 * for that page only; with the count of all that match.
 */
export async function listOwnersPage(
  { search = "", userId }: { search?: string; userId?: string },
  { page = 1, perPage }: { page?: number; perPage: number },
  now = new Date(),
): Promise<Paged<OwnerListEntry>> {
  let query = selectAccounts().where("o.role", "=", "owner");
  if (userId !== undefined) query = query.where("o.user_id", "=", userId);
  const text = search.trim();
  if (text) {
    const like = (column: string) => holds(column, text);
    query = query.where((eb) =>
      eb.or([
        like("o.name"),
        like("u.email"),
        eb.exists(
          eb
            .selectFrom("owner_horses as oh")
            .innerJoin("horses as h", "h.id", "oh.horse_id")
            .select("oh.user_id")
            .whereRef("oh.user_id", "=", "o.user_id")
            .where(like("h.name")),
        ),
      ]),
    );
  }
  const { count } = await query
    .clearSelect()
    .select((eb) => eb.fn.countAll<number | string>().as("count"))
    .executeTakeFirstOrThrow();
  const total = Number(count);
  const rows = await query
    .orderBy("o.name")
    .orderBy("u.email")
    .orderBy("o.user_id")
    .limit(perPage)
    .offset((Math.max(1, page) - 1) * perPage)
    .execute();
  const owners = rows.map((r) => toAccount(r, now));
  const ids = owners.map((o) => o.userId);
  const [horses, guests] = await Promise.all([
    linkedHorses(db(), ids),
    ids.length
      ? selectAccounts().where("o.host_id", "in", ids).orderBy("o.name").orderBy("u.email").execute()
      : Promise.resolve([]),
  ]);
  const horsesOf = new Map<string, LinkedHorse[]>();
  for (const h of horses) {
    const list = horsesOf.get(h.user_id) ?? [];
    list.push({ id: h.id, name: h.name, slug: h.slug ?? h.id });
    horsesOf.set(h.user_id, list);
  }
  const guestsOf = new Map<string, OwnerAccount[]>();
  for (const g of guests.map((r) => toAccount(r, now))) {
    const list = guestsOf.get(g.hostId ?? "") ?? [];
    list.push(g);
    guestsOf.set(g.hostId ?? "", list);
  }
  const items = owners.map((owner) => ({
    ...owner,
    horses: horsesOf.get(owner.userId) ?? [],
    guests: guestsOf.get(owner.userId) ?? [],
  }));
  return { items, page, pages: pageCount(total, perPage), total };
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
