import { pruneFinishedResetMail } from "~/models/mail-queue.server";
import { pruneUsedFormStamps } from "~/models/used-form-stamp.server";
import { log } from "./log.server";
import { pruneRateLimits } from "./rate-limit.server";

export const HOUSEKEEPING_INTERVAL_MS = 10 * 60_000;

const DAY = 24 * 60 * 60_000;

/** Removes rows whose time is over: ended rate-limit windows, expired form stamps, day-old reset mail. */
export async function pruneExpiredRows(now = new Date()) {
  const [rateLimits, formStamps, resetMail] = await Promise.all([
    pruneRateLimits(now),
    pruneUsedFormStamps(now),
    pruneFinishedResetMail(new Date(now.getTime() - DAY)),
  ]);
  return { rateLimits, formStamps, resetMail };
}

export type Housekeeping = { stop: () => Promise<void> };

/**
 * Prunes at start and then on a schedule, so the tables anonymous visitors write to stay as
 * small as their time windows. A failed run is logged and the next one tries again.
 */
export function startHousekeeping({ intervalMs = HOUSEKEEPING_INTERVAL_MS } = {}): Housekeeping {
  let running: Promise<void> = Promise.resolve();
  const run = () => {
    running = pruneExpiredRows()
      .then((removed) => {
        if (removed.rateLimits || removed.formStamps || removed.resetMail) log.debug("expired rows pruned", removed);
      })
      .catch((error: unknown) => log.warn("pruning expired rows failed; will try again", { error }));
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
