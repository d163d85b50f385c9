import { sql, type Kysely } from "kysely";
import { columnTypes, isPostgres } from "@db/dialect";

/**
 * Owners-only posts: `audience` may be 'owners' (the tagged horses' owners and their guests), and
 * `notices_queued_at` records when the update's notices were queued (set once, in the transaction
 * that queues them: the claim that no instance queues them twice and no later save again).
 * SQLite cannot change a CHECK, so `posts` is made again with the same columns, rows and indexes;
 * its children (photos, tags, newsletter sends) keep their rows: foreign keys are off while the
 * table is swapped, and checked before they are on again (SQLite's own twelve-step recipe).
 */
export async function up(db: Kysely<any>) {
  if (isPostgres(db)) {
    await sql`alter table posts drop constraint if exists posts_audience_check`.execute(db);
    await sql`alter table posts add constraint posts_audience_check check (audience in ('public', 'owners'))`.execute(
      db,
    );
    await db.schema.alterTable("posts").addColumn("notices_queued_at", columnTypes(db).timestamp).execute();
    return;
  }
  await rebuildPosts(db, ["public", "owners"], true);
}

export async function down(db: Kysely<any>) {
  await db.deleteFrom("posts").where("audience", "=", "owners").execute();
  if (isPostgres(db)) {
    await db.schema.alterTable("posts").dropColumn("notices_queued_at").execute();
    await sql`alter table posts drop constraint if exists posts_audience_check`.execute(db);
    await sql`alter table posts add constraint posts_audience_check check (audience in ('public'))`.execute(db);
    return;
  }
  await rebuildPosts(db, ["public"], false);
}

const COLUMNS =
  "id, slug, title, body, language, audience, video_provider, video_id, publish_at, draft, created_at, updated_at, " +
  "newsletter, newsletter_queued_at, newsletter_recipients";

async function rebuildPosts(db: Kysely<any>, audiences: string[], noticeClaim: boolean) {
  const t = columnTypes(db);
  await sql`pragma foreign_keys = off`.execute(db);
  try {
    await db.transaction().execute(async (trx) => {
      let table = trx.schema
        .createTable("posts_new")
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("slug", "text", (c) => c.notNull().unique())
        .addColumn("title", "text", (c) => c.notNull())
        .addColumn("body", "text", (c) => c.notNull())
        .addColumn("language", "text", (c) => c.notNull().check(sql`language in ('en', 'da')`))
        .addColumn("audience", "text", (c) =>
          c
            .notNull()
            .defaultTo("public")
            .check(sql`audience in (${sql.join(audiences.map((a) => sql.lit(a)))})`),
        )
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
        .addColumn("newsletter", "integer", (c) =>
          c
            .notNull()
            .defaultTo(0)
            .check(sql`newsletter in (0, 1)`),
        )
        .addColumn("newsletter_queued_at", t.timestamp)
        .addColumn("newsletter_recipients", "integer")
        .addCheckConstraint("posts_video", sql`(video_provider is null) = (video_id is null)`);
      if (noticeClaim) table = table.addColumn("notices_queued_at", t.timestamp);
      await table.execute();
      const columns = sql.raw(COLUMNS);
      await sql`insert into posts_new (${columns}) select ${columns} from posts`.execute(trx);
      await trx.schema.dropTable("posts").execute();
      await sql`alter table posts_new rename to posts`.execute(trx);
      await trx.schema
        .createIndex("posts_publish_at")
        .on("posts")
        .columns(["audience", "draft", "publish_at"])
        .execute();
      await trx.schema
        .createIndex("posts_newsletter_due")
        .on("posts")
        .columns(["newsletter", "newsletter_queued_at", "publish_at"])
        .execute();
      const broken = await sql`pragma foreign_key_check`.execute(trx);
      if (broken.rows.length) throw new Error(`posts rebuilt with ${broken.rows.length} broken references`);
    });
  } finally {
    await sql`pragma foreign_keys = on`.execute(db);
  }
}
