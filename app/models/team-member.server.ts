import { sql } from "kysely";
import { contentChanged } from "~/utils/invalidation.server";
import { db, lockFor } from "~/utils/db.server";
import { imageFromColumns, imageToColumns, type ImageRef, type NewImage } from "~/utils/image";

import { DEFAULT_MEMBER_DESCRIPTION } from "~/utils/team-member";

export { DEFAULT_MEMBER_DESCRIPTION };

export type TeamMember = {
  id: string;
  name: string;
  role: string;
  description: string | null;
  photo: ImageRef | null;
  position: number;
};

/** The team in display order. */
export async function listTeamMembers(): Promise<TeamMember[]> {
  const rows = await db()
    .selectFrom("team_members")
    .select(["id", "name", "role", "description", "photo_url", "photo_width", "photo_height", "position"])
    .orderBy("position", "asc")
    .execute();
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    role: r.role,
    description: r.description,
    photo: imageFromColumns(r, "photo"),
    position: r.position,
  }));
}

export type NewTeamMember = {
  name: string;
  role: string;
  description?: string | null;
  photo?: NewImage | null;
};

/** Appends a member at the highest position + 1 (1 for the first), computed inside the insert. */
export async function createTeamMember(values: NewTeamMember): Promise<{ id: string; position: number }> {
  const created = await db()
    .transaction()
    .execute(async (trx) => {
      await lockFor(trx, "team_members.position");
      const id = crypto.randomUUID();
      const row = await trx
        .insertInto("team_members")
        .columns([
          "id",
          "name",
          "role",
          "description",
          "photo_url",
          "photo_width",
          "photo_height",
          "position",
          "created_at",
        ])
        .expression(
          trx.selectNoFrom([
            sql<string>`${id}`.as("id"),
            sql<string>`${values.name}`.as("name"),
            sql<string>`${values.role}`.as("role"),
            sql<string>`${values.description?.trim() || DEFAULT_MEMBER_DESCRIPTION}`.as("description"),
            sql<string | null>`${values.photo?.url ?? null}`.as("photo_url"),
            sql<number | null>`${values.photo?.width ?? null}`.as("photo_width"),
            sql<number | null>`${values.photo?.height ?? null}`.as("photo_height"),
            sql<number>`(select coalesce(max(position), 0) + 1 from team_members)`.as("position"),
            sql<string>`${new Date().toISOString()}`.as("created_at"),
          ]),
        )
        .returning(["id", "position"])
        .executeTakeFirstOrThrow();
      return row;
    });
  contentChanged();
  return created;
}

/** Updates a member's details (not the position). Returns the photo it no longer uses, or null when missing. */
export async function updateTeamMember(
  id: string,
  values: NewTeamMember,
): Promise<{ replacedImageUrl: string | null } | null> {
  const result = await db()
    .transaction()
    .execute(async (trx) => {
      const before = await trx.selectFrom("team_members").select(["photo_url"]).where("id", "=", id).executeTakeFirst();
      if (!before) return null;
      await trx
        .updateTable("team_members")
        .set({
          name: values.name,
          role: values.role,
          description: values.description?.trim() || DEFAULT_MEMBER_DESCRIPTION,
          ...(values.photo ? imageToColumns("photo", values.photo) : {}),
        })
        .where("id", "=", id)
        .execute();
      const replacedImageUrl = values.photo && before.photo_url !== values.photo.url ? before.photo_url : null;
      return { replacedImageUrl };
    });
  if (result) contentChanged();
  return result;
}

/**
 * Swaps a member with the neighbour above or below, in one transaction under the positions lock.
 * Positions are UNIQUE, so the member parks on 0 (never a real position) during the swap. At either
 * end nothing changes. Returns false when there is no such member.
 */
export async function moveTeamMember(id: string, direction: "up" | "down"): Promise<boolean> {
  const moved = await db()
    .transaction()
    .execute(async (trx) => {
      await lockFor(trx, "team_members.position");
      const member = await trx.selectFrom("team_members").select(["position"]).where("id", "=", id).executeTakeFirst();
      if (!member) return false;
      const neighbour = await trx
        .selectFrom("team_members")
        .select(["id", "position"])
        .where("position", direction === "up" ? "<" : ">", member.position)
        .orderBy("position", direction === "up" ? "desc" : "asc")
        .limit(1)
        .executeTakeFirst();
      if (!neighbour) return true;
      await trx.updateTable("team_members").set({ position: 0 }).where("id", "=", id).execute();
      await trx.updateTable("team_members").set({ position: member.position }).where("id", "=", neighbour.id).execute();
      await trx.updateTable("team_members").set({ position: neighbour.position }).where("id", "=", id).execute();
      return true;
    });
  if (moved) contentChanged();
  return moved;
}

/**
 * Deletes a member and closes the gap, so positions stay 1..n. The members below move up in two
 * steps through negative values, because a single `position - 1` may collide with the UNIQUE
 * constraint row by row. Returns the photo to remove, or null when there was no such member.
 */
export async function deleteTeamMember(id: string): Promise<{ imageUrl: string | null } | null> {
  const result = await db()
    .transaction()
    .execute(async (trx) => {
      await lockFor(trx, "team_members.position");
      const row = await trx
        .deleteFrom("team_members")
        .where("id", "=", id)
        .returning(["position", "photo_url"])
        .executeTakeFirst();
      if (!row) return null;
      await trx
        .updateTable("team_members")
        .set({ position: sql`1 - position` })
        .where("position", ">", row.position)
        .execute();
      await trx
        .updateTable("team_members")
        .set({ position: sql`-position` })
        .where("position", "<", 0)
        .execute();
      return { imageUrl: row.photo_url };
    });
  if (result) contentChanged();
  return result;
}
