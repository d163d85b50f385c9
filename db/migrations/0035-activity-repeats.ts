import type { Kysely } from "kysely";

/** Failed sign-ins folded into one entry: how many attempts it stands for, and from which network. */
export async function up(db: Kysely<any>) {
  await db.schema
    .alterTable("activity")
    .addColumn("repeat_count", "integer", (c) => c.notNull().defaultTo(1))
    .execute();
  await db.schema.alterTable("activity").addColumn("network", "text").execute();
}

export async function down(db: Kysely<any>) {
  await db.schema.alterTable("activity").dropColumn("network").execute();
  await db.schema.alterTable("activity").dropColumn("repeat_count").execute();
}
