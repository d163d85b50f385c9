import type { Kysely, Transaction } from "kysely";
import type { Database } from "@db/schema";
import { currentActor } from "~/platform/actor.server";
import { db } from "~/platform/db.server";
import { writeContent } from "~/platform/invalidation.server";
import { recordActivity } from "./activity.server";

/** Deleted records stay restorable this long; then the housekeeping job purges them and their images. */
export const TRASH_RETENTION_MS = 30 * 24 * 60 * 60_000;

/**
 * One kind of record the trash can hold. The model that deletes it puts a snapshot in the trash
 * (addToTrash, in the delete's transaction); `restore` puts the record back from that snapshot in
 * the restore's transaction. A new kind is one such object and its line in app/trash/kinds.server.ts.
 */
export type TrashKind<S> = {
  /** Stored in the trash row; never changes once records of the kind exist. */
  name: string;
  /** What the record is, as the Trash tab and the toasts name it: "Horse", "Victory", … */
  noun: string;
  restore: (trx: Transaction<Database>, snapshot: S) => Promise<void>;
};

/** A restore that cannot be done as things are now (e.g. a runner whose horse is deleted); says why. */
/** A record that cannot come back yet; `reason` names why, for the dashboard to say it in its language. */
export class RestoreRefusedError extends Error {
  constructor(
    message: string,
    readonly reason = "",
  ) {
    super(message);
  }
}

export type TrashItem = {
  id: string;
  kind: string;
  recordId: string;
  label: string;
  deletedAt: string;
  deletedByEmail: string | null;
};

export type TrashRow = TrashItem & { snapshot: unknown; imageUrls: string[] };

/** What the trash keeps of a deleted record; `imageUrls` may hold nulls for images it did not have. */
export type TrashEntry<S> = { recordId: string; label: string; snapshot: S; imageUrls: (string | null)[] };

/**
 * Keeps a deleted record: its snapshot, the images it used (left on disk until purged), who
 * deleted it. Records the delete in the activity log. Returns the trash entry's id (for Undo).
 */
export async function addToTrash<S>(
  trx: Transaction<Database>,
  kind: TrashKind<S>,
  entry: TrashEntry<S>,
): Promise<string> {
  const actor = currentActor();
  const id = crypto.randomUUID();
  await trx
    .insertInto("trash")
    .values({
      id,
      kind: kind.name,
      record_id: entry.recordId,
      label: entry.label,
      snapshot: JSON.stringify(entry.snapshot),
      image_urls: JSON.stringify(entry.imageUrls.filter((u): u is string => !!u)),
      deleted_at: new Date().toISOString(),
      deleted_by_id: actor?.userId ?? null,
      deleted_by_email: actor?.email ?? null,
    })
    .execute();
  await recordActivity(
    { kind: "delete", entity: kind.name, entityId: entry.recordId, summary: `${kind.noun} deleted: ${entry.label}` },
    { trx },
  );
  return id;
}

/**
 * A model's delete: `take` removes the record (and its effects) inside one transaction and says what
 * the trash keeps of it, or null when there is no such record. Returns the trash entry, or null.
 */
export async function deleteIntoTrash<S>(
  kind: TrashKind<S>,
  take: (trx: Transaction<Database>) => Promise<TrashEntry<S> | null>,
): Promise<{ trashId: string } | null> {
  return writeContent(async (trx) => {
    const entry = await take(trx);
    return entry && { trashId: await addToTrash(trx, kind, entry) };
  });
}

const itemColumns = ["id", "kind", "record_id", "label", "deleted_at", "deleted_by_email"] as const;

function toItem(r: {
  id: string;
  kind: string;
  record_id: string;
  label: string;
  deleted_at: string;
  deleted_by_email: string | null;
}): TrashItem {
  return {
    id: r.id,
    kind: r.kind,
    recordId: r.record_id,
    label: r.label,
    deletedAt: r.deleted_at,
    deletedByEmail: r.deleted_by_email,
  };
}

/** What the trash holds that is still within its 30 days, most recently deleted first. */
export async function listTrash(now = new Date()): Promise<TrashItem[]> {
  const since = new Date(now.getTime() - TRASH_RETENTION_MS).toISOString();
  const rows = await db()
    .selectFrom("trash")
    .select(itemColumns)
    .where("deleted_at", ">=", since)
    .orderBy("deleted_at", "desc")
    .orderBy("id", "desc")
    .execute();
  return rows.map(toItem);
}

/** Takes an entry out of the trash (the caller's transaction decides whether that sticks). */
export async function takeFromTrash(trx: Kysely<Database>, id: string): Promise<TrashRow | undefined> {
  const row = await trx
    .deleteFrom("trash")
    .where("id", "=", id)
    .returning([...itemColumns, "snapshot", "image_urls"])
    .executeTakeFirst();
  if (!row) return undefined;
  return { ...toItem(row), snapshot: JSON.parse(row.snapshot), imageUrls: JSON.parse(row.image_urls) as string[] };
}

/** Ids of the entries deleted before `before`. */
export async function expiredTrashIds(before: Date): Promise<string[]> {
  const rows = await db().selectFrom("trash").select("id").where("deleted_at", "<", before.toISOString()).execute();
  return rows.map((r) => r.id);
}

/** Every image URL the trash still holds, so the media sweep leaves those files alone. */
export async function trashedImageUrls(): Promise<string[]> {
  const rows = await db().selectFrom("trash").select("image_urls").execute();
  return rows.flatMap((r) => JSON.parse(r.image_urls) as string[]);
}
