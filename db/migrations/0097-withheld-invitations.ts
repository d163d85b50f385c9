import type { Kysely } from "kysely";
import { columnTypes } from "@db/dialect";

/**
 * An owner's guest invitation to an address that already has an account on the site (an
 * administrator's, an owner's, another owner's guest's): nothing is sent and no account is made, but
 * the owner's list shows it as it shows any invitation, so the form never tells an owner who has an
 * account (decision 0222). It goes with its owner's account.
 */
export async function up(db: Kysely<any>) {
  const t = columnTypes(db);
  await db.schema
    .createTable("withheld_invitations")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("host_id", "text", (c) => c.notNull().references("owner_accounts.user_id").onDelete("cascade"))
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("email", "text", (c) => c.notNull())
    .addColumn("language", "text", (c) => c.notNull())
    .addColumn("invited_at", t.timestamp, (c) => c.notNull())
    .addColumn("created_at", t.timestamp, (c) => c.notNull())
    .execute();
  await db.schema.createIndex("withheld_invitations_host_id").on("withheld_invitations").column("host_id").execute();
}

export async function down(db: Kysely<any>) {
  await db.schema.dropTable("withheld_invitations").execute();
}
