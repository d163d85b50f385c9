import { registerHousekeeping } from "~/jobs/housekeeping.server";
import { recordActivity } from "~/models/activity.server";
import { expiredTrashIds, takeFromTrash, TRASH_RETENTION_MS, type TrashRow } from "~/models/trash.server";
import { db } from "~/platform/db.server";
import { removeImageQuietly } from "~/media/images.server";
import { writeContent } from "~/platform/invalidation.server";
import { referencedStems } from "~/media/media-sweep.server";
import { stem } from "~/media/image";
import { keyFromMediaUrl } from "~/media/storage.server";
import { TRASH_KINDS } from "./kinds.server";

export type Restored = { kind: string; noun: string; label: string };

/**
 * Puts a trashed record back exactly as it was (its kind decides how), takes it out of the trash
 * and records the restore, all in one transaction. Undefined when the entry is gone (restored or
 * purged already).
 */
export async function restoreFromTrash(id: string): Promise<Restored | undefined> {
  return writeContent(async (trx) => {
    const entry = await takeFromTrash(trx, id);
    if (!entry) return undefined;
    const kind = TRASH_KINDS.get(entry.kind);
    if (!kind) throw new Error(`The trash holds a record of an unknown kind: ${entry.kind}`);
    await kind.restore(trx, entry.snapshot);
    await recordActivity(
      {
        kind: "restore",
        entity: entry.kind,
        entityId: entry.recordId,
        summary: `${kind.noun} restored: ${entry.label}`,
      },
      { trx },
    );
    return { kind: entry.kind, noun: kind.noun, label: entry.label };
  });
}

/** Removes the entry's image files that no record and no other trash entry uses. */
async function removeImagesOf(entry: TrashRow) {
  if (!entry.imageUrls.length) return;
  const used = await referencedStems();
  for (const url of entry.imageUrls) {
    const key = keyFromMediaUrl(url);
    if (key && !used.has(stem(key))) await removeImageQuietly(url);
  }
}

/** Deletes an entry for good, and then its images. Undefined when the entry is gone. */
export async function purgeFromTrash(id: string): Promise<TrashRow | undefined> {
  const entry = await db()
    .transaction()
    .execute(async (trx) => {
      const taken = await takeFromTrash(trx, id);
      if (taken) {
        await recordActivity(
          {
            kind: "purge",
            entity: taken.kind,
            entityId: taken.recordId,
            summary: `${TRASH_KINDS.get(taken.kind)?.noun ?? taken.kind} deleted forever: ${taken.label}`,
          },
          { trx },
        );
      }
      return taken;
    });
  if (entry) await removeImagesOf(entry);
  return entry;
}

/** Purges what has been in the trash longer than 30 days (the housekeeping job runs this). */
export async function purgeExpiredTrash(now = new Date()): Promise<number> {
  const ids = await expiredTrashIds(new Date(now.getTime() - TRASH_RETENTION_MS));
  let purged = 0;
  for (const id of ids) if (await purgeFromTrash(id)) purged++;
  return purged;
}

/** Old trash entries go with housekeeping's other expired rows (at start-up, server/jobs.ts). */
export function registerTrashPurge() {
  registerHousekeeping("trash", purgeExpiredTrash);
}
