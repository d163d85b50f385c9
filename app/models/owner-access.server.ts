import type { Kysely, Selectable } from "kysely";
import type { Database, OwnerAccountsTable } from "@db/schema";
import { db } from "~/platform/db.server";
import { findHorseBySlug, listHorsesIn, type Horse } from "./horse.server";
import { type NOTICE_COLUMNS, noticeSettingsOf } from "./owner-notice-settings.server";
import type { NoticeSettings, OwnerLanguage, OwnerNoticeKind, OwnerRole } from "./owner-account";

/**
 * Who may see a horse's private things (its owners' page, runs with their details, private
 * calendar, owners-only updates and their photos): the active owners the horse is linked to, their
 * active guests, and administrators. The one place that says so: pages, feeds, notices and media all
 * ask here. A horse in the trash is nobody's: links are joined to live horses only.
 */

type Q = Kysely<Database>;

/** The live horses a person may follow: an active owner's own, an active guest's owner's (if active). */
function visibleHorseIds(q: Q, userId: string) {
  return q
    .selectFrom("owner_accounts as p")
    .innerJoin("owner_accounts as o", (join) =>
      join.on((eb) => eb.or([eb("o.user_id", "=", eb.ref("p.user_id")), eb("o.user_id", "=", eb.ref("p.host_id"))])),
    )
    .innerJoin("owner_horses as oh", "oh.user_id", "o.user_id")
    .innerJoin("horses as h", "h.id", "oh.horse_id")
    .select("h.id")
    .where("p.user_id", "=", userId)
    .where("p.state", "=", "active")
    .where("o.role", "=", "owner")
    .where("o.state", "=", "active");
}

/** The horses an owner or guest sees, by name; none for anyone else. */
export async function listVisibleHorses(userId: string): Promise<Horse[]> {
  const rows = await visibleHorseIds(db(), userId).execute();
  return listHorsesIn(rows.map((r) => r.id));
}

/** Whether an owner or guest may see the horse (false for anyone else, and for a horse in the trash). */
export async function mayViewHorse(userId: string, horseId: string, q: Q = db()): Promise<boolean> {
  const row = await visibleHorseIds(q, userId).where("h.id", "=", horseId).executeTakeFirst();
  return !!row;
}

/** Someone asking: a signed-in account (`isAdmin` as the session says) or nobody. */
export type Viewer = { id: string; isAdmin: boolean } | null;

/**
 * The check for a horse's private things: administrators, and the horse's owners and their guests.
 * Anyone else (a visitor, another owner, a revoked account) may not even learn that it exists.
 */
export async function maySeeHorsePrivate(viewer: Viewer, horseId: string): Promise<boolean> {
  return maySeeAnyHorsePrivate(viewer, [horseId]);
}

/** The same check for something about several horses (an update tagged with them): any one of them will do. */
export async function maySeeAnyHorsePrivate(viewer: Viewer, horseIds: readonly string[]): Promise<boolean> {
  if (!viewer) return false;
  if (viewer.isAdmin) return true;
  if (horseIds.length === 0) return false;
  return !!(await visibleHorseIds(db(), viewer.id).where("h.id", "in", horseIds).executeTakeFirst());
}

/**
 * The horse at /owners/horses/{slug} for this person: `{ horse }`, `{ redirectTo }` for an address
 * it had before a rename, or null when there is no such horse or it is not theirs (the same answer).
 */
export async function findVisibleHorse(
  userId: string,
  slug: string,
): Promise<{ horse: Horse } | { redirectTo: string } | null> {
  const found = await findHorseBySlug(slug);
  if (!found) return null;
  if ("horse" in found) return (await mayViewHorse(userId, found.horse.id)) ? found : null;
  const moved = await findHorseBySlug(found.redirectTo);
  return moved && "horse" in moved && (await mayViewHorse(userId, moved.horse.id)) ? found : null;
}

/** A person a horse's notices go to. */
export type AudienceMember = {
  userId: string;
  email: string;
  name: string;
  language: OwnerLanguage;
  role: OwnerRole;
  notices: NoticeSettings;
  /** When the person's current access began: links signed for it die with it (a revocation). */
  activatedAt: string | null;
};

/** A person notices go to, as `p` (owner_accounts) and `u` (users) give them. */
export const PERSON_COLUMNS = [
  "p.user_id",
  "u.email",
  "p.name",
  "p.language",
  "p.role",
  "p.activated_at",
  "p.notify_entries",
  "p.notify_declarations",
  "p.notify_withdrawals",
  "p.notify_results",
  "p.notify_updates",
] as const;

/** Everyone who may see the horse's private things but the administrators: its active owners and their active guests. */
export async function horseAudience(horseId: string, q: Q = db()): Promise<AudienceMember[]> {
  const rows = await q
    .selectFrom("owner_accounts as p")
    .innerJoin("users as u", "u.id", "p.user_id")
    .innerJoin("owner_accounts as o", (join) =>
      join.on((eb) => eb.or([eb("o.user_id", "=", eb.ref("p.user_id")), eb("o.user_id", "=", eb.ref("p.host_id"))])),
    )
    .innerJoin("owner_horses as oh", "oh.user_id", "o.user_id")
    .innerJoin("horses as h", "h.id", "oh.horse_id")
    .select(PERSON_COLUMNS)
    .where("h.id", "=", horseId)
    .where("p.state", "=", "active")
    .where("o.role", "=", "owner")
    .where("o.state", "=", "active")
    .orderBy("p.user_id")
    .execute();
  return rows.map(audienceMemberOf);
}

type PersonRow = Pick<
  Selectable<OwnerAccountsTable>,
  "user_id" | "name" | "language" | "role" | "activated_at" | (typeof NOTICE_COLUMNS)[OwnerNoticeKind]
> & {
  email: string;
};

/** A person as PERSON_COLUMNS read them. */
export function audienceMemberOf(r: PersonRow): AudienceMember {
  return {
    userId: r.user_id,
    email: r.email,
    name: r.name,
    language: r.language,
    role: r.role,
    notices: noticeSettingsOf(r),
    activatedAt: r.activated_at,
  };
}
