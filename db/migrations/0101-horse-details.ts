import { sql, type Kysely } from "kysely";

/**
 * A horse's record as racing people read it (decision 0231): its sex (a word racing has, stored as
 * male/female/gelding, or the stable's own), year of birth (its age follows from it), dam's sire, a
 * description in both languages, and whether shares in it are for sale, with a short text in both.
 */
export async function up(db: Kysely<any>) {
  const horses = () => db.schema.alterTable("horses");
  await horses().addColumn("sex", "text").execute();
  await horses()
    .addColumn("year_of_birth", "integer", (c) => c.check(sql`year_of_birth between 1900 and 2999`))
    .execute();
  await horses().addColumn("dam_sire", "text").execute();
  for (const column of ["description", "description_da", "shares_text", "shares_text_da"])
    await horses()
      .addColumn(column, "text", (c) => c.notNull().defaultTo(""))
      .execute();
  await horses()
    .addColumn("shares_available", "integer", (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`shares_available in (0, 1)`),
    )
    .execute();
}

export async function down(db: Kysely<any>) {
  for (const column of [
    "shares_available",
    "shares_text_da",
    "shares_text",
    "description_da",
    "description",
    "dam_sire",
    "year_of_birth",
    "sex",
  ])
    await db.schema.alterTable("horses").dropColumn(column).execute();
}
