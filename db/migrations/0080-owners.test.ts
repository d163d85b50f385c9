import type { Kysely } from "kysely";
import { afterEach, expect, test } from "vitest";
import { MIGRATION_NAMES, migrateToLatest, migrator } from "@db/migrations/migrator";
import type { DatabaseHandle } from "~/platform/db.server";
import { dropTestDatabases, emptyTestDatabase } from "@tests/db";

let handle: DatabaseHandle | undefined;

afterEach(async () => {
  await handle?.close();
  handle = undefined;
  await dropTestDatabases();
});

test("the owners' tables hold a guest only with its owner named, and come and go cleanly", async () => {
  handle = await emptyTestDatabase();
  await migrateToLatest(handle.db);
  const raw = handle.db as unknown as Kysely<Record<string, Record<string, unknown>>>;
  const now = "2026-06-01T10:00:00.000Z";
  const pg = handle.engine === "postgres";
  const user = (id: string) => ({
    id,
    name: id,
    email: `${id}@example.com`,
    email_verified: pg ? true : 1,
    created_at: pg ? new Date(now) : now,
    updated_at: pg ? new Date(now) : now,
  });
  await raw
    .insertInto("users")
    .values([user("o1"), user("g1")])
    .execute();
  const account = { language: "da", state: "active", invited_at: now, created_at: now };
  await raw
    .insertInto("owner_accounts")
    .values({ user_id: "o1", role: "owner", name: "Anna", ...account })
    .execute();
  await expect(
    raw
      .insertInto("owner_accounts")
      .values({ user_id: "g1", role: "guest", name: "Gitte", ...account })
      .execute(),
  ).rejects.toThrow();
  await raw
    .insertInto("owner_accounts")
    .values({ user_id: "g1", role: "guest", host_id: "o1", name: "Gitte", ...account })
    .execute();
  // A link to a horse that is not there (in the trash): no foreign key refuses it.
  await raw.insertInto("owner_horses").values({ user_id: "o1", horse_id: "trashed-horse", created_at: now }).execute();
  const notice = { user_id: "o1", kind: "entry", event: "runner:r1:0", horse_id: "h", details: "{}", created_at: now };
  await raw
    .insertInto("owner_notices")
    .values({ id: "n1", ...notice })
    .execute();
  await expect(
    raw
      .insertInto("owner_notices")
      .values({ id: "n2", ...notice })
      .execute(),
  ).rejects.toThrow();
  await raw.deleteFrom("users").where("id", "=", "o1").execute();
  expect(await raw.selectFrom("owner_horses").selectAll().execute()).toEqual([]);
  expect(await raw.selectFrom("owner_notices").selectAll().execute()).toEqual([]);

  // Down to the migration before, and up again: what follows it is undone and redone with it.
  const at = MIGRATION_NAMES.indexOf("0080-owners");
  const { error } = await migrator(handle.db).migrateTo(MIGRATION_NAMES[at - 1]!);
  expect(error).toBeUndefined();
  expect(await migrateToLatest(handle.db)).toEqual(MIGRATION_NAMES.slice(at));
});
