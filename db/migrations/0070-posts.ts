import { sql, type Kysely } from "kysely";
import { columnTypes } from "@db/dialect";

/**
 * News posts: a title, a Markdown body, the language it is written in, when it appears and for
 * whom (`audience`: 'public' now; owners-only posts share the table, the editor and the trash
 * later). Photos and tagged horses are rows of their own, in the post's order.
 */
export async function up(db: Kysely<any>) {
  const t = columnTypes(db);
  await db.schema
    .createTable("posts")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("slug", "text", (c) => c.notNull().unique())
    .addColumn("title", "text", (c) => c.notNull())
    .addColumn("body", "text", (c) => c.notNull())
    .addColumn("language", "text", (c) => c.notNull().check(sql`language in ('en', 'da')`))
    .addColumn("audience", "text", (c) =>
      c
        .notNull()
        .defaultTo("public")
        .check(sql`audience in ('public')`),
    )
    // 'youtube' or 'vimeo' and the video's id there; never a whole address typed by someone.
    .addColumn("video_provider", "text", (c) => c.check(sql`video_provider in ('youtube', 'vimeo')`))
    .addColumn("video_id", "text")
    .addColumn("publish_at", t.timestamp, (c) => c.notNull())
    .addColumn("draft", "integer", (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`draft in (0, 1)`),
    )
    .addColumn("created_at", t.timestamp, (c) => c.notNull().defaultTo(t.nowIso))
    .addColumn("updated_at", t.timestamp, (c) => c.notNull().defaultTo(t.nowIso))
    .addCheckConstraint("posts_video", sql`(video_provider is null) = (video_id is null)`)
    .execute();
  await db.schema.createIndex("posts_publish_at").on("posts").columns(["audience", "draft", "publish_at"]).execute();

  await db.schema
    .createTable("post_photos")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("post_id", "text", (c) => c.notNull().references("posts.id").onDelete("cascade"))
    .addColumn("position", "integer", (c) => c.notNull().check(sql`position between 1 and 8`))
    .addColumn("image_url", "text", (c) => c.notNull())
    .addColumn("image_width", "integer")
    .addColumn("image_height", "integer")
    .addColumn("description", "text", (c) => c.notNull().defaultTo(""))
    .addUniqueConstraint("post_photos_position", ["post_id", "position"])
    .execute();

  // No reference to horses: a deleted horse's tags stay and count again when the horse is restored.
  await db.schema
    .createTable("post_horses")
    .addColumn("post_id", "text", (c) => c.notNull().references("posts.id").onDelete("cascade"))
    .addColumn("horse_id", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("post_horses_pk", ["post_id", "horse_id"])
    .execute();
  await db.schema.createIndex("post_horses_horse_id").on("post_horses").column("horse_id").execute();
}

export async function down(db: Kysely<any>) {
  await db.schema.dropTable("post_horses").execute();
  await db.schema.dropTable("post_photos").execute();
  await db.schema.dropTable("posts").execute();
}
