import { sql, type Kysely } from "kysely";
import { isPostgres } from "@db/dialect";

/**
 * The sign-in library's tables (users, sessions, accounts, verifications) and our user_roles.
 * The library writes real Date objects on PostgreSQL and ISO-8601 text on SQLite (and booleans as
 * 0/1 there), so these columns use each engine's native type: timestamptz/boolean on PostgreSQL,
 * text/integer on SQLite. See docs/decisions/0021-auth-tables-on-both-engines.md.
 */
export async function up(db: Kysely<any>) {
  const pg = isPostgres(db);
  const ts = pg ? ("timestamptz" as const) : ("text" as const);
  const bool = pg ? ("boolean" as const) : ("integer" as const);
  const no = pg ? sql`false` : sql`0`;

  await db.schema
    .createTable("users")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("email", "text", (c) => c.notNull().unique())
    .addColumn("email_verified", bool, (c) => c.notNull().defaultTo(no))
    .addColumn("image", "text")
    .addColumn("created_at", ts, (c) => c.notNull())
    .addColumn("updated_at", ts, (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("sessions")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("user_id", "text", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("token", "text", (c) => c.notNull().unique())
    .addColumn("expires_at", ts, (c) => c.notNull())
    .addColumn("ip_address", "text")
    .addColumn("user_agent", "text")
    .addColumn("created_at", ts, (c) => c.notNull())
    .addColumn("updated_at", ts, (c) => c.notNull())
    .execute();
  await db.schema.createIndex("sessions_user_id").on("sessions").column("user_id").execute();
  await db.schema.createIndex("sessions_expires_at").on("sessions").column("expires_at").execute();

  await db.schema
    .createTable("accounts")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("user_id", "text", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("account_id", "text", (c) => c.notNull())
    .addColumn("provider_id", "text", (c) => c.notNull())
    .addColumn("access_token", "text")
    .addColumn("refresh_token", "text")
    .addColumn("id_token", "text")
    .addColumn("access_token_expires_at", ts)
    .addColumn("refresh_token_expires_at", ts)
    .addColumn("scope", "text")
    .addColumn("password", "text")
    .addColumn("created_at", ts, (c) => c.notNull())
    .addColumn("updated_at", ts, (c) => c.notNull())
    .execute();
  await db.schema.createIndex("accounts_user_id").on("accounts").column("user_id").execute();

  // Reset and first-administrator tokens; identifiers are stored as hashes, never the token.
  await db.schema
    .createTable("verifications")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("identifier", "text", (c) => c.notNull())
    .addColumn("value", "text", (c) => c.notNull())
    .addColumn("expires_at", ts, (c) => c.notNull())
    .addColumn("created_at", ts, (c) => c.notNull())
    .addColumn("updated_at", ts, (c) => c.notNull())
    .execute();
  await db.schema.createIndex("verifications_identifier").on("verifications").column("identifier").execute();
  await db.schema.createIndex("verifications_value").on("verifications").column("value").execute();

  await db.schema
    .createTable("user_roles")
    .addColumn("user_id", "text", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("role", "text", (c) => c.notNull().check(sql`role in ('admin')`))
    .addColumn("created_at", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("user_roles_pk", ["user_id", "role"])
    .execute();
}

export async function down(db: Kysely<any>) {
  for (const table of ["user_roles", "verifications", "accounts", "sessions", "users"]) {
    await db.schema.dropTable(table).execute();
  }
}
