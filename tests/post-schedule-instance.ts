/**
 * One instance doing what the post schedule does at a post's time, in a process of its own (its own
 * database connection): DATABASE_URL, or SQLITE_FILE for a SQLite database shared with the test.
 * After "go" on stdin it queues the due newsletters and owners' update notices, SCHEDULE_LOOKS times
 * in a row, then prints how many mails it queued in all.
 */
import { closeDatabase, openSqlite, useDatabase } from "~/platform/db.server";
import { queueDueNewsletters } from "~/models/newsletter-send.server";
import { queueDueUpdateNotices } from "~/models/update-notice.server";

if (process.env.SQLITE_FILE) useDatabase(openSqlite(process.env.SQLITE_FILE));
const looks = Number(process.env.SCHEDULE_LOOKS ?? "3");
console.log("ready");
process.stdin.once("data", () => {
  void (async () => {
    let queued = 0;
    for (let i = 0; i < looks; i++) {
      queued += await queueDueNewsletters({ attemptLimit: 3 });
      queued += await queueDueUpdateNotices();
    }
    console.log(`queued ${queued}`);
    await closeDatabase();
    process.exit(0);
  })().catch((error: unknown) => {
    console.log(`failed ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  });
});
