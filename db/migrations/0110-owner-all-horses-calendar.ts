import type { Kysely } from "kysely";
import { columnTypes } from "@db/dialect";

/**
 * One private calendar address per owner or guest for all the horses they follow, beside the
 * per-horse ones (decision 0244): only its hash is kept, and it goes with the account.
 */
export async function up(db: Kysely<any>) {
  const t = columnTypes(db);
  await db.schema
    .createTable("owner_all_calendars")
    .addColumn("user_id", "text", (c) => c.primaryKey().references("owner_accounts.user_id").onDelete("cascade"))
    .addColumn("token_hash", "text", (c) => c.notNull().unique())
    .addColumn("issued_at", t.timestamp, (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>) {
  await db.schema.dropTable("owner_all_calendars").execute();
}
