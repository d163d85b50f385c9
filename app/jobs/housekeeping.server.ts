import { sweepUploadLeftovers, UPLOAD_LEFTOVER_AGE_MS } from "~/media/upload.server";
import { pruneActivity } from "~/models/activity.server";
import { pruneFinishedResetMail } from "~/models/mail-queue.server";
import { pruneUsedFormStamps } from "~/models/used-form-stamp.server";
import { purgeExpiredTrash } from "~/trash/trash.server";
import { log } from "~/utils/log.server";
import { pruneRateLimits } from "~/utils/rate-limit.server";

export const HOUSEKEEPING_INTERVAL_MS = 10 * 60_000;

const DAY = 24 * 60 * 60_000;

/**
 * Removes rows whose time is over: ended rate-limit windows, expired form stamps, day-old reset
 * mail, trash older than 30 days (with its images) and activity older than a year.
 */
export async function pruneExpiredRows(now = new Date()) {
  const [rateLimits, formStamps, resetMail, trash, activity] = await Promise.all([
    pruneRateLimits(now),
    pruneUsedFormStamps(now),
    pruneFinishedResetMail(new Date(now.getTime() - DAY)),
    purgeExpiredTrash(now),
    pruneActivity(now),
  ]);
  return { rateLimits, formStamps, resetMail, trash, activity };
}

export type Housekeeping = { stop: () => Promise<void> };

/**
 * Prunes at start and then on a schedule, so the tables anonymous visitors write to stay as
 * small as their time windows, and removes upload files no request is writing: every one at start
 * (a killed process left them), then those untouched for an hour. A failed run is logged and the
 * next one tries again.
 */
export function startHousekeeping({ intervalMs = HOUSEKEEPING_INTERVAL_MS } = {}): Housekeeping {
  let running: Promise<void> = Promise.resolve();
  let first = true;
  const run = () => {
    const sweep = sweepUploadLeftovers(first ? {} : { olderThanMs: UPLOAD_LEFTOVER_AGE_MS })
      .then((removed) => {
        if (removed) log.info("upload leftovers removed", { removed });
      })
      .catch((error: unknown) => log.warn("removing upload leftovers failed; will try again", { error }));
    first = false;
    const prune = pruneExpiredRows()
      .then((removed) => {
        if (Object.values(removed).some(Boolean)) log.debug("expired rows pruned", removed);
      })
      .catch((error: unknown) => log.warn("pruning expired rows failed; will try again", { error }));
    running = Promise.all([sweep, prune]).then(() => {});
  };
  run();
  const timer = setInterval(run, intervalMs);
  timer.unref();
  return {
    stop: async () => {
      clearInterval(timer);
      await running;
    },
  };
}
