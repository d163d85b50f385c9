import { sql, type Kysely } from "kysely";
import { columnTypes } from "@db/dialect";
import { firstFreeSlug, slugify } from "~/racing/slug";

/**
 * Runners (a horse entered in a race, with its result once run), each horse's address (slug) and
 * the addresses a renamed horse had, so old links answer with a redirect.
 */
export async function up(db: Kysely<any>) {
  const t = columnTypes(db);

  await db.schema.alterTable("horses").addColumn("slug", "text").execute();
  const horses = await db.selectFrom("horses").select(["id", "name"]).orderBy("created_at").orderBy("id").execute();
  const taken: string[] = [];
  for (const horse of horses as { id: string; name: string }[]) {
    const slug = firstFreeSlug(slugify(horse.name), taken);
    taken.push(slug);
    await db.updateTable("horses").set({ slug }).where("id", "=", horse.id).execute();
  }
  await db.schema.createIndex("horses_slug").on("horses").column("slug").unique().execute();

  await db.schema
    .createTable("horse_slug_history")
    .addColumn("old_slug", "text", (c) => c.primaryKey())
    .addColumn("horse_id", "text", (c) => c.notNull().references("horses.id").onDelete("cascade"))
    .addColumn("created_at", t.timestamp, (c) => c.notNull().defaultTo(t.nowIso))
    .execute();
  await db.schema.createIndex("horse_slug_history_horse_id").on("horse_slug_history").column("horse_id").execute();

  await db.schema
    .createTable("runners")
    .addColumn("id", "text", (c) => c.primaryKey())
    // A deleted horse takes its runners and results with it (its victories stay, as 'Unknown Horse').
    .addColumn("horse_id", "text", (c) => c.notNull().references("horses.id").onDelete("cascade"))
    .addColumn("race_name", "text", (c) => c.notNull())
    .addColumn("race_date", "text", (c) => c.notNull())
    .addColumn("post_time", "text")
    .addColumn("track", "text")
    .addColumn("distance", "text")
    .addColumn("jockey", "text")
    .addColumn("position", "integer", (c) => c.check(sql`position between 1 and 30`))
    .addColumn("did_not_finish", "integer", (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`did_not_finish in (0, 1)`),
    )
    .addColumn("prize_ore", t.money, (c) => c.check(sql`prize_ore >= 0`))
    .addColumn("result_at", t.timestamp)
    // The victory a win created; the Winners tab may still delete it on its own.
    .addColumn("victory_id", "text", (c) => c.references("winners.id").onDelete("set null"))
    .addColumn("created_at", t.timestamp, (c) => c.notNull().defaultTo(t.nowIso))
    .addColumn("updated_at", t.timestamp, (c) => c.notNull().defaultTo(t.nowIso))
    .addCheckConstraint("runners_result", sql`not (position is not null and did_not_finish = 1)`)
    .execute();
  await db.schema.createIndex("runners_horse_id").on("runners").column("horse_id").execute();
  await db.schema.createIndex("runners_race_date").on("runners").columns(["race_date", "post_time"]).execute();
  await db.schema.createIndex("runners_victory_id").on("runners").column("victory_id").execute();
}

export async function down(db: Kysely<any>) {
  await db.schema.dropTable("runners").execute();
  await db.schema.dropTable("horse_slug_history").execute();
  await db.schema.dropIndex("horses_slug").execute();
  await db.schema.alterTable("horses").dropColumn("slug").execute();
}
