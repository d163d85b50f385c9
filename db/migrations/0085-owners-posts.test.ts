import { sql, type Kysely } from "kysely";
import { afterEach, expect, test } from "vitest";
import { migrator } from "@db/migrations/migrator";
import type { DatabaseHandle } from "~/platform/db.server";
import { dropTestDatabases, emptyTestDatabase } from "@tests/db";

let handle: DatabaseHandle | undefined;

/** Up to this migration (later ones change posts again), answering the names applied. */
async function upTo0085() {
  const { error, results } = await migrator(handle!.db).migrateTo("0085-owners-posts");
  expect(error).toBeUndefined();
  return (results ?? []).map((r) => r.migrationName);
}

afterEach(async () => {
  await handle?.close();
  handle = undefined;
  await dropTestDatabases();
});

test("posts may be for owners; existing posts keep their photos, tags, newsletter sends and indexes", async () => {
  handle = await emptyTestDatabase();
  const { error } = await migrator(handle.db).migrateTo("0080-owners");
  expect(error).toBeUndefined();
  const raw = handle.db as unknown as Kysely<Record<string, Record<string, unknown>>>;
  const now = "2026-06-01T10:00:00.000Z";
  const post = (id: string, slug: string) => ({
    id,
    slug,
    title: `Post ${id}`,
    body: "Body",
    language: "da",
    publish_at: now,
    newsletter: 1,
    newsletter_queued_at: now,
    newsletter_recipients: 1,
  });
  await raw
    .insertInto("posts")
    .values([post("p1", "first"), post("p2", "second")])
    .execute();
  await raw
    .insertInto("post_photos")
    .values({ id: "ph1", post_id: "p1", position: 1, image_url: "/media/post-photos/1-aaaaaaaaaaaa.jpg" })
    .execute();
  await raw.insertInto("post_horses").values({ post_id: "p1", horse_id: "h1" }).execute();
  await raw
    .insertInto("subscribers")
    .values({
      id: "s1",
      email: "s@example.com",
      language: "en",
      state: "confirmed",
      unsubscribe_token_hash: "x",
      created_at: now,
    })
    .execute();
  await raw
    .insertInto("newsletter_sends")
    .values({ post_id: "p1", subscriber_id: "s1", mail_id: "m1", created_at: now })
    .execute();
  await expect(
    raw
      .insertInto("posts")
      .values({ ...post("p3", "third"), audience: "owners" })
      .execute(),
  ).rejects.toThrow();

  expect(await upTo0085()).toContain("0085-owners-posts");

  const posts = await raw
    .selectFrom("posts")
    .select(["id", "slug", "audience", "newsletter_queued_at", "notices_queued_at"])
    .orderBy("id")
    .execute();
  expect(posts).toEqual([
    { id: "p1", slug: "first", audience: "public", newsletter_queued_at: now, notices_queued_at: null },
    { id: "p2", slug: "second", audience: "public", newsletter_queued_at: now, notices_queued_at: null },
  ]);
  expect(await raw.selectFrom("post_photos").select("id").execute()).toEqual([{ id: "ph1" }]);
  expect(await raw.selectFrom("post_horses").select("horse_id").execute()).toEqual([{ horse_id: "h1" }]);
  expect(await raw.selectFrom("newsletter_sends").select("mail_id").execute()).toEqual([{ mail_id: "m1" }]);

  await raw
    .insertInto("posts")
    .values({ ...post("p3", "third"), audience: "owners", notices_queued_at: now })
    .execute();
  await expect(
    raw
      .insertInto("posts")
      .values({ ...post("p4", "fourth"), audience: "friends" })
      .execute(),
  ).rejects.toThrow();
  // Still one address per post, and the children still follow their post.
  await expect(raw.insertInto("posts").values(post("p5", "first")).execute()).rejects.toThrow();
  await expect(raw.insertInto("post_horses").values({ post_id: "nobody", horse_id: "h1" }).execute()).rejects.toThrow();
  await raw.deleteFrom("posts").where("id", "=", "p1").execute();
  expect(await raw.selectFrom("post_photos").select("id").execute()).toEqual([]);
  expect(await raw.selectFrom("newsletter_sends").select("mail_id").execute()).toEqual([]);

  if (handle.engine === "sqlite") {
    const indexes = await sql<{
      name: string;
    }>`select name from sqlite_master where type = 'index' and tbl_name = 'posts' and name not like 'sqlite_%' order by name`.execute(
      handle.db,
    );
    expect(indexes.rows.map((r) => r.name)).toEqual(["posts_newsletter_due", "posts_publish_at"]);
    expect((await sql`pragma foreign_keys`.execute(handle.db)).rows).toEqual([{ foreign_keys: 1 }]);
  }

  // And back: the owners' posts go, the public ones stay.
  const down = await migrator(handle.db).migrateTo("0080-owners");
  expect(down.error).toBeUndefined();
  expect(await raw.selectFrom("posts").select("id").execute()).toEqual([{ id: "p2" }]);
  expect(await upTo0085()).toEqual(["0085-owners-posts"]);
});
