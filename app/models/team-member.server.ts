import { sql } from "kysely";
import { contentChanged } from "~/utils/invalidation.server";
import { db, lockFor } from "~/utils/db.server";
import { imageRef, type ImageRef } from "~/utils/image";

export const DEFAULT_MEMBER_DESCRIPTION = "Experienced professional dedicated to excellence in horse racing.";

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
    photo: imageRef(r.photo_url, r.photo_width, r.photo_height),
    position: r.position,
  }));
}

export type NewTeamMember = {
  name: string;
  role: string;
  description?: string | null;
  photo?: { url: string; width: number; height: number } | null;
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
