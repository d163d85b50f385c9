/**
 * One instance of the site's scheduler, in a process of its own (its own database connection):
 * DATABASE_URL, or SQLITE_FILE for a SQLite database shared with the test. After "go" on stdin it
 * starts a scheduler with one job, "probe" (daily at 07:00 Danish time), on a clock standing at
 * JOB_TIME, waits for its look, then prints how many times it ran the job.
 */
import { closeDatabase, db, openSqlite, useDatabase } from "~/platform/db.server";
import { daily } from "~/jobs/schedule";
import { job, startJobScheduler } from "~/jobs/scheduler.server";
import { fakeClock } from "./fake-clock";

if (process.env.SQLITE_FILE) useDatabase(openSqlite(process.env.SQLITE_FILE));
let ran = 0;
const probe = job({
  name: "probe",
  due: daily("07:00"),
  run: async () => {
    ran += 1;
    // Some work of its own in the database while the other instance may be looking.
    await db().selectFrom("job_runs").select("job").execute();
    return `run by ${process.pid}`;
  },
});
console.log("ready");
process.stdin.once("data", () => {
  void (async () => {
    const scheduler = startJobScheduler({ jobs: [probe], clock: fakeClock(process.env.JOB_TIME!) });
    await scheduler.settled();
    await scheduler.stop();
    console.log(`ran ${ran}`);
    await closeDatabase();
    process.exit(0);
  })().catch((error: unknown) => {
    console.log(`failed ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  });
});
