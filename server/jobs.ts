import { registerResetMail } from "~/auth/auth-mail.server";
import { registerBillingSchedule } from "~/billing/billing-jobs.server";
import { registerBillingJobs } from "~/billing/invoice-mail.server";
import { registerContactMail } from "~/contact/contact-delivery.server";
import { registerUploadSweep } from "~/media/upload.server";
import { registerScheduledBackups } from "~/backup/schedule.server";
import { registerDeadlineReminder } from "~/deadlines/reminder.server";
import { registerDhImport } from "~/dh/dh-job.server";
import { registerFileSweep } from "~/jobs/housekeeping.server";
import { registerPostSchedule } from "~/news/schedule.server";
import { registerNewsletterMail } from "~/newsletter/newsletter-mail.server";
import { registerOwnerJobs } from "~/owners/owner-jobs.server";
import { sweepPartialMail } from "~/platform/mail.server";
import { registerTrashPurge } from "~/trash/trash.server";

/**
 * The features hand the background jobs (app/jobs) what only they know, and the scheduler their
 * scheduled jobs; the jobs import none of them.
 */
export function registerFeatureJobs() {
  registerResetMail();
  registerContactMail();
  registerTrashPurge();
  registerUploadSweep();
  registerFileSweep("partial mail", sweepPartialMail);
  registerDeadlineReminder();
  registerPostSchedule();
  registerScheduledBackups();
  registerNewsletterMail();
  registerOwnerJobs();
  registerBillingJobs();
  registerDhImport();
  registerBillingSchedule();
}
