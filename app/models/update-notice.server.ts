import type { ExpressionBuilder, Kysely } from "kysely";
import type { Database } from "@db/schema";
import { db } from "~/platform/db.server";
import { queueOwnerNotices } from "./owner-notice.server";

/**
 * The e-mail that tells a horse's owners and guests of an owners-only post ("an update"), queued once
 * per person and post when the post is out: published now, or at its scheduled time by the post
 * schedule, whichever instance is first. The post is claimed (`notices_queued_at`, set by one
 * conditional UPDATE in the queueing transaction), so a later save, a restore or another instance
 * never queues it again; (person, kind, event `post:<id>`) is unique in `owner_notices` as well, so
 * a person who owns several tagged horses gets one mail. See docs/decisions/0212.
 */

/** What an update notice keeps: the post it is about (the mail reads the post as it is when sent). */
export type UpdateNoticeDetails = { postId: string };

/** An owners-only post that is out: not a draft, its time come (notices are due for no other). */
const isOutUpdate = (nowIso: string) => (eb: ExpressionBuilder<Database, "posts">) =>
  eb.and([eb("audience", "=", "owners"), eb("draft", "=", 0), eb("publish_at", "<=", nowIso)]);

/** The live horses a post is tagged with (a horse in the trash has no owners to tell). */
async function taggedHorses(trx: Kysely<Database>, postId: string) {
  const rows = await trx
    .selectFrom("post_horses as ph")
    .innerJoin("horses as h", "h.id", "ph.horse_id")
    .select("h.id")
    .where("ph.post_id", "=", postId)
    .orderBy("h.name")
    .execute();
  return rows.map((r) => r.id);
}

async function queueFor(trx: Kysely<Database>, postId: string, horseIds: string[], now: Date) {
  let queued = 0;
  for (const horseId of horseIds) {
    const details: UpdateNoticeDetails = { postId };
    queued += await queueOwnerNotices(trx, { kind: "update", event: `post:${postId}`, horseId, details }, now);
  }
  return queued;
}

/**
 * In `trx` (the post's own save, or a transaction of the schedule's): when the owners-only post is
 * out and nobody has told its owners yet, claims it and queues the notice for everyone who may see a
 * tagged horse and wants updates. `newlyTagged`: horses a save just added to a post told before;
 * their people are told now (anyone told already is skipped). Returns how many mails were queued, or
 * null when the post was not due (a draft, scheduled, public, told already with no new horse).
 */
export async function queueUpdateNoticesIn(
  trx: Kysely<Database>,
  postId: string,
  { now = new Date(), newlyTagged = [] }: { now?: Date; newlyTagged?: string[] } = {},
): Promise<number | null> {
  const nowIso = now.toISOString();
  const claimed = await trx
    .updateTable("posts")
    .set({ notices_queued_at: nowIso })
    .where("id", "=", postId)
    .where(isOutUpdate(nowIso))
    .where("notices_queued_at", "is", null)
    .returning("id")
    .executeTakeFirst();
  if (claimed) return queueFor(trx, postId, await taggedHorses(trx, postId), now);
  if (newlyTagged.length === 0) return null;
  const told = await trx
    .selectFrom("posts")
    .select("id")
    .where("id", "=", postId)
    .where(isOutUpdate(nowIso))
    .where("notices_queued_at", "is not", null)
    .executeTakeFirst();
  if (!told) return null;
  const live = new Set(await taggedHorses(trx, postId));
  return queueFor(
    trx,
    postId,
    newlyTagged.filter((id) => live.has(id)),
    now,
  );
}

/**
 * Queues the notices of every owners-only post whose time has come and whose owners nobody has told
 * (a scheduled post at its time; one whose time passed while no instance ran), each in a transaction
 * of its own. Returns how many mails were queued in all.
 */
export async function queueDueUpdateNotices(now = new Date()): Promise<number> {
  const due = await db()
    .selectFrom("posts")
    .select("id")
    .where(isOutUpdate(now.toISOString()))
    .where("notices_queued_at", "is", null)
    .orderBy("publish_at")
    .execute();
  let queued = 0;
  for (const { id } of due) {
    queued +=
      (await db()
        .transaction()
        .execute((trx) => queueUpdateNoticesIn(trx, id, { now }))) ?? 0;
  }
  return queued;
}

/** When the next scheduled owners-only post comes out (its notices are due then), or null. */
export async function nextUpdateNoticeAt(now = new Date()): Promise<string | null> {
  const row = await db()
    .selectFrom("posts")
    .select("publish_at")
    .where("audience", "=", "owners")
    .where("draft", "=", 0)
    .where("notices_queued_at", "is", null)
    .where("publish_at", ">", now.toISOString())
    .orderBy("publish_at")
    .limit(1)
    .executeTakeFirst();
  return row?.publish_at ?? null;
}
