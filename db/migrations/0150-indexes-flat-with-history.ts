import { sql, type Kysely, type SqlBool } from "kysely";

/**
 * Indexes that keep the admin's everyday reads as fast after ten seasons as after one
 * (docs/decisions/0303-indexes-flat-with-history.md):
 * - the runners whose result is still to be recorded (Today at the Stable and every tab's count):
 *   only those rows are in it, so the read walks the few waiting, not every past runner;
 * - the runners with a result in the order of the latest results, post time as the lists sort it
 *   (`coalesce(post_time, '')`), so the latest twenty are the index's last twenty entries;
 * - every post by publishing time and id, the News tab's order (the older index leads with
 *   audience and draft, for the public reads).
 */
export async function up(db: Kysely<any>) {
  await db.schema
    .createIndex("runners_awaiting_result")
    .on("runners")
    .column("race_date")
    .where(sql.raw<SqlBool>("result_at is null and status <> 'withdrawn'"))
    .execute();
  await db.schema
    .createIndex("runners_latest_results")
    .on("runners")
    .column("race_date")
    .expression(sql`(coalesce(post_time, ''))`)
    .column("created_at")
    .where(sql.raw<SqlBool>("result_at is not null"))
    .execute();
  await db.schema.createIndex("posts_by_publish_at").on("posts").columns(["publish_at", "id"]).execute();
}

export async function down(db: Kysely<any>) {
  await db.schema.dropIndex("posts_by_publish_at").execute();
  await db.schema.dropIndex("runners_latest_results").execute();
  await db.schema.dropIndex("runners_awaiting_result").execute();
}
