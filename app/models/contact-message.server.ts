import { sql, type ExpressionBuilder, type Selectable } from "kysely";
import type { ContactDeliveryState, Database } from "@db/schema";
import { db, engine } from "~/utils/db.server";
import type { ContactInput } from "~/utils/contact-form";

export type ContactMessage = {
  id: string;
  name: string;
  email: string;
  message: string;
  createdAt: string;
  state: ContactDeliveryState;
  attempts: number;
  attemptLimit: number;
  nextAttemptAt: string;
  lastError: string | null;
  sentAt: string | null;
  sentTo: string | null;
};

/** A message this worker holds until `leaseUntil`; only the holder of `claimToken` may finish it. */
export type ClaimedMessage = ContactMessage & { claimToken: string; leaseUntil: string; reclaimed: boolean };

const COLUMNS = [
  "id",
  "name",
  "email",
  "message",
  "created_at",
  "state",
  "attempts",
  "attempt_limit",
  "next_attempt_at",
  "last_error",
  "sent_at",
  "sent_to",
] as const;

type Row = Selectable<Database["contact_messages"]>;

function toMessage(row: Omit<Row, "lease_until" | "claim_token">): ContactMessage {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    message: row.message,
    createdAt: row.created_at,
    state: row.state,
    attempts: Number(row.attempts),
    attemptLimit: Number(row.attempt_limit),
    nextAttemptAt: row.next_attempt_at,
    lastError: row.last_error,
    sentAt: row.sent_at,
    sentTo: row.sent_to,
  };
}

/** Stores a message as pending delivery; once this returns the message is durable. */
export async function createContactMessage(
  input: ContactInput,
  { attemptLimit, now = new Date() }: { attemptLimit: number; now?: Date },
): Promise<ContactMessage> {
  const nowIso = now.toISOString();
  const row = await db()
    .insertInto("contact_messages")
    .values({
      id: crypto.randomUUID(),
      name: input.name,
      email: input.email,
      message: input.message,
      created_at: nowIso,
      attempt_limit: attemptLimit,
      next_attempt_at: nowIso,
    })
    .returning(COLUMNS)
    .executeTakeFirstOrThrow();
  return toMessage(row);
}

export async function getContactMessage(id: string): Promise<ContactMessage | null> {
  const row = await db().selectFrom("contact_messages").select(COLUMNS).where("id", "=", id).executeTakeFirst();
  return row ? toMessage(row) : null;
}

/** Newest first. */
export async function listContactMessages({ limit = 50, offset = 0 }: { limit?: number; offset?: number } = {}) {
  const rows = await db()
    .selectFrom("contact_messages")
    .select(COLUMNS)
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .limit(limit)
    .offset(offset)
    .execute();
  return rows.map(toMessage);
}

export async function countContactMessagesByState(): Promise<Record<ContactDeliveryState, number>> {
  const rows = await db()
    .selectFrom("contact_messages")
    .select(["state", (eb) => eb.fn.countAll<number | string>().as("n")])
    .groupBy("state")
    .execute();
  const counts: Record<ContactDeliveryState, number> = { pending: 0, sending: 0, sent: 0, failed: 0 };
  for (const r of rows) counts[r.state as ContactDeliveryState] = Number(r.n);
  return counts;
}

function isDue(nowIso: string) {
  return (eb: ExpressionBuilder<Database, "contact_messages">) =>
    eb.or([
      eb.and([eb("state", "=", "pending"), eb("next_attempt_at", "<=", nowIso)]),
      // A claim whose lease ran out: its worker died mid-delivery.
      eb.and([eb("state", "=", "sending"), eb("lease_until", "<=", nowIso)]),
    ]);
}

/**
 * Atomically takes the next due message for delivery and counts the attempt. One UPDATE whose
 * WHERE re-checks the due condition, so two workers (or instances) can never hold the same row:
 * SQLite runs one writer at a time, and PostgreSQL re-evaluates the condition on the locked row
 * (SKIP LOCKED just saves the second worker the wait).
 */
export async function claimNextDueMessage({
  leaseMs,
  now = new Date(),
}: {
  leaseMs: number;
  now?: Date;
}): Promise<ClaimedMessage | null> {
  const nowIso = now.toISOString();
  const leaseUntil = new Date(now.getTime() + leaseMs).toISOString();
  const claimToken = crypto.randomUUID();
  let candidate = db()
    .selectFrom("contact_messages")
    .select("id")
    .where(isDue(nowIso))
    .orderBy("next_attempt_at")
    .orderBy("created_at")
    .limit(1);
  if (engine() === "postgres") candidate = candidate.forUpdate().skipLocked();
  const row = await db()
    .updateTable("contact_messages")
    .set({
      state: "sending",
      attempts: sql`attempts + 1`,
      lease_until: leaseUntil,
      claim_token: claimToken,
      last_error: sql`case when state = 'sending' then 'Delivery was interrupted; sending again' else last_error end`,
    })
    .where("id", "=", candidate)
    .where(isDue(nowIso))
    .returning([...COLUMNS])
    .executeTakeFirst();
  if (!row) return null;
  return {
    ...toMessage(row),
    claimToken,
    leaseUntil,
    reclaimed: row.last_error === "Delivery was interrupted; sending again",
  };
}

/** When the next message becomes due (pending retry or expiring lease), or null if none waits. */
export async function nextDueAt(): Promise<string | null> {
  const row = await db()
    .selectFrom("contact_messages")
    .select((eb) => [
      eb.fn
        .min(sql<string>`case when state = 'pending' then next_attempt_at when state = 'sending' then lease_until end`)
        .as("due"),
    ])
    .where("state", "in", ["pending", "sending"])
    .executeTakeFirst();
  return row?.due ?? null;
}

/** Records delivery. False when the claim was lost (lease expired and someone else took it). */
export async function markContactMessageSent(
  claim: Pick<ClaimedMessage, "id" | "claimToken">,
  { sentTo, now = new Date() }: { sentTo: string; now?: Date },
) {
  const result = await db()
    .updateTable("contact_messages")
    .set({
      state: "sent",
      sent_at: now.toISOString(),
      sent_to: sentTo,
      lease_until: null,
      claim_token: null,
      last_error: null,
    })
    .where("id", "=", claim.id)
    .where("claim_token", "=", claim.claimToken)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Records a failed attempt: back to pending until `retryAt`, or failed for good when null. */
export async function markContactAttemptFailed(
  claim: Pick<ClaimedMessage, "id" | "claimToken">,
  { error, retryAt }: { error: string; retryAt: Date | null },
) {
  const result = await db()
    .updateTable("contact_messages")
    .set({
      state: retryAt ? "pending" : "failed",
      next_attempt_at: retryAt ? retryAt.toISOString() : sql`next_attempt_at`,
      last_error: error.slice(0, 1000),
      lease_until: null,
      claim_token: null,
    })
    .where("id", "=", claim.id)
    .where("claim_token", "=", claim.claimToken)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Puts a failed message back in the queue, due now, with a fresh round of attempts. */
export async function retryContactMessage(
  id: string,
  { extraAttempts, now = new Date() }: { extraAttempts: number; now?: Date },
) {
  const result = await db()
    .updateTable("contact_messages")
    .set({
      state: "pending",
      next_attempt_at: now.toISOString(),
      attempt_limit: sql`attempts + ${extraAttempts}`,
    })
    .where("id", "=", id)
    .where("state", "=", "failed")
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
