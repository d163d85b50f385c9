import crypto from "node:crypto";
import type { Expression, ExpressionBuilder, Selectable, SqlBool } from "kysely";
import type { Database } from "@db/schema";
import { recordActivity } from "~/models/activity.server";
import { enqueueMail, INSERT_CHUNK } from "~/models/mail-queue.server";
import { db, lockFor, type DB } from "~/platform/db.server";
import { getSecret } from "~/platform/secrets.server";

/**
 * Newsletter subscribers, double opt-in. Link tokens are signed from the row (never stored): the
 * table keeps their hashes to find the row, so neither a copy of the database nor a guess confirms
 * or unsubscribes anyone.
 */

export const CONFIRM_VALID_MS = 7 * 24 * 60 * 60_000;
export const SUBSCRIBER_EMAIL_MAX = 254;

export type SubscriberLanguage = "en" | "da";
type Row = Selectable<Database["subscribers"]>;

export type Subscriber = {
  id: string;
  email: string;
  language: SubscriberLanguage;
  state: "pending" | "confirmed";
  createdAt: string;
  confirmedAt: string | null;
};

function toSubscriber(row: Row): Subscriber {
  return {
    id: row.id,
    email: row.email,
    language: row.language,
    state: row.state,
    createdAt: row.created_at,
    confirmedAt: row.confirmed_at,
  };
}

export function normalizeEmail(email: string) {
  return email.trim().toLowerCase();
}

function sign(purpose: string, payload: string) {
  return crypto
    .createHmac("sha256", getSecret("SESSION_SECRET"))
    .update(`newsletter-${purpose}:${payload}`)
    .digest("base64url");
}

/** What the table keeps of a link's token. */
export const hash = (token: string) => crypto.createHash("sha256").update(token).digest("base64url");

/** The token of a subscriber's confirmation link; changes with every new confirmation mail. */
export function confirmTokenFor(row: { id: string; confirm_expires_at: string | null }) {
  return sign("confirm", `${row.id}:${row.confirm_expires_at}`);
}

export function unsubscribeTokenFor(row: { id: string; created_at: string }) {
  return sign("unsubscribe", `${row.id}:${row.created_at}`);
}

/** A token has the shape of a signature; anything else is refused before the database is asked. */
export function isTokenShaped(token: unknown): token is string {
  return typeof token === "string" && /^[A-Za-z0-9_-]{43}$/.test(token);
}

/** Confirmation mails one address may get in a day, whoever asks for them and from wherever. */
export const CONFIRMATIONS_PER_DAY = 3;
const DAY_MS = 24 * 60 * 60_000;

export type SubscriptionRequest = "queued" | "already-confirmed" | "waiting" | "limited";

/**
 * Asks for a subscription: a new or still pending address gets a fresh confirmation mail (queued in
 * the same transaction), unless one is still waiting to go ("waiting") or the address had
 * CONFIRMATIONS_PER_DAY in the last day ("limited"); then nothing changes, and the link last sent
 * keeps working. A confirmed address gets nothing. The caller answers the same every time, so
 * nobody learns who subscribes, and nobody can make the site mail one address more than this.
 */
export async function requestSubscription(
  { email, language }: { email: string; language: SubscriberLanguage },
  { attemptLimit, now = new Date() }: { attemptLimit: number; now?: Date },
): Promise<SubscriptionRequest> {
  const address = normalizeEmail(email);
  const nowIso = now.toISOString();
  const expires = new Date(now.getTime() + CONFIRM_VALID_MS).toISOString();
  return db()
    .transaction()
    .execute(async (trx) => {
      await lockFor(trx, `subscribe:${address}`);
      const existing = await trx.selectFrom("subscribers").selectAll().where("email", "=", address).executeTakeFirst();
      if (existing?.state === "confirmed") return "already-confirmed";
      const mail = await confirmationsTo(trx, address, new Date(now.getTime() - DAY_MS));
      if (mail.waiting > 0) return "waiting";
      if (mail.lastDay >= CONFIRMATIONS_PER_DAY) return "limited";
      let id: string;
      if (existing) {
        id = existing.id;
        const confirmHash = hash(confirmTokenFor({ id, confirm_expires_at: expires }));
        await trx
          .updateTable("subscribers")
          .set({ language, confirm_expires_at: expires, confirm_token_hash: confirmHash })
          .where("id", "=", id)
          .execute();
      } else {
        id = crypto.randomUUID();
        await trx
          .insertInto("subscribers")
          .values({
            id,
            email: address,
            language,
            state: "pending",
            confirm_token_hash: hash(confirmTokenFor({ id, confirm_expires_at: expires })),
            confirm_expires_at: expires,
            unsubscribe_token_hash: hash(unsubscribeTokenFor({ id, created_at: nowIso })),
            created_at: nowIso,
          })
          .execute();
      }
      await enqueueMail({ kind: "newsletter-confirm", toAddress: address, attemptLimit }, { executor: trx, now });
      return "queued";
    });
}

/** An address's confirmation mails: still to go (any age), and queued since `since`. */
async function confirmationsTo(trx: DB, address: string, since: Date) {
  const row = await trx
    .selectFrom("mail_queue")
    .select((eb) => [
      eb.fn
        .sum<number | string | null>(eb.case().when("state", "in", ["pending", "sending"]).then(1).else(0).end())
        .as("waiting"),
      eb.fn
        .sum<number | string | null>(eb.case().when("created_at", ">", since.toISOString()).then(1).else(0).end())
        .as("lastDay"),
    ])
    .where("kind", "=", "newsletter-confirm")
    .where("to_address", "=", address)
    .executeTakeFirstOrThrow();
  return { waiting: Number(row.waiting ?? 0), lastDay: Number(row.lastDay ?? 0) };
}

/** The pending subscriber a confirmation token belongs to, while the link is valid. */
export async function findByConfirmToken(token: string, now = new Date()) {
  if (!isTokenShaped(token)) return null;
  const row = await db()
    .selectFrom("subscribers")
    .selectAll()
    .where("confirm_token_hash", "=", hash(token))
    .where("state", "=", "pending")
    .where("confirm_expires_at", ">", now.toISOString())
    .executeTakeFirst();
  return row ? toSubscriber(row) : null;
}

/** Confirms once: true the first time a valid link is used, false for any later or bad use. */
export async function confirmSubscription(token: string, now = new Date()) {
  if (!isTokenShaped(token)) return false;
  const result = await db()
    .updateTable("subscribers")
    .set({ state: "confirmed", confirmed_at: now.toISOString(), confirm_token_hash: null, confirm_expires_at: null })
    .where("confirm_token_hash", "=", hash(token))
    .where("state", "=", "pending")
    .where("confirm_expires_at", ">", now.toISOString())
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function findByUnsubscribeToken(token: string) {
  if (!isTokenShaped(token)) return null;
  const row = await db()
    .selectFrom("subscribers")
    .selectAll()
    .where("unsubscribe_token_hash", "=", hash(token))
    .executeTakeFirst();
  return row ? toSubscriber(row) : null;
}

type Which = (eb: ExpressionBuilder<Database, "subscribers">) => Expression<SqlBool>;

/**
 * Deletes the subscribers `which` picks with everything that holds their addresses: their queued and
 * sent newsletter and confirmation mail (the send rows go with the rows). Returns how many.
 */
async function removeSubscribers(trx: DB, which: Which) {
  const rows = await trx.selectFrom("subscribers").select(["id", "email"]).where(which).execute();
  for (let i = 0; i < rows.length; i += INSERT_CHUNK) {
    const chunk = rows.slice(i, i + INSERT_CHUNK);
    await trx
      .deleteFrom("mail_queue")
      .where("kind", "in", ["newsletter", "newsletter-confirm"])
      .where(
        "to_address",
        "in",
        chunk.map((r) => r.email),
      )
      .execute();
    await trx
      .deleteFrom("subscribers")
      .where(
        "id",
        "in",
        chunk.map((r) => r.id),
      )
      .execute();
  }
  return rows.length;
}

const inTransaction = <T>(work: (trx: DB) => Promise<T>) => db().transaction().execute(work);

/** Removes the subscriber the token belongs to (nothing of them is kept). False: no such subscriber. */
export async function unsubscribe(token: string) {
  if (!isTokenShaped(token)) return false;
  return (
    (await inTransaction((trx) => removeSubscribers(trx, (eb) => eb("unsubscribe_token_hash", "=", hash(token))))) === 1
  );
}

/** Addresses that never confirmed are removed once their link has expired, with their confirmation mail. */
export async function pruneUnconfirmedSubscribers(now = new Date()) {
  return inTransaction((trx) =>
    removeSubscribers(trx, (eb) =>
      eb.and([eb("state", "=", "pending"), eb("confirm_expires_at", "<", now.toISOString())]),
    ),
  );
}

/** The row behind a queued mail, with what its links need. */
export async function getSubscriberRowByEmail(email: string) {
  return db().selectFrom("subscribers").selectAll().where("email", "=", normalizeEmail(email)).executeTakeFirst();
}

export async function getSubscriberRow(id: string) {
  return db().selectFrom("subscribers").selectAll().where("id", "=", id).executeTakeFirst();
}

export async function countSubscribers() {
  const row = await db()
    .selectFrom("subscribers")
    .select((eb) => [
      eb.fn.countAll<number | string>().as("all"),
      eb.fn.count<number | string>("confirmed_at").as("confirmed"),
    ])
    .executeTakeFirstOrThrow();
  return { all: Number(row.all), confirmed: Number(row.confirmed) };
}

export async function listSubscribers() {
  return (await db().selectFrom("subscribers").selectAll().orderBy("created_at").orderBy("id").execute()).map(
    toSubscriber,
  );
}

/** Every subscriber, for the administrator's export, which the activity log records (how many, not who). */
export async function exportSubscribers() {
  const subscribers = await listSubscribers();
  await recordActivity({
    kind: "export",
    entity: "subscriber",
    summary: `Exported the newsletter subscribers (${subscribers.length})`,
  });
  return subscribers;
}

/**
 * Erases a subscriber by address, at the administrator's request, with all mail that holds it. The
 * activity log says that one was erased, never who. False: no subscriber has that address.
 */
export async function eraseSubscriber(email: string) {
  return inTransaction(async (trx) => {
    if ((await removeSubscribers(trx, (eb) => eb("email", "=", normalizeEmail(email)))) === 0) return false;
    await recordActivity({ kind: "delete", entity: "subscriber", summary: "Erased a newsletter subscriber" }, { trx });
    return true;
  });
}
