import type { MailDeliveryState } from "@db/schema";
import { db } from "~/platform/db.server";
import type { ContactInput } from "~/contact/contact-form";
import { enqueueMail, retryFailedMail, toDelivery, type MailDelivery } from "./mail-queue.server";

/** A visitor's message with the delivery state of its e-mail to the stable (from the mail queue). */
export type ContactMessage = MailDelivery & {
  id: string;
  name: string;
  email: string;
  message: string;
  createdAt: string;
  /** When an administrator opened it in the dashboard; null while it is new. */
  readAt: string | null;
};

function withDelivery() {
  return db()
    .selectFrom("contact_messages as c")
    .innerJoin("mail_queue as m", "m.contact_message_id", "c.id")
    .select([
      "c.id",
      "c.name",
      "c.email",
      "c.message",
      "c.created_at",
      "c.read_at",
      "m.state",
      "m.attempts",
      "m.attempt_limit",
      "m.next_attempt_at",
      "m.last_error",
      "m.sent_at",
      "m.sent_to",
    ]);
}

type Row = Awaited<ReturnType<ReturnType<typeof withDelivery>["executeTakeFirstOrThrow"]>>;

function toMessage(row: Row): ContactMessage {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    message: row.message,
    createdAt: row.created_at,
    readAt: row.read_at,
    ...toDelivery(row),
  };
}

/**
 * Stores a message and queues its e-mail to the stable in one transaction; once this returns the
 * message is durable. The e-mail is composed when it is sent, to the stable's address at that time.
 */
export async function createContactMessage(
  input: ContactInput,
  { attemptLimit, now = new Date() }: { attemptLimit: number; now?: Date },
): Promise<ContactMessage> {
  const id = crypto.randomUUID();
  await db()
    .transaction()
    .execute(async (trx) => {
      await trx
        .insertInto("contact_messages")
        .values({ id, name: input.name, email: input.email, message: input.message, created_at: now.toISOString() })
        .execute();
      await enqueueMail({ kind: "contact", contactMessageId: id, attemptLimit }, { executor: trx, now });
    });
  return (await getContactMessage(id))!;
}

export async function getContactMessage(id: string): Promise<ContactMessage | null> {
  const row = await withDelivery().where("c.id", "=", id).executeTakeFirst();
  return row ? toMessage(row) : null;
}

/** Newest first. */
export async function listContactMessages({ limit = 50, offset = 0 }: { limit?: number; offset?: number } = {}) {
  const rows = await withDelivery()
    .orderBy("c.created_at", "desc")
    .orderBy("c.id", "desc")
    .limit(limit)
    .offset(offset)
    .execute();
  return rows.map(toMessage);
}

/** The newest messages nobody has opened yet, newest first. */
export async function listUnreadContactMessages(limit: number) {
  const rows = await withDelivery()
    .where("c.read_at", "is", null)
    .orderBy("c.created_at", "desc")
    .orderBy("c.id", "desc")
    .limit(limit)
    .execute();
  return rows.map(toMessage);
}

export async function countUnreadContactMessages(): Promise<number> {
  const row = await db()
    .selectFrom("contact_messages")
    .select((eb) => eb.fn.countAll<number | string>().as("n"))
    .where("read_at", "is", null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * Marks a message read (opened in the dashboard); one read already keeps its first time. False
 * when there is no such message. Reading is not a change to the site: the activity log leaves it out.
 */
export async function markContactMessageRead(id: string, now = new Date()): Promise<boolean> {
  const found = await db().selectFrom("contact_messages").select("read_at").where("id", "=", id).executeTakeFirst();
  if (!found) return false;
  if (found.read_at === null) {
    await db()
      .updateTable("contact_messages")
      .set({ read_at: now.toISOString() })
      .where("id", "=", id)
      .where("read_at", "is", null)
      .execute();
  }
  return true;
}

export async function countContactMessagesByState(): Promise<Record<MailDeliveryState, number>> {
  const rows = await db()
    .selectFrom("mail_queue")
    .select(["state", (eb) => eb.fn.countAll<number | string>().as("n")])
    .where("kind", "=", "contact")
    .groupBy("state")
    .execute();
  const counts: Record<MailDeliveryState, number> = { pending: 0, sending: 0, sent: 0, failed: 0 };
  for (const r of rows) counts[r.state] = Number(r.n);
  return counts;
}

/** Puts a failed message back in the queue, due now, with a fresh round of attempts. */
export async function retryContactMessage(id: string, options: { extraAttempts: number; now?: Date }) {
  return retryFailedMail({ contactMessageId: id }, options);
}
