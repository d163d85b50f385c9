import { sql, type ExpressionBuilder, type Selectable, type UpdateObject } from "kysely";
import type { Database, MailDeliveryState, MailKind } from "@db/schema";
import { db, engine, type DB } from "~/platform/db.server";

/**
 * The durable queue every e-mail of the site goes through. A row is claimed by one worker at a
 * time (lease + claim token), retried with backoff until its attempt limit, and survives restarts.
 * state: pending (waiting for next_attempt_at) -> sending (claimed until lease_until) -> sent | failed.
 */

/** Where a mail stands in its delivery. */
export type MailDelivery = {
  state: MailDeliveryState;
  attempts: number;
  attemptLimit: number;
  nextAttemptAt: string;
  lastError: string | null;
  sentAt: string | null;
  sentTo: string | null;
};

export type QueuedMail = MailDelivery & {
  id: string;
  kind: MailKind;
  contactMessageId: string | null;
  /** Null: the stable's own address, looked up when sending. */
  toAddress: string | null;
  linkOrigin: string | null;
  createdAt: string;
};

type DeliveryRow = Pick<
  Selectable<Database["mail_queue"]>,
  "state" | "attempts" | "attempt_limit" | "next_attempt_at" | "last_error" | "sent_at" | "sent_to"
>;

/** The delivery columns of a queue row as the app uses them (also read joined to contact messages). */
export function toDelivery(row: DeliveryRow): MailDelivery {
  return {
    state: row.state,
    attempts: Number(row.attempts),
    attemptLimit: Number(row.attempt_limit),
    nextAttemptAt: row.next_attempt_at,
    lastError: row.last_error,
    sentAt: row.sent_at,
    sentTo: row.sent_to,
  };
}

/** A mail this worker holds until `leaseUntil`; only the holder of `claimToken` may finish it. */
export type ClaimedMail = QueuedMail & { claimToken: string; leaseUntil: string; reclaimed: boolean };

export const MAIL_COLUMNS = [
  "id",
  "kind",
  "contact_message_id",
  "to_address",
  "link_origin",
  "created_at",
  "state",
  "attempts",
  "attempt_limit",
  "next_attempt_at",
  "last_error",
  "sent_at",
  "sent_to",
] as const;

type Row = Pick<Selectable<Database["mail_queue"]>, (typeof MAIL_COLUMNS)[number]>;

function toMail(row: Row): QueuedMail {
  return {
    id: row.id,
    kind: row.kind,
    contactMessageId: row.contact_message_id,
    toAddress: row.to_address,
    linkOrigin: row.link_origin,
    createdAt: row.created_at,
    ...toDelivery(row),
  };
}

export type NewMail = {
  /** Given when something else refers to the mail (a newsletter send row); otherwise a new one. */
  id?: string;
  kind: MailKind;
  contactMessageId?: string;
  toAddress?: string;
  linkOrigin?: string;
  attemptLimit: number;
};

/** Delivery attempts per mail where no setting says otherwise (CONTACT_MAX_ATTEMPTS' default). */
export const DEFAULT_MAIL_ATTEMPTS = 10;

/** Bulk mail (newsletters) waits while any other mail is due: a reset link never queues behind 2,000 mails. */
const priorityOf = (kind: MailKind) => (kind === "newsletter" ? 1 : 0);

function queueRow(mail: NewMail, nowIso: string) {
  return {
    id: mail.id ?? crypto.randomUUID(),
    kind: mail.kind,
    contact_message_id: mail.contactMessageId ?? null,
    to_address: mail.toAddress ?? null,
    link_origin: mail.linkOrigin ?? null,
    created_at: nowIso,
    attempt_limit: mail.attemptLimit,
    next_attempt_at: nowIso,
    priority: priorityOf(mail.kind),
  };
}

/** Queues a mail, due now. Pass a transaction to queue it together with what it belongs to. */
export async function enqueueMail(
  mail: NewMail,
  { executor = db(), now = new Date() }: { executor?: DB; now?: Date } = {},
) {
  const row = await executor
    .insertInto("mail_queue")
    .values(queueRow(mail, now.toISOString()))
    .returning(MAIL_COLUMNS)
    .executeTakeFirstOrThrow();
  return toMail(row);
}

/** Rows per INSERT: well under either engine's limit on bound values. */
export const INSERT_CHUNK = 500;

/** Queues many mails, due now, with one multi-row INSERT per INSERT_CHUNK (pass the transaction they belong to). */
export async function enqueueMails(
  mails: NewMail[],
  { executor = db(), now = new Date() }: { executor?: DB; now?: Date } = {},
) {
  const nowIso = now.toISOString();
  for (let i = 0; i < mails.length; i += INSERT_CHUNK) {
    await executor
      .insertInto("mail_queue")
      .values(mails.slice(i, i + INSERT_CHUNK).map((mail) => queueRow(mail, nowIso)))
      .execute();
  }
}

export async function listQueuedMail({ kind }: { kind?: MailKind } = {}): Promise<QueuedMail[]> {
  let query = db().selectFrom("mail_queue").select(MAIL_COLUMNS).orderBy("created_at").orderBy("id");
  if (kind) query = query.where("kind", "=", kind);
  return (await query.execute()).map(toMail);
}

function isDue(nowIso: string) {
  return (eb: ExpressionBuilder<Database, "mail_queue">) =>
    eb.or([
      eb.and([eb("state", "=", "pending"), eb("next_attempt_at", "<=", nowIso)]),
      // A claim whose lease ran out: its worker died mid-delivery.
      eb.and([eb("state", "=", "sending"), eb("lease_until", "<=", nowIso)]),
    ]);
}

const INTERRUPTED = "Delivery was interrupted; sending again";

/**
 * Atomically takes the next due mail for delivery and counts the attempt. One UPDATE whose WHERE
 * re-checks the due condition, so two workers (or instances) can never hold the same row: SQLite
 * runs one writer at a time, and PostgreSQL re-evaluates the condition on the locked row (SKIP
 * LOCKED just saves the second worker the wait).
 */
export async function claimNextDueMail({
  leaseMs,
  stableAddressKnown = true,
  now = new Date(),
}: {
  leaseMs: number;
  stableAddressKnown?: boolean;
  now?: Date;
}): Promise<ClaimedMail | null> {
  const nowIso = now.toISOString();
  const leaseUntil = new Date(now.getTime() + leaseMs).toISOString();
  const claimToken = crypto.randomUUID();
  let candidate = db()
    .selectFrom("mail_queue")
    .select("id")
    .where(isDue(nowIso))
    // Mail for the stable (no address of its own) is left alone while the stable has no address.
    .$if(!stableAddressKnown, (qb) => qb.where("to_address", "is not", null))
    .orderBy("priority")
    .orderBy("next_attempt_at")
    .orderBy("created_at")
    .limit(1);
  if (engine() === "postgres") candidate = candidate.forUpdate().skipLocked();
  const row = await db()
    .updateTable("mail_queue")
    .set({
      state: "sending",
      attempts: sql`attempts + 1`,
      lease_until: leaseUntil,
      claim_token: claimToken,
      last_error: sql`case when state = 'sending' then ${INTERRUPTED} else last_error end`,
    })
    .where("id", "=", candidate)
    .where(isDue(nowIso))
    .returning(MAIL_COLUMNS)
    .executeTakeFirst();
  if (!row) return null;
  return { ...toMail(row), claimToken, leaseUntil, reclaimed: row.last_error === INTERRUPTED };
}

/** When the next claimable mail becomes due (pending retry or expiring lease), or null if none waits. */
export async function nextMailDueAt({ stableAddressKnown = true }: { stableAddressKnown?: boolean } = {}) {
  const row = await db()
    .selectFrom("mail_queue")
    .select((eb) => [
      eb.fn
        .min(sql<string>`case when state = 'pending' then next_attempt_at when state = 'sending' then lease_until end`)
        .as("due"),
    ])
    .where("state", "in", ["pending", "sending"])
    .$if(!stableAddressKnown, (qb) => qb.where("to_address", "is not", null))
    .executeTakeFirst();
  return row?.due ?? null;
}

/** Whether mail for the stable waits for an address to be set. */
export async function stableMailWaiting() {
  const row = await db()
    .selectFrom("mail_queue")
    .select("id")
    .where("state", "in", ["pending", "sending"])
    .where("to_address", "is", null)
    .limit(1)
    .executeTakeFirst();
  return !!row;
}

type Claim = Pick<ClaimedMail, "id" | "claimToken">;

/** Ends a claim, setting `values` too. False when the claim was lost (lease expired and someone else took it). */
async function releaseClaim(claim: Claim, values: UpdateObject<Database, "mail_queue">) {
  const result = await db()
    .updateTable("mail_queue")
    .set({ ...values, lease_until: null, claim_token: null })
    .where("id", "=", claim.id)
    .where("claim_token", "=", claim.claimToken)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Records delivery. False when the claim was lost (as releaseClaim says). */
export async function markMailSent(claim: Claim, { sentTo, now = new Date() }: { sentTo: string; now?: Date }) {
  return releaseClaim(claim, { state: "sent", sent_at: now.toISOString(), sent_to: sentTo, last_error: null });
}

/** Records a failed attempt: back to pending until `retryAt`, or failed for good when null. False as above. */
export async function markMailAttemptFailed(claim: Claim, { error, retryAt }: { error: string; retryAt: Date | null }) {
  return releaseClaim(claim, {
    state: retryAt ? "pending" : "failed",
    next_attempt_at: retryAt ? retryAt.toISOString() : sql`next_attempt_at`,
    last_error: error.slice(0, 1000),
  });
}

/** Removes a claimed mail that turned out to have nothing to send (a reset for an unknown address). */
export async function dropClaimedMail(claim: Claim) {
  await db().deleteFrom("mail_queue").where("id", "=", claim.id).where("claim_token", "=", claim.claimToken).execute();
}

/** Deletes finished (sent or failed) mail of these kinds queued before `olderThan`. */
export async function pruneFinishedMail(kinds: MailKind[], olderThan: Date) {
  const result = await db()
    .deleteFrom("mail_queue")
    .where("kind", "in", kinds)
    .where("state", "in", ["sent", "failed"])
    .where("created_at", "<", olderThan.toISOString())
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/**
 * Deletes finished reset mail older than `olderThan`: it served its hour. (Contact mail stays: the
 * admin's Messages list shows its state.)
 */
export function pruneFinishedResetMail(olderThan: Date) {
  return pruneFinishedMail(["password-reset"], olderThan);
}

/** Puts failed mail matching `where` back in the queue, due now, with a fresh round of attempts. */
export async function retryFailedMail(
  where: { contactMessageId: string },
  { extraAttempts, now = new Date() }: { extraAttempts: number; now?: Date },
) {
  const result = await db()
    .updateTable("mail_queue")
    .set({
      state: "pending",
      next_attempt_at: now.toISOString(),
      attempt_limit: sql`attempts + ${extraAttempts}`,
    })
    .where("contact_message_id", "=", where.contactMessageId)
    .where("state", "=", "failed")
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}
