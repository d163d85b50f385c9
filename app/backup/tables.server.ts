import { sql, type Kysely } from "kysely";
import type { Database } from "@db/schema";
import { isPostgres } from "@db/dialect";
import type { MIGRATION_TABLES } from "@db/migrations/migrator";

/**
 * What a backup does with each table. Every table of the database is listed here, and
 * tables.server.test.ts fails when the database has one that is not: a new table must be decided
 * on (docs/decisions/0080-backups.md).
 * - content: written to every backup and restored; restored in the order listed (parents first).
 * - ephemeral: never backed up; emptied by a restore, since its rows belong to the replaced data.
 * - local: never backed up and left alone by a restore; it belongs to this installation.
 */
export type TableKind = "content" | "ephemeral" | "local";
/** `only`: a content table of which only the rows with one of these values are content; a restore empties it all the same. */
export type TablePolicy = { kind: TableKind; why: string; only?: { column: string; values: readonly string[] } };

type TableName = keyof Database | (typeof MIGRATION_TABLES)[number];

export const BACKUP_TABLES = {
  site_settings: { kind: "content", why: "the stable's name, taglines, logo, hero photo, home texts and social links" },
  latest_news: { kind: "content", why: "the news banner" },
  home_images: { kind: "content", why: "the home gallery" },
  horses: { kind: "content", why: "horses in training" },
  winners: { kind: "content", why: "victories; they point at horses" },
  horse_slug_history: { kind: "content", why: "renamed horses' old addresses, which redirect to the new ones" },
  runners: { kind: "content", why: "race entries and results; they point at horses and at the victories wins created" },
  team_members: { kind: "content", why: "the team and its order" },
  contact_info: { kind: "content", why: "the contact details" },
  users: { kind: "content", why: "the accounts of administrators, owners and guests" },
  accounts: { kind: "content", why: "password hashes, so everyone can sign in after a restore" },
  user_roles: { kind: "content", why: "who is an administrator" },
  contact_messages: { kind: "content", why: "visitors' messages" },
  mail_queue: {
    kind: "content",
    why: "the delivery state of visitors' messages and owners' questions about costs, which the admin's Messages list shows; reset mails are not kept",
    only: { column: "kind", values: ["contact", "cost-question"] },
  },
  trash: {
    kind: "content",
    why: "deleted records that can still be restored (30 days); their images are in the backup",
  },
  activity: { kind: "content", why: "the activity log: who changed what, kept for a year" },
  dh_settings: { kind: "content", why: "the import from Dansk Hestevæddeløb: licence, discipline, on or off" },
  dh_proposals: {
    kind: "content",
    why: "what the import from Dansk Hestevæddeløb proposed and what was accepted or ignored, so it is not asked again",
  },
  posts: { kind: "content", why: "news posts" },
  post_photos: { kind: "content", why: "news posts' photos; they point at posts" },
  post_horses: { kind: "content", why: "the horses a post is tagged with" },
  subscribers: { kind: "content", why: "the newsletter's subscribers (pending and confirmed)" },
  newsletter_sends: { kind: "content", why: "which post went to whom, so a restore never mails a post twice" },
  owner_accounts: { kind: "content", why: "owners and their guests: names, languages, access and notice settings" },
  owner_horses: { kind: "content", why: "the horses each owner follows (kept while a horse is in the trash)" },
  owner_calendars: { kind: "content", why: "owners' private calendar addresses, so subscribed calendars keep working" },
  owner_all_calendars: {
    kind: "content",
    why: "owners' private calendar addresses for all their horses, so subscribed calendars keep working",
  },
  withheld_invitations: {
    kind: "content",
    why: "owners' guest invitations to addresses that had an account: listed to the owner, never sent",
  },
  billing_day_rates: { kind: "content", why: "the stable's day rate at each status" },
  horse_statuses: { kind: "content", why: "each horse's status from each date, which its fees follow" },
  horse_day_rates: { kind: "content", why: "horses' own day rates from a date" },
  horse_shares: { kind: "content", why: "who owns which part of each horse from each date; they point at owners" },
  costs: { kind: "content", why: "costs per horse passed on to owners, with their receipts' private files" },
  cost_horses: { kind: "content", why: "each horse's part of a cost; they point at costs" },
  cost_approvals: { kind: "content", why: "owners' approvals of and questions about planned costs" },
  number_series: {
    kind: "content",
    why: "the next invoice number: restored with the invoices it counted, so numbers stay gapless and unique",
  },
  invoices: {
    kind: "content",
    why: "draft and issued invoices and credit notes; issued ones are never changed, deleted or put in the trash",
  },
  invoice_lines: { kind: "content", why: "the lines of invoices and credit notes; they point at invoices and costs" },
  payments: { kind: "content", why: "payments received against issued invoices" },
  invoice_reminders: { kind: "content", why: "which overdue invoices had their reminder, so none goes twice" },
  sessions: { kind: "ephemeral", why: "sign-ins end with a restore; a backup never holds a live session token" },
  verifications: { kind: "ephemeral", why: "password-reset and setup links, valid for hours at most" },
  owner_notices: {
    kind: "ephemeral",
    why: "notices waiting in the mail queue, which is not backed up either: a restore never sends one twice",
  },
  rate_limits: { kind: "ephemeral", why: "counters that expire within the hour" },
  used_form_stamps: { kind: "ephemeral", why: "contact-form stamps already used, kept until they expire" },
  job_runs: {
    kind: "local",
    why: "this installation's scheduled runs (the day's reminder, the backups and their outcome), so each goes once",
  },
  restore_in_progress: {
    kind: "local",
    why: "holds a row only inside a restore's own transaction, which lets it replace issued invoices",
  },
  schema_migrations: { kind: "local", why: "the restore runs the migrations on the target itself" },
  schema_migrations_lock: { kind: "local", why: "the migrations' lock" },
} as const satisfies Record<TableName, TablePolicy>;

export type ContentTable = {
  [K in keyof typeof BACKUP_TABLES]: (typeof BACKUP_TABLES)[K]["kind"] extends "content" ? K : never;
}[keyof typeof BACKUP_TABLES];

const entries = Object.entries(BACKUP_TABLES) as [TableName, TablePolicy][];

/** Content tables in restore order. */
export const CONTENT_TABLES = entries.filter(([, p]) => p.kind === "content").map(([name]) => name) as ContentTable[];

/** Tables a restore empties besides the content tables. */
export const EPHEMERAL_TABLES = entries.filter(([, p]) => p.kind === "ephemeral").map(([name]) => name);

/** The condition that picks a table's content rows (all rows unless the table says `only`). */
export function contentRowsOf(table: string) {
  const only = (BACKUP_TABLES as Record<string, TablePolicy>)[table]?.only;
  return only ? sql`where ${sql.ref(only.column)} in (${sql.join(only.values.map((v) => sql`${v}`))})` : sql``;
}

export function isCoveredTable(name: string) {
  return Object.hasOwn(BACKUP_TABLES, name);
}

export function isContentTable(name: string): name is ContentTable {
  return (CONTENT_TABLES as string[]).includes(name);
}

export type ColumnInfo = { name: string; type: string };

/** The tables of the site's schema as the database itself reports them. */
export async function listTables(db: Kysely<Database>): Promise<string[]> {
  const rows = isPostgres(db)
    ? await sql<{ name: string }>`select table_name as name from information_schema.tables
        where table_schema = current_schema() and table_type = 'BASE TABLE'`.execute(db)
    : await sql<{ name: string }>`select name from sqlite_master
        where type = 'table' and name not like 'sqlite\\_%' escape '\\'`.execute(db);
  return rows.rows.map((r) => r.name).sort();
}

/** A table's columns in their declared order, with the type the engine reports (lower case). */
export async function listColumns(db: Kysely<Database>, table: string): Promise<ColumnInfo[]> {
  if (isPostgres(db)) {
    const { rows } = await sql<ColumnInfo>`select column_name as name, udt_name as type from information_schema.columns
      where table_schema = current_schema() and table_name = ${table} order by ordinal_position`.execute(db);
    return rows;
  }
  const { rows } = await sql<{
    name: string;
    type: string;
  }>`select name, type from pragma_table_info(${table})`.execute(db);
  return rows.map((r) => ({ name: r.name, type: r.type.toLowerCase() }));
}

/** The primary-key columns, so that rows are read in a stable order. */
export async function primaryKey(db: Kysely<Database>, table: string): Promise<string[]> {
  if (isPostgres(db)) {
    const { rows } = await sql<{ name: string }>`select a.attname as name
      from pg_index i join pg_attribute a on a.attrelid = i.indrelid and a.attnum = any(i.indkey)
      where i.indrelid = to_regclass(${table}) and i.indisprimary
      order by a.attnum`.execute(db);
    return rows.map((r) => r.name);
  }
  const { rows } = await sql<{ name: string; pk: number }>`select name, pk from pragma_table_info(${table})
    where pk > 0 order by pk`.execute(db);
  return rows.map((r) => r.name);
}

/** Tables the database has that BACKUP_TABLES does not decide on. */
export async function uncoveredTables(db: Kysely<Database>) {
  return (await listTables(db)).filter((name) => !isCoveredTable(name));
}
