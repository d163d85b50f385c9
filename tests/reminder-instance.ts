/**
 * One instance's deadline reminder on the scheduler, in a process of its own (its own database
 * pool), on a fake clock: after "go" on stdin it starts at the first instant of REMINDER_TIMES
 * (comma-separated ISO), moves its clock through the others as the scheduler's timer would fire,
 * then prints how many times it ran the reminder.
 */
import { closeDatabase, openSqlite, useDatabase } from "~/platform/db.server";
import { deadlineReminderJob } from "~/deadlines/reminder.server";
import { startJobScheduler } from "~/jobs/scheduler.server";
import { fakeClock } from "./fake-clock";

if (process.env.SQLITE_FILE) useDatabase(openSqlite(process.env.SQLITE_FILE));
const times = (process.env.REMINDER_TIMES ?? "").split(",").filter(Boolean);
let ran = 0;
const counted = {
  ...deadlineReminderJob,
  run: (context: Parameters<typeof deadlineReminderJob.run>[0]) => {
    ran += 1;
    return deadlineReminderJob.run(context);
  },
};
console.log("ready");
process.stdin.once("data", () => {
  void (async () => {
    const clock = fakeClock(times[0]!);
    const scheduler = startJobScheduler({ jobs: [counted], clock });
    for (const time of times) await clock.moveTo(time, () => scheduler.settled());
    await scheduler.stop();
    console.log(`ran ${ran}`);
    await closeDatabase();
    process.exit(0);
  })().catch((error: unknown) => {
    console.log(`failed ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  });
});
