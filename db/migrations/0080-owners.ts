import { sql, type ColumnDefinitionBuilder, type Kysely } from "kysely";
import { columnTypes } from "@db/dialect";

/**
 * Owners and their guests (accounts of their own beside the administrators'), the horses each owner
 * may follow, their private calendar addresses and the notices queued for them. The links point at
 * horses without a foreign key: a horse deleted into the trash keeps its links, so restoring it gives
 * its owners access back (reads join live horses only). A guest names its owner in `host_id`, also
 * without a foreign key, so a restore may insert the rows in any order; the code ends a host's guests
 * with the host. Tokens are kept as hashes only. See docs/decisions/0200 to 0203.
 */
export async function up(db: Kysely<any>) {
  const t = columnTypes(db);
  const flag = (c: ColumnDefinitionBuilder) => c.notNull().defaultTo(1);
  await db.schema
    .createTable("owner_accounts")
    .addColumn("user_id", "text", (c) => c.primaryKey().references("users.id").onDelete("cascade"))
    .addColumn("role", "text", (c) => c.notNull().check(sql`role in ('owner', 'guest')`))
    .addColumn("host_id", "text")
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("language", "text", (c) => c.notNull().check(sql`language in ('en', 'da')`))
    .addColumn("state", "text", (c) => c.notNull().check(sql`state in ('invited', 'active', 'revoked')`))
    .addColumn("invite_token_hash", "text", (c) => c.unique())
    .addColumn("invite_expires_at", t.timestamp)
    .addColumn("invited_at", t.timestamp, (c) => c.notNull())
    .addColumn("activated_at", t.timestamp)
    .addColumn("revoked_at", t.timestamp)
    .addColumn("notify_entries", "integer", flag)
    .addColumn("notify_declarations", "integer", flag)
    .addColumn("notify_withdrawals", "integer", flag)
    .addColumn("notify_results", "integer", flag)
    .addColumn("notify_updates", "integer", flag)
    .addColumn("created_at", t.timestamp, (c) => c.notNull())
    .addCheckConstraint("owner_accounts_guest_host", sql`(role = 'guest') = (host_id is not null)`)
    .execute();
  await db.schema.createIndex("owner_accounts_host_id").on("owner_accounts").column("host_id").execute();

  await db.schema
    .createTable("owner_horses")
    .addColumn("user_id", "text", (c) => c.notNull().references("owner_accounts.user_id").onDelete("cascade"))
    .addColumn("horse_id", "text", (c) => c.notNull())
    .addColumn("created_at", t.timestamp, (c) => c.notNull())
    .addPrimaryKeyConstraint("owner_horses_pk", ["user_id", "horse_id"])
    .execute();
  await db.schema.createIndex("owner_horses_horse_id").on("owner_horses").column("horse_id").execute();

  await db.schema
    .createTable("owner_calendars")
    .addColumn("user_id", "text", (c) => c.notNull().references("owner_accounts.user_id").onDelete("cascade"))
    .addColumn("horse_id", "text", (c) => c.notNull())
    .addColumn("token_hash", "text", (c) => c.notNull().unique())
    .addColumn("issued_at", t.timestamp, (c) => c.notNull())
    .addPrimaryKeyConstraint("owner_calendars_pk", ["user_id", "horse_id"])
    .execute();

  // One row per queued notice mail (its id is the mail's): (person, kind, event) is unique, so an
  // event never mails anyone twice, whatever instance or retry queues it.
  await db.schema
    .createTable("owner_notices")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("user_id", "text", (c) => c.notNull().references("owner_accounts.user_id").onDelete("cascade"))
    .addColumn("kind", "text", (c) =>
      c.notNull().check(sql`kind in ('entry', 'declaration', 'withdrawal', 'result', 'update')`),
    )
    .addColumn("event", "text", (c) => c.notNull())
    .addColumn("horse_id", "text", (c) => c.notNull())
    .addColumn("details", "text", (c) => c.notNull())
    .addColumn("created_at", t.timestamp, (c) => c.notNull())
    .addUniqueConstraint("owner_notices_once", ["user_id", "kind", "event"])
    .execute();
}

export async function down(db: Kysely<any>) {
  await db.deleteFrom("mail_queue").where("kind", "in", ["owner-invitation", "owner-notice"]).execute();
  await db.schema.dropTable("owner_notices").execute();
  await db.schema.dropTable("owner_calendars").execute();
  await db.schema.dropTable("owner_horses").execute();
  await db.schema.dropTable("owner_accounts").execute();
}
