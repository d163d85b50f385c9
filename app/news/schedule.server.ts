import { wakeMailDelivery } from "~/jobs/mail-delivery.server";
import { every } from "~/jobs/schedule";
import { job, registerJob } from "~/jobs/scheduler.server";
import { queueDueNewsletters } from "~/models/newsletter-send.server";
import { nextScheduledAt } from "~/models/post.server";
import { queueDueUpdateNotices } from "~/models/update-notice.server";
import { env } from "~/platform/env.server";
import { contentChanged } from "~/platform/invalidation.server";
import { log } from "~/platform/log.server";

async function queueDue(what: string, queue: () => Promise<number>) {
  try {
    const queued = await queue();
    if (queued > 0) {
      log.info(`${what} queued at its post's time`, { mails: queued });
      wakeMailDelivery();
    }
  } catch (error) {
    log.warn(`queueing a scheduled ${what} failed; trying again at the next look`, { error });
  }
}

/**
 * A scheduled post appears at its time (a whole minute, as the News tab takes it): every minute, in
 * every instance, this queues what came due (the newsletter of a post sent as one, an owners-only
 * post's notices: each post's own claim makes both once, whichever instance is first, and what came
 * due while no instance ran goes at the next start), and when a scheduled public post's time has come
 * since the last look, signals contentChanged() like a write would: each instance's page cache holds
 * pages rendered before it.
 */
export function postScheduleJob() {
  let lookedAt: Date | null = null;
  return job({
    name: "scheduled-posts",
    due: every({ minutes: 1 }),
    everyInstance: true,
    run: async ({ now }) => {
      await queueDue("newsletter", () => queueDueNewsletters({ attemptLimit: env().CONTACT_MAX_ATTEMPTS, now }));
      await queueDue("owners' update notice", () => queueDueUpdateNotices(now));
      // A fresh instance's cache holds nothing from before its first look.
      if (lookedAt) {
        const next = await nextScheduledAt(lookedAt);
        if (next && next <= now.toISOString()) contentChanged();
      }
      lookedAt = now;
    },
  });
}

/** Hands the scheduler the post schedule (at start-up, server/jobs.ts). */
export function registerPostSchedule() {
  registerJob(postScheduleJob());
}
