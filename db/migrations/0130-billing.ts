import { sql, type Kysely } from "kysely";
import { columnTypes, isPostgres } from "@db/dialect";

/**
 * Owners' accounts (issue 36): who owns which part of a horse from which day, what a day costs at
 * each status, the costs passed on to owners, and the invoices, credit notes and payments made from
 * them. Money is whole øre, dates are ISO 'YYYY-MM-DD' text. Horses are referred to without a
 * foreign key (a horse in the trash keeps its history), owners with one that refuses to delete an
 * owner who has shares or invoices. Issued invoices and credit notes, and their lines, are never
 * changed or deleted: the model refuses, and triggers refuse on both engines too, except inside a
 * restore, which replaces the whole database (decision 0281).
 */

const STATUSES = sql`('training', 'pre-training', 'resting', 'away', 'retired')`;
const FEE_STATUSES = sql`('training', 'pre-training', 'resting')`;
const CATEGORIES = sql`('vet', 'farrier', 'dentist', 'physio', 'transport', 'entry-fee', 'declaration-fee', 'jockey-fee', 'insurance', 'other')`;
const VAT = sql`('standard', 'outlay')`;

const TABLES = [
  "invoice_reminders",
  "payments",
  "invoice_lines",
  "invoices",
  "number_series",
  "cost_approvals",
  "cost_horses",
  "costs",
  "horse_shares",
  "horse_day_rates",
  "horse_statuses",
  "billing_day_rates",
  "restore_in_progress",
] as const;

const SITE_COLUMNS = [
  "seller_legal_name",
  "seller_street",
  "seller_postal_code",
  "seller_city",
  "seller_country_code",
  "seller_cvr",
  "seller_bank_reg_no",
  "seller_bank_account_no",
  "seller_iban",
  "seller_bic",
  "invoice_email",
  "payment_terms_days",
  "reminder_days",
] as const;

const OWNER_COLUMNS = [
  "billing_kind",
  "billing_name",
  "billing_street",
  "billing_postal_code",
  "billing_city",
  "billing_country_code",
  "billing_cvr",
  "invoice_email",
  "customer_no",
  "approval_limit_oere",
] as const;

export async function up(db: Kysely<any>) {
  const t = columnTypes(db);
  const pg = isPostgres(db);
  const text = (table: string, column: string, fallback: string) =>
    db.schema
      .alterTable(table)
      .addColumn(column, "text", (c) => c.notNull().defaultTo(fallback))
      .execute();

  // The stable as the seller (the Site tab).
  for (const column of [
    "seller_legal_name",
    "seller_street",
    "seller_postal_code",
    "seller_city",
    "seller_cvr",
    "seller_bank_reg_no",
    "seller_bank_account_no",
    "invoice_email",
  ]) {
    await text("site_settings", column, "");
  }
  await text("site_settings", "seller_country_code", "DK");
  await db.schema.alterTable("site_settings").addColumn("seller_iban", "text").execute();
  await db.schema.alterTable("site_settings").addColumn("seller_bic", "text").execute();
  await db.schema
    .alterTable("site_settings")
    .addColumn("payment_terms_days", "integer", (c) =>
      c
        .notNull()
        .defaultTo(14)
        .check(sql`payment_terms_days between 0 and 365`),
    )
    .execute();
  await db.schema
    .alterTable("site_settings")
    .addColumn("reminder_days", "integer", (c) => c.check(sql`reminder_days between 1 and 365`))
    .execute();

  // An owner as the buyer; the language is the account's own.
  await db.schema
    .alterTable("owner_accounts")
    .addColumn("billing_kind", "text", (c) =>
      c
        .notNull()
        .defaultTo("person")
        .check(sql`billing_kind in ('person', 'company')`),
    )
    .execute();
  await db.schema.alterTable("owner_accounts").addColumn("billing_name", "text").execute();
  for (const column of ["billing_street", "billing_postal_code", "billing_city"]) {
    await text("owner_accounts", column, "");
  }
  await text("owner_accounts", "billing_country_code", "DK");
  await db.schema
    .alterTable("owner_accounts")
    .addColumn("billing_cvr", "text", (c) => c.check(sql`length(billing_cvr) = 8`))
    .execute();
  await db.schema.alterTable("owner_accounts").addColumn("invoice_email", "text").execute();
  await db.schema.alterTable("owner_accounts").addColumn("customer_no", "integer").execute();
  await db.schema
    .createIndex("owner_accounts_customer_no")
    .on("owner_accounts")
    .column("customer_no")
    .unique()
    .execute();
  await db.schema
    .alterTable("owner_accounts")
    .addColumn("approval_limit_oere", t.money, (c) => c.check(sql`approval_limit_oere >= 0`))
    .execute();

  // Present only inside a restore's transaction: the one writer allowed to replace issued documents.
  await db.schema
    .createTable("restore_in_progress")
    .addColumn("id", "integer", (c) => c.primaryKey())
    .execute();

  await db.schema
    .createTable("billing_day_rates")
    .addColumn("status", "text", (c) => c.primaryKey().check(sql`status in ${FEE_STATUSES}`))
    .addColumn("rate_oere", t.money, (c) => c.notNull().check(sql`rate_oere >= 0`))
    .addColumn("updated_at", t.timestamp, (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("horse_statuses")
    .addColumn("horse_id", "text", (c) => c.notNull())
    .addColumn("valid_from", "text", (c) => c.notNull().check(sql`length(valid_from) = 10`))
    .addColumn("status", "text", (c) => c.notNull().check(sql`status in ${STATUSES}`))
    .addColumn("created_at", t.timestamp, (c) => c.notNull())
    .addPrimaryKeyConstraint("horse_statuses_pk", ["horse_id", "valid_from"])
    .execute();

  // A horse's own day rate at a status from a date; null: the standard rate again.
  await db.schema
    .createTable("horse_day_rates")
    .addColumn("horse_id", "text", (c) => c.notNull())
    .addColumn("status", "text", (c) => c.notNull().check(sql`status in ${FEE_STATUSES}`))
    .addColumn("valid_from", "text", (c) => c.notNull().check(sql`length(valid_from) = 10`))
    .addColumn("rate_oere", t.money, (c) => c.check(sql`rate_oere >= 0`))
    .addColumn("created_at", t.timestamp, (c) => c.notNull())
    .addPrimaryKeyConstraint("horse_day_rates_pk", ["horse_id", "status", "valid_from"])
    .execute();

  // The parts of a horse from a date (one set per horse and date); no owner: the stable's own part.
  await db.schema
    .createTable("horse_shares")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("horse_id", "text", (c) => c.notNull())
    .addColumn("valid_from", "text", (c) => c.notNull().check(sql`length(valid_from) = 10`))
    .addColumn("owner_id", "text", (c) => c.references("owner_accounts.user_id"))
    .addColumn("hundredths", "integer", (c) => c.notNull().check(sql`hundredths between 1 and 10000`))
    .addColumn("created_at", t.timestamp, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("horse_shares_party")
    .on("horse_shares")
    .columns(["horse_id", "valid_from"])
    .expression(sql`coalesce(owner_id, '')`)
    .unique()
    .execute();
  await db.schema.createIndex("horse_shares_owner").on("horse_shares").column("owner_id").execute();

  await db.schema
    .createTable("costs")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("cost_date", "text", (c) => c.notNull().check(sql`length(cost_date) = 10`))
    .addColumn("category", "text", (c) => c.notNull().check(sql`category in ${CATEGORIES}`))
    .addColumn("description", "text", (c) => c.notNull())
    .addColumn("amount_oere", t.money, (c) => c.notNull().check(sql`amount_oere > 0`))
    .addColumn("vat", "text", (c) => c.notNull().check(sql`vat in ${VAT}`))
    .addColumn("receipt_key", "text", (c) => c.check(sql`receipt_key like 'private/%'`))
    .addColumn("passed_on", "integer", (c) => c.notNull().defaultTo(1))
    .addColumn("planned", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("created_at", t.timestamp, (c) => c.notNull())
    .addColumn("updated_at", t.timestamp, (c) => c.notNull())
    .execute();
  await db.schema.createIndex("costs_date").on("costs").column("cost_date").execute();

  await db.schema
    .createTable("cost_horses")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("cost_id", "text", (c) => c.notNull().references("costs.id").onDelete("cascade"))
    .addColumn("horse_id", "text", (c) => c.notNull())
    .addColumn("part_oere", t.money, (c) => c.notNull().check(sql`part_oere > 0`))
    .addUniqueConstraint("cost_horses_once", ["cost_id", "horse_id"])
    .execute();
  await db.schema.createIndex("cost_horses_horse").on("cost_horses").column("horse_id").execute();

  await db.schema
    .createTable("cost_approvals")
    .addColumn("cost_id", "text", (c) => c.notNull().references("costs.id").onDelete("cascade"))
    .addColumn("owner_id", "text", (c) => c.notNull().references("owner_accounts.user_id").onDelete("cascade"))
    .addColumn("state", "text", (c) => c.notNull().check(sql`state in ('approved', 'question')`))
    .addColumn("question", "text")
    .addColumn("decided_at", t.timestamp, (c) => c.notNull())
    .addPrimaryKeyConstraint("cost_approvals_pk", ["cost_id", "owner_id"])
    .addCheckConstraint("cost_approvals_question", sql`(state = 'question') = (question is not null)`)
    .execute();

  // One counter for invoices and credit notes (decision 0278), moved on in the issuing transaction.
  await db.schema
    .createTable("number_series")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("next_seq", "integer", (c) => c.notNull().check(sql`next_seq >= 1`))
    .execute();
  await db.insertInto("number_series").values({ id: "documents", next_seq: 1 }).execute();

  // A credit note names the invoice it credits without a foreign key, so a restore may insert in any order.
  await db.schema
    .createTable("invoices")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("kind", "text", (c) => c.notNull().check(sql`kind in ('invoice', 'credit-note')`))
    .addColumn("state", "text", (c) => c.notNull().check(sql`state in ('draft', 'issued')`))
    .addColumn("owner_id", "text", (c) => c.notNull().references("owner_accounts.user_id"))
    .addColumn("run_month", "text", (c) => c.check(sql`length(run_month) = 7`))
    .addColumn("period_start", "text", (c) => c.notNull())
    .addColumn("period_end", "text", (c) => c.notNull())
    .addColumn("credited_invoice_id", "text")
    .addColumn("note", "text")
    .addColumn("edited", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("seq", "integer", (c) => c.unique())
    .addColumn("number", "text", (c) => c.unique())
    .addColumn("issue_date", "text")
    .addColumn("due_date", "text")
    .addColumn("language", "text", (c) => c.check(sql`language in ('en', 'da')`))
    .addColumn("seller", "text")
    .addColumn("buyer", "text")
    .addColumn("net_oere", t.money)
    .addColumn("vat_oere", t.money)
    .addColumn("total_oere", t.money)
    .addColumn("mail_id", "text")
    .addColumn("issued_at", t.timestamp)
    .addColumn("issued_by", "text")
    .addColumn("created_at", t.timestamp, (c) => c.notNull())
    .addColumn("updated_at", t.timestamp, (c) => c.notNull())
    .addCheckConstraint(
      "invoices_issued_complete",
      sql`(state = 'issued') = (seq is not null and number is not null and issue_date is not null
        and due_date is not null and language is not null and seller is not null and buyer is not null
        and net_oere is not null and vat_oere is not null and total_oere is not null and issued_at is not null)`,
    )
    .addCheckConstraint(
      "invoices_credit_names_invoice",
      sql`(kind = 'credit-note') = (credited_invoice_id is not null)`,
    )
    .execute();
  await db.schema.createIndex("invoices_run").on("invoices").columns(["owner_id", "run_month"]).unique().execute();
  await db.schema.createIndex("invoices_credited").on("invoices").column("credited_invoice_id").execute();

  // A line of a credit note names the line it credits (once, ever), also without a foreign key.
  await db.schema
    .createTable("invoice_lines")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("invoice_id", "text", (c) => c.notNull().references("invoices.id").onDelete("cascade"))
    .addColumn("position", "integer", (c) => c.notNull())
    .addColumn("source", "text", (c) => c.notNull().check(sql`source in ('fee', 'cost', 'manual', 'credit')`))
    .addColumn("description", "text", (c) => c.notNull())
    .addColumn("horse_id", "text")
    .addColumn("horse_name", "text")
    .addColumn("period_start", "text")
    .addColumn("period_end", "text")
    .addColumn("quantity", "text", (c) => c.notNull())
    .addColumn("unit", "text", (c) => c.notNull().check(sql`unit in ('day', 'piece')`))
    .addColumn("unit_price_oere", t.money, (c) => c.notNull().check(sql`unit_price_oere >= 0`))
    .addColumn("share_hundredths", "integer", (c) => c.check(sql`share_hundredths between 1 and 10000`))
    .addColumn("net_oere", t.money, (c) => c.notNull())
    .addColumn("vat", "text", (c) => c.notNull().check(sql`vat in ${VAT}`))
    .addColumn("cost_part_id", "text", (c) => c.references("cost_horses.id"))
    .addColumn("credits_line_id", "text")
    .execute();
  await db.schema
    .createIndex("invoice_lines_invoice")
    .on("invoice_lines")
    .columns(["invoice_id", "position"])
    .execute();
  await db.schema.createIndex("invoice_lines_cost_part").on("invoice_lines").column("cost_part_id").execute();
  await db.schema.createIndex("invoice_lines_credits").on("invoice_lines").column("credits_line_id").unique().execute();

  await db.schema
    .createTable("payments")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("invoice_id", "text", (c) => c.notNull().references("invoices.id"))
    .addColumn("paid_on", "text", (c) => c.notNull().check(sql`length(paid_on) = 10`))
    .addColumn("amount_oere", t.money, (c) => c.notNull().check(sql`amount_oere > 0`))
    .addColumn("note", "text")
    .addColumn("created_at", t.timestamp, (c) => c.notNull())
    .addColumn("created_by", "text")
    .execute();
  await db.schema.createIndex("payments_invoice").on("payments").column("invoice_id").execute();

  // The overdue reminder, once per invoice.
  await db.schema
    .createTable("invoice_reminders")
    .addColumn("invoice_id", "text", (c) => c.primaryKey().references("invoices.id"))
    .addColumn("mail_id", "text", (c) => c.notNull())
    .addColumn("queued_at", t.timestamp, (c) => c.notNull())
    .execute();

  if (pg) await postgresGuards(db);
  else await sqliteGuards(db);
}

const CHANGED = "An issued invoice or credit note cannot be changed";
const DELETED = "An issued invoice or credit note cannot be deleted";
const LINES = "The lines of an issued invoice or credit note cannot be changed";

async function sqliteGuards(db: Kysely<any>) {
  const restoring = "exists (select 1 from restore_in_progress)";
  const issued = (ref: string) => `(select state from invoices where id = ${ref}) = 'issued'`;
  const guard = (name: string, event: string, when: string, message: string) =>
    sql
      .raw(
        `create trigger ${name} before ${event} when ${when} and not ${restoring}
         begin select raise(abort, '${message}'); end`,
      )
      .execute(db);
  await guard("invoices_issued_unchanged", "update on invoices", "old.state = 'issued'", CHANGED);
  await guard("invoices_issued_kept", "delete on invoices", "old.state = 'issued'", DELETED);
  await guard("invoice_lines_issued_insert", "insert on invoice_lines", issued("new.invoice_id"), LINES);
  await guard(
    "invoice_lines_issued_update",
    "update on invoice_lines",
    `(${issued("old.invoice_id")} or ${issued("new.invoice_id")})`,
    LINES,
  );
  await guard("invoice_lines_issued_delete", "delete on invoice_lines", issued("old.invoice_id"), LINES);
}

async function postgresGuards(db: Kysely<any>) {
  await sql`create function billing_refuse_issued() returns trigger language plpgsql as $$
    begin
      if exists (select 1 from restore_in_progress) then
        if tg_op = 'DELETE' then return old; end if;
        return new;
      end if;
      raise exception '%', tg_argv[0] using errcode = 'raise_exception';
    end $$`.execute(db);
  await sql`create function billing_refuse_issued_lines() returns trigger language plpgsql as $$
    begin
      if not exists (select 1 from restore_in_progress) and (
        (tg_op <> 'INSERT' and exists (select 1 from invoices where id = old.invoice_id and state = 'issued'))
        or (tg_op <> 'DELETE' and exists (select 1 from invoices where id = new.invoice_id and state = 'issued'))
      ) then
        raise exception '%', tg_argv[0] using errcode = 'raise_exception';
      end if;
      if tg_op = 'DELETE' then return old; end if;
      return new;
    end $$`.execute(db);
  await sql`create trigger invoices_issued_unchanged before update on invoices for each row
    when (old.state = 'issued') execute function billing_refuse_issued(${sql.lit(CHANGED)})`.execute(db);
  await sql`create trigger invoices_issued_kept before delete on invoices for each row
    when (old.state = 'issued') execute function billing_refuse_issued(${sql.lit(DELETED)})`.execute(db);
  await sql`create trigger invoice_lines_issued before insert or update or delete on invoice_lines for each row
    execute function billing_refuse_issued_lines(${sql.lit(LINES)})`.execute(db);
}

export async function down(db: Kysely<any>) {
  await db.deleteFrom("mail_queue").where("kind", "in", ["invoice", "invoice-reminder"]).execute();
  for (const table of TABLES) await db.schema.dropTable(table).execute();
  if (isPostgres(db)) {
    await sql`drop function billing_refuse_issued_lines()`.execute(db);
    await sql`drop function billing_refuse_issued()`.execute(db);
  }
  await db.schema.dropIndex("owner_accounts_customer_no").execute();
  for (const column of [...OWNER_COLUMNS].reverse()) {
    await db.schema.alterTable("owner_accounts").dropColumn(column).execute();
  }
  for (const column of [...SITE_COLUMNS].reverse()) {
    await db.schema.alterTable("site_settings").dropColumn(column).execute();
  }
}
