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

test("existing runners become entered, results stay, queued mail stays and any kind may be queued", async () => {
  handle = await emptyTestDatabase();
  const { error } = await migrator(handle.db).migrateTo("0045-admin-language-and-read-messages");
  expect(error).toBeUndefined();
  const raw = handle.db as unknown as Kysely<Record<string, Record<string, unknown>>>;
  const now = "2026-06-01T10:00:00.000Z";
  await raw
    .insertInto("horses")
    .values({ id: "h1", name: "Nordlys", slug: "nordlys", age: 4, color: "Brown", sire: "S", dam: "D" })
    .execute();
  await raw
    .insertInto("runners")
    .values([
      { id: "r1", horse_id: "h1", race_name: "Ahead", race_date: "2099-06-07" },
      { id: "r2", horse_id: "h1", race_name: "Ran", race_date: "2026-05-01", position: 2, result_at: now },
    ])
    .execute();
  await raw
    .insertInto("mail_queue")
    .values({
      id: "q1",
      kind: "password-reset",
      to_address: "a@example.com",
      created_at: now,
      attempt_limit: 3,
      next_attempt_at: now,
    })
    .execute();

  await migrateToLatest(handle.db);
  const runners = await raw
    .selectFrom("runners")
    .select(["id", "status", "position", "sequence"])
    .orderBy("id")
    .execute();
  expect(
    runners.map((r) => ({
      ...r,
      position: r.position === null ? null : Number(r.position),
      sequence: Number(r.sequence),
    })),
  ).toEqual([
    { id: "r1", status: "entered", position: null, sequence: 0 },
    { id: "r2", status: "entered", position: 2, sequence: 0 },
  ]);
  expect(await raw.selectFrom("mail_queue").select(["id", "kind", "state"]).execute()).toEqual([
    { id: "q1", kind: "password-reset", state: "pending" },
  ]);
  await raw
    .insertInto("mail_queue")
    .values({
      id: "q2",
      kind: "deadline-reminder",
      to_address: "a@example.com",
      created_at: now,
      attempt_limit: 3,
      next_attempt_at: now,
    })
    .execute();
  await expect(raw.updateTable("runners").set({ status: "gone" }).where("id", "=", "r1").execute()).rejects.toThrow();
});
