import { pruneActivity } from "~/models/activity.server";
import { pruneJobRuns } from "~/models/job-run.server";
import { pruneFinishedResetMail } from "~/models/mail-queue.server";
import { pruneUsedFormStamps } from "~/models/used-form-stamp.server";
import { log } from "~/platform/log.server";
import { pruneRateLimits } from "~/platform/rate-limit.server";

export const HOUSEKEEPING_INTERVAL_MS = 10 * 60_000;

const DAY = 24 * 60 * 60_000;

type Prune = (now: Date) => Promise<number>;

const registered = new Map<string, Prune>();

/** A feature's own expired rows (old trash entries), pruned with the rest; registered by server/jobs.ts. */
export function registerHousekeeping(name: string, prune: Prune) {
  registered.set(name, prune);
}

/**
 * Removes rows whose time is over: ended rate-limit windows, expired form stamps, day-old reset
 * mail, activity older than a year, scheduled runs that ended 90 days ago, and what features
 * registered (trash older than 30 days, with its images).
 */
export async function pruneExpiredRows(now = new Date()): Promise<Record<string, number>> {
  const tasks: [string, Prune][] = [
    ["rateLimits", pruneRateLimits],
    ["formStamps", pruneUsedFormStamps],
    ["resetMail", (at) => pruneFinishedResetMail(new Date(at.getTime() - DAY))],
    ["activity", pruneActivity],
    ["jobRuns", pruneJobRuns],
    ...registered,
  ];
  return Object.fromEntries(await Promise.all(tasks.map(async ([name, prune]) => [name, await prune(now)] as const)));
}

type Sweep = (options: { first: boolean }) => Promise<number>;

const sweeps = new Map<string, Sweep>();

/** A feature's leftover files (unfinished uploads), removed at start and on every run; registered by server/jobs.ts. */
export function registerFileSweep(name: string, sweep: Sweep) {
  sweeps.set(name, sweep);
}

/** The names of the registered file sweeps, in the order they were registered. */
export function registeredFileSweeps() {
  return [...sweeps.keys()];
}

export type Housekeeping = { stop: () => Promise<void> };

/**
 * Prunes at start and then on a schedule, so the tables anonymous visitors write to stay as
 * small as their time windows, and removes the leftover files features registered (uploads no request is
 * writing: every one at start, since a killed process left them, then those untouched for an hour). A failed run is logged and the
 * next one tries again.
 */
export function startHousekeeping({ intervalMs = HOUSEKEEPING_INTERVAL_MS } = {}): Housekeeping {
  let running: Promise<void> = Promise.resolve();
  let first = true;
  const run = () => {
    const sweep = Promise.all(
      [...sweeps].map(([name, sweepFiles]) =>
        sweepFiles({ first })
          .then((removed) => {
            if (removed) log.info("leftover files removed", { kind: name, removed });
          })
          .catch((error: unknown) => log.warn("removing leftover files failed; will try again", { kind: name, error })),
      ),
    );
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
