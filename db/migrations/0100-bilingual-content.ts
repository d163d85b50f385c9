import { sql, type Kysely } from "kysely";

/**
 * Every text a visitor reads in both languages (decision 0230): beside each text the stable types,
 * whose column stays the English one (the spec's field and limit), a `_da` column for the Danish
 * one; "" where a language is not given. A post no longer has one language: what a Danish post
 * held moves to its Danish columns (title, body, photo descriptions) and its English ones are left
 * empty, so each page shows it as before (in Danish, marked so on an English page). The Site tab's
 * ownership text is null until the stable writes its own (the standard text in that language).
 */
const DANISH_TEXTS = [
  ["latest_news", "news_text_da"],
  ["posts", "title_da"],
  ["posts", "body_da"],
  ["post_photos", "description_da"],
  ["team_members", "role_da"],
  ["team_members", "description_da"],
  ["home_images", "alt_text_da"],
] as const;

export async function up(db: Kysely<any>) {
  for (const [table, column] of DANISH_TEXTS)
    await db.schema
      .alterTable(table)
      .addColumn(column, "text", (c) => c.notNull().defaultTo(""))
      .execute();
  await sql`update post_photos set description_da = description, description = ''
    where post_id in (select id from posts where language = 'da')`.execute(db);
  await sql`update posts set title_da = title, body_da = body, title = '', body = '' where language = 'da'`.execute(db);
  await db.schema.alterTable("posts").dropColumn("language").execute();
  for (const column of ["ownership_en", "ownership_da"])
    await db.schema.alterTable("site_settings").addColumn(column, "text").execute();
}

export async function down(db: Kysely<any>) {
  for (const column of ["ownership_da", "ownership_en"])
    await db.schema.alterTable("site_settings").dropColumn(column).execute();
  await db.schema
    .alterTable("posts")
    .addColumn("language", "text", (c) =>
      c
        .notNull()
        .defaultTo("en")
        .check(sql`language in ('en', 'da')`),
    )
    .execute();
  // A post with no English text was a Danish one.
  await sql`update posts set language = 'da', title = title_da, body = body_da where title = '' and body = ''`.execute(
    db,
  );
  await sql`update post_photos set description = description_da
    where post_id in (select id from posts where language = 'da')`.execute(db);
  for (const [table, column] of [...DANISH_TEXTS].reverse())
    await db.schema.alterTable(table).dropColumn(column).execute();
}
