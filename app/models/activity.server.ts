import type { Kysely } from "kysely";
import type { Database } from "@db/schema";
import { currentActor, type Actor } from "~/platform/actor.server";
import { db, lockFor } from "~/platform/db.server";
import { log } from "~/platform/log.server";
import type { ActivityKind } from "~/models/activity-kinds";

export { ACTIVITY_KINDS, isActivityKind, type ActivityKind } from "~/models/activity-kinds";

/** A changed field as the log shows it: its label and its values before and after, as text. */
export type FieldChange = { field: string; old: string | null; new: string | null };

export type ActivityEntry = {
  kind: ActivityKind;
  entity: string;
  entityId?: string | null;
  summary: string;
  changes?: FieldChange[];
  /** The client network, for a failed sign-in. */
  network?: string;
};

export type Activity = {
  id: string;
  at: string;
  actorEmail: string | null;
  via: string;
  kind: ActivityKind;
  entity: string;
  entityId: string | null;
  summary: string;
  changes: FieldChange[];
  /** How many attempts the entry stands for (failed sign-ins are folded). */
  repeat: number;
  /** A failed sign-in's client network, or null (several, or not a sign-in). */
  network: string | null;
};

/** Activity is kept this long, then pruned by the housekeeping job. */
export const ACTIVITY_RETENTION_MS = 365 * 24 * 60 * 60_000;
export const ACTIVITY_PAGE_SIZE = 50;

const LIMIT = 500;
const clip = (text: string | null | undefined) => (text == null ? null : text.slice(0, LIMIT));

let lastAt = 0;

/** Now, but never at or before the previous entry's time, so entries keep their order when listed. */
function nextTime() {
  lastAt = Math.max(Date.now(), lastAt + 1);
  return new Date(lastAt).toISOString();
}

/**
 * Records one entry. Writes pass their transaction, so the entry commits or rolls back with the
 * change itself. Without an actor (a change made by a test or a seeding script) nothing is
 * recorded: the log is of what people did through the dashboard, the admin command and sign-in.
 */
export async function recordActivity(
  entry: ActivityEntry,
  { trx, actor = currentActor() }: { trx?: Kysely<Database>; actor?: Actor } = {},
) {
  if (!actor) return;
  await (trx ?? db())
    .insertInto("activity")
    .values({
      id: crypto.randomUUID(),
      at: nextTime(),
      actor_id: actor.userId,
      actor_email: clip(actor.email),
      via: actor.via,
      kind: entry.kind,
      entity: entry.entity,
      entity_id: entry.entityId ?? null,
      summary: clip(entry.summary) ?? "",
      details: entry.changes?.length
        ? JSON.stringify(entry.changes.map((c) => ({ field: c.field, old: clip(c.old), new: clip(c.new) })))
        : null,
      network: entry.network ?? null,
    })
    .execute();
}

/**
 * The fields whose values differ between two versions of a row, labelled and shown by `fields`
 * (column -> label, or [label, how to show the value]).
 */
export function changedFields<R extends Record<string, unknown>>(
  before: R,
  after: R,
  fields: { [K in keyof R]?: string | readonly [string, (value: R[K]) => string] },
): FieldChange[] {
  const out: FieldChange[] = [];
  for (const key of Object.keys(fields) as (keyof R)[]) {
    if (before[key] === after[key]) continue;
    const spec = fields[key]!;
    const [label, show] = typeof spec === "string" ? [spec, undefined] : spec;
    const text = (value: R[keyof R]) => (value == null || value === "" ? null : show ? show(value) : String(value));
    out.push({ field: label, old: text(before[key]), new: text(after[key]) });
  }
  return out;
}

/** A page of the log, newest first, optionally of one kind. `hasMore` says whether an older page exists. */
export async function listActivity({ page = 1, kind }: { page?: number; kind?: ActivityKind } = {}) {
  let query = db()
    .selectFrom("activity")
    .select([
      "id",
      "at",
      "actor_email",
      "via",
      "kind",
      "entity",
      "entity_id",
      "summary",
      "details",
      "repeat_count",
      "network",
    ]);
  if (kind) query = query.where("kind", "=", kind);
  const rows = await query
    .orderBy("at", "desc")
    .orderBy("id", "desc")
    .limit(ACTIVITY_PAGE_SIZE + 1)
    .offset((page - 1) * ACTIVITY_PAGE_SIZE)
    .execute();
  const entries: Activity[] = rows.slice(0, ACTIVITY_PAGE_SIZE).map((r) => ({
    id: r.id,
    at: r.at,
    actorEmail: r.actor_email,
    via: r.via,
    kind: r.kind as ActivityKind,
    entity: r.entity,
    entityId: r.entity_id,
    summary: r.summary,
    changes: r.details ? (JSON.parse(r.details) as FieldChange[]) : [],
    repeat: Number(r.repeat_count),
    network: r.network,
  }));
  return { entries, hasMore: rows.length > ACTIVITY_PAGE_SIZE };
}

/** Removes entries older than the retention period; returns how many. */
export async function pruneActivity(now = new Date()) {
  const before = new Date(now.getTime() - ACTIVITY_RETENTION_MS).toISOString();
  const result = await db().deleteFrom("activity").where("at", "<", before).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/**
 * Records a sign-in event outside any transaction. A failure to record is logged and does not
 * undo or refuse the sign-in, sign-out or reset it is about.
 */
export async function recordAuthActivity(
  kind: Extract<ActivityKind, "sign-in" | "sign-in-failed" | "sign-out" | "password-reset">,
  who: { userId: string | null; email: string | null },
  summary: string,
) {
  try {
    await recordActivity(
      { kind, entity: "account", entityId: who.userId, summary },
      { actor: { ...who, via: "sign-in" } },
    );
  } catch (error) {
    log.warn("activity not recorded", { kind, error: error instanceof Error ? error.message : String(error) });
  }
}

/** Failed sign-ins within this long of an entry's last attempt are counted into it. */
export const SIGN_IN_FOLD_WINDOW_MS = 15 * 60_000;
/** Entries of their own a window may hold before every further failure is counted into the newest. */
const SEPARATE_FAILURES = 8;
const FAILED_SUMMARY = "Sign-in refused: wrong e-mail or password";

/**
 * Records a failed sign-in, folded into a recent entry from the same network (an IPv6 /64 or an
 * IPv4 address) or for the same e-mail: its count goes up and its time moves to the latest attempt.
 * When the window already holds SEPARATE_FAILURES entries, a flood from every network with every
 * e-mail is counted into the newest, so no flood can flood the log. A failure to record is logged.
 */
export async function recordFailedSignIn(email: string, network: string) {
  const address = clip(email);
  try {
    await db()
      .transaction()
      .execute(async (trx) => {
        await lockFor(trx, "activity:sign-in-failed");
        const since = new Date(Date.now() - SIGN_IN_FOLD_WINDOW_MS).toISOString();
        const recent = trx
          .selectFrom("activity")
          .select(["id", "actor_email", "network", "summary", "repeat_count"])
          .where("kind", "=", "sign-in-failed")
          .where("at", ">=", since)
          .orderBy("at", "desc");
        let fold = await recent
          .where((eb) => eb.or([eb("network", "=", network), eb("actor_email", "=", address)]))
          .limit(1)
          .executeTakeFirst();
        if (!fold) {
          const window = await recent.limit(SEPARATE_FAILURES).execute();
          if (window.length >= SEPARATE_FAILURES) fold = window[0];
        }
        if (!fold) {
          await recordActivity(
            { kind: "sign-in-failed", entity: "account", summary: FAILED_SUMMARY, network },
            { trx, actor: { userId: null, email: address, via: "sign-in" } },
          );
          return;
        }
        const email = fold.actor_email === address ? address : null;
        const net = fold.network === network ? network : null;
        const several = [
          ...(email === null || fold.summary.includes("several e-mail") ? ["several e-mail addresses"] : []),
          ...(net === null || fold.summary.includes("several networks") ? ["several networks"] : []),
        ];
        await trx
          .updateTable("activity")
          .set({
            at: nextTime(),
            repeat_count: Number(fold.repeat_count) + 1,
            actor_email: email,
            network: net,
            summary: several.length ? `${FAILED_SUMMARY} (${several.join(", ")})` : FAILED_SUMMARY,
          })
          .where("id", "=", fold.id)
          .execute();
      });
  } catch (error) {
    log.warn("activity not recorded", {
      kind: "sign-in-failed",
      error: error instanceof Error ? error.message : String(error),
    });
  }
}
