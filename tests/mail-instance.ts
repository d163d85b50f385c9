/**
 * One instance's mail delivery, as `npm start` runs it, in a process of its own (its own database
 * pool): DATABASE_URL, SMTP_URL and CONTACT_TO come from the environment. It prints the site's log
 * lines and "ready" once started, and stops on SIGTERM.
 */
import { closeDatabase } from "~/platform/db.server";
import { startMailDeliveryWorker } from "~/jobs/mail-delivery.server";
import { registerFeatureJobs } from "@server/jobs";

registerFeatureJobs();
const worker = startMailDeliveryWorker({ pollMs: 50, concurrency: 3 });
console.log("ready");
process.once("SIGTERM", () => {
  void worker
    .stop()
    .then(closeDatabase)
    .then(() => process.exit(0));
});
