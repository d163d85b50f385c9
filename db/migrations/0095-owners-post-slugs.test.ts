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

test("owners-only posts give their public-looking addresses up; public posts keep theirs", async () => {
  handle = await emptyTestDatabase();
  expect((await migrator(handle.db).migrateTo("0085-owners-posts")).error).toBeUndefined();
  const raw = handle.db as unknown as Kysely<Record<string, Record<string, unknown>>>;
  const post = (id: string, slug: string, audience: string) => ({
    id,
    slug,
    title: `Post ${id}`,
    body: "Body",
    language: "en",
    audience,
    publish_at: "2026-06-01T10:00:00.000Z",
  });
  await raw
    .insertInto("posts")
    .values([post("p1", "foal-news", "owners"), post("p2", "foal-news-2", "public"), post("p3", "derby", "public")])
    .execute();

  expect(await migrateToLatest(handle.db)).toContain("0095-owners-post-slugs");
  const slugs = await raw.selectFrom("posts").select(["id", "slug"]).orderBy("id").execute();
  expect(slugs).toEqual([
    { id: "p1", slug: "foal-news--owners" },
    { id: "p2", slug: "foal-news-2" },
    { id: "p3", slug: "derby" },
  ]);
});
