/**
 * One instance's deadline-reminder check, in a process of its own (its own database pool), on a
 * fake clock: after "go" on stdin it checks at each instant of REMINDER_TIMES (comma-separated ISO)
 * as the minute timer would, then prints how many mails it queued.
 */
import { closeDatabase } from "~/platform/db.server";
import { queueDeadlineReminder } from "~/deadlines/reminder.server";

const times = (process.env.REMINDER_TIMES ?? "").split(",").filter(Boolean);
console.log("ready");
process.stdin.once("data", () => {
  void (async () => {
    let queued = 0;
    for (const time of times) queued += await queueDeadlineReminder(new Date(time));
    console.log(`queued ${queued}`);
    await closeDatabase();
    process.exit(0);
  })();
});
