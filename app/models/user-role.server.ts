import { db } from "~/platform/db.server";
import { faultOf } from "~/platform/faults.server";
import { log } from "~/platform/log.server";

export type AdminListEntry = { id: string; email: string };

/**
 * Whether the user has the admin role. A failed check is logged and counts as "not admin"; a
 * database that cannot be reached is passed on instead, so that the request is answered as an
 * outage (503, 'Failed to …') rather than as access denied.
 */
export async function isAdminUser(userId: string): Promise<boolean> {
  try {
    const row = await db()
      .selectFrom("user_roles")
      .select("role")
      .where("user_id", "=", userId)
      .where("role", "=", "admin")
      .executeTakeFirst();
    return !!row;
  } catch (error) {
    if (faultOf(error)) throw error;
    log.error("admin role check failed; treating the user as not admin", { userId, error });
    return false;
  }
}

export async function hasAnyAdmin(): Promise<boolean> {
  const row = await db()
    .selectFrom("user_roles")
    .select("user_id")
    .where("role", "=", "admin")
    .limit(1)
    .executeTakeFirst();
  return !!row;
}

/** Grants the admin role; a no-op when the user already has it. */
export async function grantAdmin(userId: string) {
  await db()
    .insertInto("user_roles")
    .values({ user_id: userId, role: "admin", created_at: new Date().toISOString() })
    .onConflict((oc) => oc.columns(["user_id", "role"]).doNothing())
    .execute();
}

/** Removes the admin role; returns whether the user had it. */
export async function revokeAdmin(userId: string): Promise<boolean> {
  const result = await db()
    .deleteFrom("user_roles")
    .where("user_id", "=", userId)
    .where("role", "=", "admin")
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

export async function listAdmins(): Promise<AdminListEntry[]> {
  return db()
    .selectFrom("user_roles")
    .innerJoin("users", "users.id", "user_roles.user_id")
    .select(["users.id as id", "users.email as email"])
    .where("user_roles.role", "=", "admin")
    .orderBy("users.email")
    .execute();
}
