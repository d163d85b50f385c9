import type { Kysely } from "kysely";
import { afterEach, expect, test } from "vitest";
import { migrator } from "@db/migrations/migrator";
import type { DatabaseHandle } from "~/platform/db.server";
import { dropTestDatabases, emptyTestDatabase } from "@tests/db";

let handle: DatabaseHandle | undefined;

afterEach(async () => {
  await handle?.close();
  handle = undefined;
  await dropTestDatabases();
});

test("a Danish post's texts move to its Danish columns; an English one keeps its own; and back", async () => {
  handle = await emptyTestDatabase();
  const to = async (name: string) => expect((await migrator(handle!.db).migrateTo(name)).error).toBeUndefined();
  await to("0085-owners-posts");
  const raw = handle.db as unknown as Kysely<Record<string, Record<string, unknown>>>;
  const post = (id: string, language: string, title: string) => ({
    id,
    slug: id,
    title,
    body: `${title} body`,
    language,
    publish_at: "2026-06-01T10:00:00.000Z",
  });
  await raw
    .insertInto("posts")
    .values([post("en", "en", "Derby day"), post("da", "da", "Derbydag")])
    .execute();
  await raw
    .insertInto("post_photos")
    .values([
      { id: "p-en", post_id: "en", position: 1, image_url: "/media/post-photos/a.jpg", description: "The finish" },
      { id: "p-da", post_id: "da", position: 1, image_url: "/media/post-photos/b.jpg", description: "Målstregen" },
    ])
    .execute();
  await raw.insertInto("latest_news").values({ id: "n", news_text: "Hello" }).execute();

  await to("0100-bilingual-content");
  const posts = await raw
    .selectFrom("posts")
    .select(["id", "title", "body", "title_da", "body_da"])
    .orderBy("id")
    .execute();
  expect(posts).toEqual([
    { id: "da", title: "", body: "", title_da: "Derbydag", body_da: "Derbydag body" },
    { id: "en", title: "Derby day", body: "Derby day body", title_da: "", body_da: "" },
  ]);
  const photos = await raw
    .selectFrom("post_photos")
    .select(["id", "description", "description_da"])
    .orderBy("id")
    .execute();
  expect(photos).toEqual([
    { id: "p-da", description: "", description_da: "Målstregen" },
    { id: "p-en", description: "The finish", description_da: "" },
  ]);
  expect(await raw.selectFrom("latest_news").select(["news_text", "news_text_da"]).execute()).toEqual([
    { news_text: "Hello", news_text_da: "" },
  ]);

  await to("0085-owners-posts");
  const back = await raw.selectFrom("posts").select(["id", "title", "language"]).orderBy("id").execute();
  expect(back).toEqual([
    { id: "da", title: "Derbydag", language: "da" },
    { id: "en", title: "Derby day", language: "en" },
  ]);
  expect(await raw.selectFrom("post_photos").select("description").orderBy("id").execute()).toEqual([
    { description: "Målstregen" },
    { description: "The finish" },
  ]);
});
