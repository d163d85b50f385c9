import type { Kysely } from "kysely";
import { afterEach, expect, test } from "vitest";
import { migrateToLatest, migrator } from "@db/migrations/migrator";
import type { DatabaseHandle } from "~/platform/db.server";
import { dropTestDatabases, emptyTestDatabase } from "@tests/db";

let handle: DatabaseHandle | undefined;

afterEach(async () => {
  await handle?.close();
  handle = undefined;
  await dropTestDatabases();
});

test("contact messages queued before the mail queue existed keep their delivery state in it", async () => {
  handle = await emptyTestDatabase();
  const { error } = await migrator(handle.db).migrateTo("0005-contact-messages");
  expect(error).toBeUndefined();
  const row = (id: string, state: string, attempts: number) => ({
    id,
    name: "Anne",
    email: "anne@example.com",
    message: "Could we visit?",
    created_at: "2026-01-01T10:00:00.000Z",
    state,
    attempts,
    attempt_limit: 10,
    next_attempt_at: "2026-01-01T10:05:00.000Z",
    last_error: state === "failed" ? "connect ECONNREFUSED" : null,
    sent_to: state === "sent" ? "stable@example.com" : null,
  });
  const raw = handle.db as unknown as Kysely<Record<string, Record<string, unknown>>>;
  await raw
    .insertInto("contact_messages")
    .values([row("m1", "pending", 0), row("m2", "failed", 10), row("m3", "sent", 1)])
    .execute();

  await migrateToLatest(handle.db);
  const queued = await handle.db
    .selectFrom("mail_queue")
    .select(["contact_message_id", "kind", "state", "attempts", "attempt_limit", "last_error", "sent_to", "to_address"])
    .orderBy("contact_message_id")
    .execute();
  expect(queued.map((q) => ({ ...q, attempts: Number(q.attempts), attempt_limit: Number(q.attempt_limit) }))).toEqual([
    {
      contact_message_id: "m1",
      kind: "contact",
      state: "pending",
      attempts: 0,
      attempt_limit: 10,
      last_error: null,
      sent_to: null,
      to_address: null,
    },
    {
      contact_message_id: "m2",
      kind: "contact",
      state: "failed",
      attempts: 10,
      attempt_limit: 10,
      last_error: "connect ECONNREFUSED",
      sent_to: null,
      to_address: null,
    },
    {
      contact_message_id: "m3",
      kind: "contact",
      state: "sent",
      attempts: 1,
      attempt_limit: 10,
      last_error: null,
      sent_to: "stable@example.com",
      to_address: null,
    },
  ]);
  const messages = await handle.db.selectFrom("contact_messages").selectAll().orderBy("id").execute();
  // The delivery columns moved to the queue; later migrations may add columns of their own.
  const columns = Object.keys(messages[0]!);
  expect(columns).toEqual(expect.arrayContaining(["created_at", "email", "id", "message", "name"]));
  for (const moved of ["state", "attempts", "attempt_limit", "next_attempt_at", "last_error", "sent_to"]) {
    expect(columns).not.toContain(moved);
  }
});
