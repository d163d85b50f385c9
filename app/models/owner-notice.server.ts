import type { Kysely } from "kysely";
import type { Database } from "@db/schema";
import { currentActor } from "~/platform/actor.server";
import { db } from "~/platform/db.server";
import { enqueueMail } from "./mail-queue.server";
import { audienceMemberOf, horseAudience, PERSON_COLUMNS, type AudienceMember } from "./owner-access.server";
import { OWNER_MAIL_ATTEMPTS } from "./owner-account.server";
import type { OwnerNoticeKind } from "./owner-account";

/**
 * Notices by e-mail to a horse's owners and guests. The writer of the event (a runner entered,
 * declared, withdrawn, given a result; an update posted) queues them in its own transaction, so a
 * notice exists exactly when the change does; (person, kind, event) is unique, so an event never
 * mails anyone twice. Each person's settings count when queueing and again when the mail is sent.
 */

/** What a runner notice says, as the runner was when it happened. */
export type RunnerNoticeDetails = {
  runnerId: string;
  horseName: string;
  raceName: string;
  raceDate: string;
  postTime: string | null;
  track: string | null;
  distance: string | null;
  jockey: string | null;
  weightG: number | null;
  draw: number | null;
  /** Equipment codes (RUNNER_EQUIPMENT) of the declaration. */
  equipment: string[];
  withdrawalReason: string | null;
  position: number | null;
  didNotFinish: boolean;
  prizeOre: number | null;
};

/** One event for a horse's audience. `event` names it once: `runner:<id>:<sequence>`, `post:<id>`. */
export type NoticeEvent = {
  kind: OwnerNoticeKind;
  event: string;
  horseId: string;
  /** JSON-serialisable; what the mail says (RunnerNoticeDetails for the runner kinds). */
  details: object;
};

/**
 * Queues the event's notice for everyone who may see the horse and wants this kind, in `trx` (the
 * transaction of the change itself). Returns how many were queued. The mail worker is woken by the
 * change's commit (contentChanged) or by the caller (wakeMailDelivery).
 */
export async function queueOwnerNotices(trx: Kysely<Database>, notice: NoticeEvent, now = new Date()) {
  const audience = (await horseAudience(notice.horseId, trx)).filter((person) => person.notices[notice.kind]);
  const origin = currentActor()?.origin;
  let queued = 0;
  for (const person of audience) {
    const id = crypto.randomUUID();
    const inserted = await trx
      .insertInto("owner_notices")
      .values({
        id,
        user_id: person.userId,
        kind: notice.kind,
        event: notice.event,
        horse_id: notice.horseId,
        details: JSON.stringify(notice.details),
        created_at: now.toISOString(),
      })
      .onConflict((oc) => oc.columns(["user_id", "kind", "event"]).doNothing())
      .returning("id")
      .executeTakeFirst();
    if (!inserted) continue;
    await enqueueMail(
      { id, kind: "owner-notice", toAddress: person.email, linkOrigin: origin, attemptLimit: OWNER_MAIL_ATTEMPTS },
      { executor: trx, now },
    );
    queued++;
  }
  return queued;
}

export type QueuedNotice = {
  id: string;
  kind: OwnerNoticeKind;
  /** What happened (NoticeEvent's `event`). */
  event: string;
  horseId: string;
  details: Record<string, unknown>;
  createdAt: string;
  person: AudienceMember;
};

/** The notice a queued mail stands for, with its person as they are now; null when the person is gone. */
export async function noticeOfMail(mailId: string): Promise<QueuedNotice | null> {
  const row = await db()
    .selectFrom("owner_notices as n")
    .innerJoin("owner_accounts as p", "p.user_id", "n.user_id")
    .innerJoin("users as u", "u.id", "p.user_id")
    .select(["n.id", "n.kind", "n.event", "n.horse_id", "n.details", "n.created_at", ...PERSON_COLUMNS])
    .where("n.id", "=", mailId)
    .executeTakeFirst();
  if (!row) return null;
  return {
    id: row.id,
    kind: row.kind,
    event: row.event,
    horseId: row.horse_id,
    details: JSON.parse(row.details) as Record<string, unknown>,
    createdAt: row.created_at,
    person: audienceMemberOf(row),
  };
}

/** Owners' mail is kept this long after it was queued (sent or failed), then goes with housekeeping. */
export const OWNER_MAIL_RETENTION_MS = 30 * 24 * 60 * 60_000;

/** Removes finished invitation and notice mails older than the retention period, notices with them. */
export async function pruneFinishedOwnerMail(now = new Date()): Promise<number> {
  const before = new Date(now.getTime() - OWNER_MAIL_RETENTION_MS).toISOString();
  return db()
    .transaction()
    .execute(async (trx) => {
      const finished = trx
        .selectFrom("mail_queue")
        .select("id")
        .where("kind", "in", ["owner-invitation", "owner-notice"])
        .where("state", "in", ["sent", "failed"])
        .where("created_at", "<", before);
      await trx.deleteFrom("owner_notices").where("id", "in", finished).execute();
      const mails = await trx.deleteFrom("mail_queue").where("id", "in", finished).executeTakeFirst();
      return Number(mails.numDeletedRows);
    });
}
