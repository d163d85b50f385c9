import { sql, type Selectable, type Transaction } from "kysely";
import type { Database, TeamMembersTable } from "@db/schema";
import { writeContent } from "~/platform/invalidation.server";
import { db, lockFor } from "~/platform/db.server";
import { imageFromColumns, imageToColumns, type ImageRef, type NewImage } from "./image-columns";
import { changedFields, recordActivity } from "./activity.server";
import { deleteIntoTrash, type TrashKind } from "./trash.server";

import { DEFAULT_MEMBER_DESCRIPTION } from "~/models/team-member";

export { DEFAULT_MEMBER_DESCRIPTION };

/** `role` and `description` are the English ones (the spec's), `roleDa` and `descriptionDa` the Danish ("" where not given). */
export type TeamMember = {
  id: string;
  name: string;
  role: string;
  roleDa: string;
  description: string | null;
  descriptionDa: string;
  photo: ImageRef | null;
  position: number;
};

/** The team in display order. */
export async function listTeamMembers(): Promise<TeamMember[]> {
  const rows = await db()
    .selectFrom("team_members")
    .select([
      "id",
      "name",
      "role",
      "role_da",
      "description",
      "description_da",
      "photo_url",
      "photo_width",
      "photo_height",
      "position",
    ])
    .orderBy("position", "asc")
    .execute();
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    role: r.role,
    roleDa: r.role_da,
    description: r.description,
    descriptionDa: r.description_da,
    photo: imageFromColumns(r, "photo"),
    position: r.position,
  }));
}

export type NewTeamMember = {
  name: string;
  role: string;
  roleDa?: string | null;
  description?: string | null;
  descriptionDa?: string | null;
  photo?: NewImage | null;
};

/** Serialises the writes that move positions (they are UNIQUE). */
const POSITION_LOCK = "team_members.position";

/** A blank description is stored as the spec's default text. */
const descriptionOf = (values: NewTeamMember) => values.description?.trim() || DEFAULT_MEMBER_DESCRIPTION;

/** Appends a member at the highest position + 1 (1 for the first), computed inside the insert. */
export async function createTeamMember(values: NewTeamMember): Promise<{ id: string; position: number }> {
  return writeContent(async (trx) => {
    await lockFor(trx, POSITION_LOCK);
    const id = crypto.randomUUID();
    const row = await trx
      .insertInto("team_members")
      .columns([
        "id",
        "name",
        "role",
        "description",
        "role_da",
        "description_da",
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
          sql<string>`${descriptionOf(values)}`.as("description"),
          sql<string>`${values.roleDa?.trim() ?? ""}`.as("role_da"),
          sql<string>`${values.descriptionDa?.trim() ?? ""}`.as("description_da"),
          sql<string | null>`${values.photo?.url ?? null}`.as("photo_url"),
          sql<number | null>`${values.photo?.width ?? null}`.as("photo_width"),
          sql<number | null>`${values.photo?.height ?? null}`.as("photo_height"),
          sql<number>`(select coalesce(max(position), 0) + 1 from team_members)`.as("position"),
          sql<string>`${new Date().toISOString()}`.as("created_at"),
        ]),
      )
      .returning(["id", "position"])
      .executeTakeFirstOrThrow();
    await recordActivity(
      { kind: "create", entity: "team-member", entityId: id, summary: `Team member added: ${values.name}` },
      { trx },
    );
    return row;
  });
}

/** Updates a member's details (not the position). Returns the photo it no longer uses, or null when missing. */
export async function updateTeamMember(
  id: string,
  values: NewTeamMember,
): Promise<{ replacedImageUrl: string | null } | null> {
  return writeContent(async (trx) => {
    const before = await trx.selectFrom("team_members").selectAll().where("id", "=", id).executeTakeFirst();
    if (!before) return null;
    const after = await trx
      .updateTable("team_members")
      .set({
        name: values.name,
        role: values.role,
        role_da: values.roleDa?.trim() ?? "",
        description: descriptionOf(values),
        description_da: values.descriptionDa?.trim() ?? "",
        ...(values.photo ? imageToColumns("photo", values.photo) : {}),
      })
      .where("id", "=", id)
      .returningAll()
      .executeTakeFirstOrThrow();
    await recordActivity(
      {
        kind: "update",
        entity: "team-member",
        entityId: id,
        summary: `Team member updated: ${after.name}`,
        changes: changedFields(before, after, {
          name: "Name",
          role: "Role",
          role_da: "Role (Danish)",
          description: "Description",
          description_da: "Description (Danish)",
          photo_url: "Photo",
        }),
      },
      { trx },
    );
    const replacedImageUrl = values.photo && before.photo_url !== values.photo.url ? before.photo_url : null;
    return { replacedImageUrl };
  });
}

/**
 * Moves a member one place up or down: it swaps places with its neighbour (positions are 1..n). At
 * either end nothing changes. Returns false when there is no such member.
 */
export async function moveTeamMember(id: string, direction: "up" | "down"): Promise<boolean> {
  return moveMember(
    id,
    (from) => (direction === "up" ? from - 1 : from + 1),
    () => `moved ${direction}`,
  );
}

/**
 * Puts a member at `position` (1 is the top; beyond the end means the end), moving those in between
 * one place to make room. Returns false when there is no such member; a member already there
 * changes nothing.
 */
export async function moveTeamMemberTo(id: string, position: number): Promise<boolean> {
  return moveMember(
    id,
    () => Math.trunc(position),
    (target) => `moved to position ${target}`,
  );
}

/**
 * Moves a member from its place to `to(from)` (kept within 1..n), in one transaction under the
 * positions lock: the member parks on 0 (never a real position, as positions are UNIQUE) while
 * those in between shift one place.
 */
async function moveMember(id: string, to: (from: number) => number, how: (target: number) => string): Promise<boolean> {
  return writeContent(async (trx) => {
    await lockFor(trx, POSITION_LOCK);
    const member = await trx
      .selectFrom("team_members")
      .select(["name", "position"])
      .where("id", "=", id)
      .executeTakeFirst();
    if (!member) return false;
    const last = await trx
      .selectFrom("team_members")
      .select(sql<number>`max(position)`.as("max"))
      .executeTakeFirstOrThrow();
    const from = member.position;
    const target = Math.min(Math.max(1, to(from)), Number(last.max));
    if (target === from) return true;
    await trx.updateTable("team_members").set({ position: 0 }).where("id", "=", id).execute();
    if (target < from) await shiftPositions(trx, target, 1, from - 1);
    else await shiftPositions(trx, from + 1, -1, target);
    await trx.updateTable("team_members").set({ position: target }).where("id", "=", id).execute();
    await recordActivity(
      {
        kind: "reorder",
        entity: "team-member",
        entityId: id,
        summary: `Team member ${how(target)}: ${member.name}`,
        changes: [{ field: "Position", old: String(from), new: String(target) }],
      },
      { trx },
    );
    return true;
  });
}

/**
 * Moves the members from `from` (to `to`, or to the end) by `by` (1: down to make room, -1: up to
 * close a gap). In two steps through negative values, because a single `position + by` may collide
 * with the UNIQUE constraint row by row.
 */
async function shiftPositions(trx: Transaction<Database>, from: number, by: 1 | -1, to?: number) {
  await trx
    .updateTable("team_members")
    .set({ position: sql`-(position + ${by})` })
    .where("position", ">=", from)
    .$if(to !== undefined, (q) => q.where("position", "<=", to!))
    .execute();
  await trx
    .updateTable("team_members")
    .set({ position: sql`-position` })
    .where("position", "<", 0)
    .execute();
}

type MemberSnapshot = { row: Selectable<TeamMembersTable> };

/**
 * Deletes a member into the trash and closes the gap, so positions stay 1..n. The photo stays on
 * disk until the trash entry is purged. Returns the trash entry, or null when there was no
 * such member.
 */
export async function deleteTeamMember(id: string): Promise<{ trashId: string } | null> {
  return deleteIntoTrash(teamMemberTrash, async (trx) => {
    await lockFor(trx, POSITION_LOCK);
    const row = await trx.deleteFrom("team_members").where("id", "=", id).returningAll().executeTakeFirst();
    if (!row) return null;
    await shiftPositions(trx, row.position + 1, -1);
    return { recordId: id, label: `${row.name} (${row.role})`, snapshot: { row }, imageUrls: [row.photo_url] };
  });
}

/** A deleted member comes back at the same position (the end, if the team is shorter now); those below move down. */
export const teamMemberTrash: TrashKind<MemberSnapshot> = {
  name: "team-member",
  noun: "Team Member",
  restore: async (trx, { row }) => {
    await lockFor(trx, POSITION_LOCK);
    const last = await trx
      .selectFrom("team_members")
      .select(sql<number>`coalesce(max(position), 0)`.as("max"))
      .executeTakeFirstOrThrow();
    const position = Math.min(row.position, Number(last.max) + 1);
    await shiftPositions(trx, position, 1);
    await trx
      .insertInto("team_members")
      .values({ ...row, position })
      .execute();
  },
};
