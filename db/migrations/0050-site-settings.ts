import type { Kysely } from "kysely";

/**
 * What makes the site the stable's own (the Site tab): the Danish tagline, the logo's and the hero
 * photo's stored sizes, the hero photo's description in both languages, the home page's Excellence
 * and 24/7 texts (null: the site's standard text in that language) and the social links.
 */
const TEXT_COLUMNS = [
  "excellence_en",
  "excellence_da",
  "care_en",
  "care_da",
  "facebook_url",
  "instagram_url",
  "youtube_url",
  "x_url",
  "hero_url",
] as const;
const SIZE_COLUMNS = ["logo_width", "logo_height", "hero_width", "hero_height"] as const;

export async function up(db: Kysely<any>) {
  await db.schema
    .alterTable("site_settings")
    .addColumn("tagline_da", "text", (c) => c.notNull().defaultTo("Fuldblodstræning fra Klampenborg til vindercirklen"))
    .execute();
  await db.schema
    .alterTable("site_settings")
    .addColumn("hero_alt_en", "text", (c) => c.notNull().defaultTo(""))
    .execute();
  await db.schema
    .alterTable("site_settings")
    .addColumn("hero_alt_da", "text", (c) => c.notNull().defaultTo(""))
    .execute();
  for (const column of TEXT_COLUMNS) await db.schema.alterTable("site_settings").addColumn(column, "text").execute();
  for (const column of SIZE_COLUMNS) await db.schema.alterTable("site_settings").addColumn(column, "integer").execute();
}

export async function down(db: Kysely<any>) {
  for (const column of [...SIZE_COLUMNS, ...TEXT_COLUMNS].reverse())
    await db.schema.alterTable("site_settings").dropColumn(column).execute();
  for (const column of ["hero_alt_da", "hero_alt_en", "tagline_da"])
    await db.schema.alterTable("site_settings").dropColumn(column).execute();
}
