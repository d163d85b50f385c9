/**
 * Another instance issuing invoices, in a process of its own (its own connections): the database is
 * BILLING_SQLITE_FILE or DATABASE_URL, the drafts' ids are the arguments. It prints "issued <id>
 * <number>" as each commits, "done" at the end, and is meant to be killed part-way (a crash).
 */
import { issueInvoices } from "~/billing/issue.server";
import { closeDatabase, openSqlite, useDatabase } from "~/platform/db.server";

const file = process.env.BILLING_SQLITE_FILE;
if (file) useDatabase(openSqlite(file));
for (const id of process.argv.slice(2)) {
  const [result] = await issueInvoices([id]);
  if (result?.outcome === "issued") console.log(`issued ${id} ${result.number}`);
  else console.log(`not issued ${id} ${result?.outcome}`);
}
console.log("done");
await closeDatabase();
