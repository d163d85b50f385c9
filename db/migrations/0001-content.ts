import { sql, type Kysely } from "kysely";
import { columnTypes } from "@db/dialect";

export async function up(db: Kysely<any>) {
  const t = columnTypes(db);

  await db.schema
    .createTable("site_settings")
    .addColumn("id", "integer", (c) => c.primaryKey().check(sql`id = 1`))
    .addColumn("stable_name", "text", (c) => c.notNull())
    .addColumn("tagline", "text", (c) => c.notNull())
    .addColumn("logo_url", "text", (c) => c.notNull())
    .execute();
  await db
    .insertInto("site_settings")
    .values({
      id: 1,
      stable_name: "Stald Nordlys",
      tagline: "Thoroughbred training from Klampenborg to the winner's circle",
      logo_url: "/logo.svg",
    })
    .execute();

  await db.schema
    .createTable("latest_news")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("news_text", "text", (c) => c.notNull().check(sql`length(news_text) between 1 and 160`))
    .addColumn("created_at", t.timestamp, (c) => c.notNull().defaultTo(t.nowIso))
    .execute();
  await db.schema.createIndex("latest_news_created_at").on("latest_news").column("created_at").execute();

  await db.schema
    .createTable("home_images")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("position", "integer", (c) =>
      c
        .notNull()
        .unique()
        .check(sql`position between 1 and 4`),
    )
    .addColumn("image_url", "text")
    .addColumn("image_width", "integer")
    .addColumn("image_height", "integer")
    .addColumn("alt_text", "text", (c) => c.notNull().defaultTo(""))
    .execute();
  await db
    .insertInto("home_images")
    .values(
      [1, 2, 3, 4].map((position) => ({
        id: `home-${position}`,
        position,
        alt_text: `Gallery image ${position}`,
      })),
    )
    .execute();

  await db.schema
    .createTable("horses")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("age", "integer", (c) => c.notNull().check(sql`age >= 0`))
    .addColumn("color", "text", (c) => c.notNull())
    .addColumn("sire", "text", (c) => c.notNull())
    .addColumn("dam", "text", (c) => c.notNull())
    .addColumn("owner", "text")
    .addColumn("image_url", "text")
    .addColumn("image_width", "integer")
    .addColumn("image_height", "integer")
    .addColumn("total_prize_ore", t.money, (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`total_prize_ore >= 0`),
    )
    .addColumn("first_places", "integer", (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`first_places >= 0`),
    )
    .addColumn("second_places", "integer", (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`second_places >= 0`),
    )
    .addColumn("third_places", "integer", (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`third_places >= 0`),
    )
    .addColumn("created_at", t.timestamp, (c) => c.notNull().defaultTo(t.nowIso))
    .execute();
  await db.schema.createIndex("horses_created_at").on("horses").column("created_at").execute();

  await db.schema
    .createTable("winners")
    .addColumn("id", "text", (c) => c.primaryKey())
    // A deleted horse leaves its victories in place, shown as 'Unknown Horse'.
    .addColumn("horse_id", "text", (c) => c.references("horses.id").onDelete("set null"))
    .addColumn("race_name", "text", (c) => c.notNull())
    .addColumn("race_date", "text", (c) => c.notNull())
    .addColumn("track", "text")
    .addColumn("distance", "text")
    .addColumn("jockey", "text")
    .addColumn("prize_ore", t.money, (c) => c.check(sql`prize_ore >= 0`))
    .addColumn("photo_url", "text")
    .addColumn("photo_width", "integer")
    .addColumn("photo_height", "integer")
    .addColumn("created_at", t.timestamp, (c) => c.notNull().defaultTo(t.nowIso))
    .execute();
  await db.schema.createIndex("winners_horse_id").on("winners").column("horse_id").execute();
  await db.schema.createIndex("winners_race_date").on("winners").columns(["race_date", "created_at"]).execute();

  await db.schema
    .createTable("team_members")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("role", "text", (c) => c.notNull())
    .addColumn("description", "text")
    .addColumn("photo_url", "text")
    .addColumn("photo_width", "integer")
    .addColumn("photo_height", "integer")
    // Unique so that no interleaving of adds and moves can leave two members at one position.
    .addColumn("position", "integer", (c) => c.notNull().unique())
    .addColumn("created_at", t.timestamp, (c) => c.notNull().defaultTo(t.nowIso))
    .execute();

  await db.schema
    .createTable("contact_info")
    .addColumn("id", "integer", (c) => c.primaryKey().check(sql`id = 1`))
    .addColumn("address", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("phone_number", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("email_address", "text", (c) => c.notNull().defaultTo(""))
    .execute();
  await db.insertInto("contact_info").values({ id: 1 }).execute();
}

export async function down(db: Kysely<any>) {
  for (const table of [
    "contact_info",
    "team_members",
    "winners",
    "horses",
    "home_images",
    "latest_news",
    "site_settings",
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
