import { sql, type Kysely } from "kysely";
import { columnTypes } from "@db/dialect";

/**
 * A runner's life before its result: entered (every existing and new runner), declared with its
 * rider, weight, draw and equipment, or withdrawn (a non-runner) with an optional reason; the
 * deadlines for declaring and withdrawing; and the calendar's SEQUENCE, raised by every change.
 */
export async function up(db: Kysely<any>) {
  const t = columnTypes(db);
  await db.schema
    .alterTable("runners")
    .addColumn("status", "text", (c) =>
      c
        .notNull()
        .defaultTo("entered")
        .check(sql`status in ('entered', 'declared', 'withdrawn')`),
    )
    .execute();
  // One column per statement: SQLite adds one at a time.
  const columns: [string, "text" | "integer", ((c: any) => any)?][] = [
    ["declared_at", t.timestamp],
    ["weight_g", "integer", (c) => c.check(sql`weight_g between 1 and 200000`)],
    ["draw", "integer", (c) => c.check(sql`draw between 1 and 99`)],
    ["equipment", "text"],
    ["withdrawn_at", t.timestamp],
    ["withdrawal_reason", "text"],
    ["declaration_deadline", t.timestamp],
    ["withdrawal_deadline", t.timestamp],
    ["sequence", "integer", (c) => c.notNull().defaultTo(0)],
  ];
  for (const [name, type, build] of columns) {
    await db.schema
      .alterTable("runners")
      .addColumn(name, type, build ?? ((c) => c))
      .execute();
  }
  await db.schema.createIndex("runners_declaration_deadline").on("runners").column("declaration_deadline").execute();
  await db.schema.createIndex("runners_withdrawal_deadline").on("runners").column("withdrawal_deadline").execute();

  // The day a deadline reminder went out: the one row an instance claims, so the mail goes once.
  await db.schema
    .createTable("deadline_reminders")
    .addColumn("day", "text", (c) => c.primaryKey())
    .addColumn("sent_at", t.timestamp, (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>) {
  await db.schema.dropTable("deadline_reminders").execute();
  await db.schema.dropIndex("runners_withdrawal_deadline").execute();
  await db.schema.dropIndex("runners_declaration_deadline").execute();
  for (const name of [
    "sequence",
    "withdrawal_deadline",
    "declaration_deadline",
    "withdrawal_reason",
    "withdrawn_at",
    "equipment",
    "draw",
    "weight_g",
    "declared_at",
    "status",
  ]) {
    await db.schema.alterTable("runners").dropColumn(name).execute();
  }
}
