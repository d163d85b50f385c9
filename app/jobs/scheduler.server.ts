import { randomUUID } from "node:crypto";
import type { Transaction } from "kysely";
import type { Database } from "@db/schema";
import {
  claimJobRun,
  failJobRun,
  finishJobRun,
  renewJobRun,
  type JobRun,
  type JobRunKey,
} from "~/models/job-run.server";
import { log } from "~/platform/log.server";
import { periodAt, type Period, type Schedule } from "./schedule";

/**
 * The one scheduler of the site's timed work (docs/architecture.md, how to add a scheduled job). A job
 * says when it is due (app/jobs/schedule.ts) and what it does; the scheduler runs it once per
 * period: across every instance sharing the database (the period's row in job_runs is the claim),
 * or, for a job that acts on the instance itself, once in each. A period missed while no instance
 * ran is run once at the next start (only the latest); a failed run is logged, recorded and tried
 * again after the job's retry time within its period.
 */

/** Time as the scheduler sees it; tests give one they move themselves. */
export type Clock = {
  now(): Date;
  /** Calls `fn` once after `ms`; answers how to cancel it. */
  setTimer(fn: () => void, ms: number): () => void;
};

export const systemClock: Clock = {
  now: () => new Date(),
  setTimer(fn, ms) {
    const timer = setTimeout(fn, ms);
    timer.unref?.();
    return () => clearTimeout(timer);
  },
};

export type JobContext = {
  period: Period;
  /** When this run began, by the scheduler's clock. */
  now: Date;
  /** Aborted when the scheduler stops: a long run stops early (it is then taken again). */
  signal: AbortSignal;
  /**
   * Records the run as done in the job's own transaction, so that its work and the claim commit
   * together (a crash cannot make it run twice); throws when the claim is no longer this instance's.
   */
  complete(trx: Transaction<Database>): Promise<void>;
};

export type Job = {
  /** The name its runs are recorded under; never renamed (the claims carry it). */
  name: string;
  due: Schedule;
  /** What it does; a text it answers is recorded with the run (a backup's file). */
  run: (context: JobContext) => Promise<string | void>;
  /** Whether there is anything to do in the period yet; until there is, looked at again after `retryMinutes`. */
  ready?: (context: { period: Period; now: Date }) => Promise<boolean>;
  /** Run in every instance (it acts on the instance itself), nothing claimed; default: once across all. */
  everyInstance?: boolean;
  /** After a failure, tried again this much later (never past the period's end). Default 5. */
  retryMinutes?: number;
  /** How long a run holds its claim before another instance may take it over; renewed while it runs. Default 10. */
  leaseMinutes?: number;
};

/** A job, checked when it is declared. */
export function job(declared: Job): Job {
  if (!/^[a-z0-9]+(-[a-z0-9]+)*$/.test(declared.name)) throw new Error(`"${declared.name}" is no job name`);
  for (const minutes of [declared.retryMinutes, declared.leaseMinutes]) {
    if (minutes !== undefined && !(minutes > 0)) throw new Error(`${declared.name}: minutes must be more than 0`);
  }
  return declared;
}

/**
 * How a look at a job went: run here, failed, stopped by a shutdown, nothing to do yet, not its
 * time (or another instance's turn), or still running from an earlier look.
 */
export type Outcome = "done" | "failed" | "stopped" | "not-ready" | "not-due" | "busy";

export type Scheduler = {
  /** Looks at every job now, as the timer does; answers how each look went. */
  tick(): Promise<Record<string, Outcome>>;
  /** Resolves once no job is being looked at or run (tests wait for it). */
  settled(): Promise<void>;
  /** Stops the timers and the runs that can stop; resolves once every run has ended. */
  stop(): Promise<void>;
};

const MINUTE = 60_000;
/** The longest sleep: a clock that jumped, or a run another instance gave up, is noticed this soon. */
const MAX_SLEEP_MS = 10 * MINUTE;
/** After the claim table could not be read (the database is down). */
const LOOK_AGAIN_MS = MINUTE;

type JobState = { job: Job; nextLookAt: number; doneKey?: string; busy?: Promise<Outcome> };

const message = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** A scheduler of `jobs`, looking at them first after `firstLookMs` and then whenever one is due, until stopped. */
export function startJobScheduler({
  jobs,
  clock = systemClock,
  instance = randomUUID(),
  firstLookMs = 0,
}: {
  jobs: readonly Job[];
  clock?: Clock;
  /** This instance's name in the claims. */
  instance?: string;
  /** 0: at once. */
  firstLookMs?: number;
}): Scheduler {
  const names = new Set(jobs.map((j) => j.name));
  if (names.size !== jobs.length) throw new Error("Two scheduled jobs have the same name");
  const first = clock.now().getTime() + firstLookMs;
  const states: JobState[] = jobs.map((j) => ({ job: j, nextLookAt: first }));
  const controller = new AbortController();
  let cancelTimer: (() => void) | undefined;
  let stopped = false;

  const nowMs = () => clock.now().getTime();

  function arm() {
    cancelTimer?.();
    cancelTimer = undefined;
    if (stopped) return;
    const idle = states.filter((s) => !s.busy);
    // A job being run is looked at again when its run ends (which arms again).
    if (idle.length === 0) return;
    const soonest = Math.min(...idle.map((s) => s.nextLookAt));
    const wait = Math.min(Math.max(0, soonest - nowMs()), MAX_SLEEP_MS);
    cancelTimer = clock.setTimer(() => {
      cancelTimer = undefined;
      void tick();
    }, wait);
  }

  /** Holds the claim while the run works, renewing it every third of the lease. */
  function holdClaim(key: JobRunKey, leaseMs: number) {
    let cancel: (() => void) | undefined;
    const renew = () => {
      cancel = clock.setTimer(() => {
        renewJobRun(key, new Date(nowMs() + leaseMs))
          .then((held) => {
            if (!held) log.warn("A scheduled job's claim was taken over while it ran", { ...key });
          })
          .catch((error: unknown) =>
            log.warn("Could not renew a scheduled job's claim", { ...key, error: message(error) }),
          )
          .finally(() => {
            if (cancel) renew();
          });
      }, leaseMs / 3);
    };
    renew();
    return () => {
      cancel?.();
      cancel = undefined;
    };
  }

  async function runClaimed(state: JobState, period: Period, now: Date, retryAt: () => Date): Promise<Outcome> {
    const { job: j } = state;
    const key = { job: j.name, period: period.key, instance };
    let completed = false;
    const release = holdClaim(key, (j.leaseMinutes ?? 10) * MINUTE);
    try {
      const note = await j.run({
        period,
        now,
        signal: controller.signal,
        complete: async (trx) => {
          if (!(await finishJobRun(key, { at: clock.now(), executor: trx }))) {
            throw new Error(`The run of ${j.name} for ${period.key} is no longer this instance's`);
          }
          completed = true;
        },
      });
      if (!completed && !(await finishJobRun(key, { at: clock.now(), note: note ?? null }))) {
        log.warn("A scheduled job finished after its claim was taken over", { ...key });
      }
      state.doneKey = period.key;
      state.nextLookAt = period.end.getTime();
      return "done";
    } catch (error) {
      const at = clock.now();
      if (controller.signal.aborted) {
        // The period is still due, for whichever instance looks next.
        await failJobRun(key, { at, error: null, retryAt: at, status: "stopped" }).catch((recordError: unknown) =>
          log.warn("Could not release a stopped scheduled job", { ...key, error: message(recordError) }),
        );
        log.info("Scheduled job stopped by the shutdown; the next look of any instance takes it again", {
          job: j.name,
        });
        return "stopped";
      }
      const again = retryAt();
      log.warn("Scheduled job failed; it is tried again", { ...key, error, retryAt: again.toISOString() });
      await failJobRun(key, { at, error: message(error), retryAt: again }).catch((recordError: unknown) =>
        log.error("Could not record a failed scheduled job", { ...key, error: message(recordError) }),
      );
      state.nextLookAt = again.getTime();
      return "failed";
    } finally {
      release();
    }
  }

  async function runHere(state: JobState, period: Period, now: Date, retryAt: () => Date): Promise<Outcome> {
    const { job: j } = state;
    try {
      await j.run({ period, now, signal: controller.signal, complete: async () => {} });
      state.doneKey = period.key;
      state.nextLookAt = period.end.getTime();
      return "done";
    } catch (error) {
      if (controller.signal.aborted) return "stopped";
      const again = retryAt();
      log.warn("Scheduled job failed; it is tried again", {
        job: j.name,
        period: period.key,
        error,
        retryAt: again.toISOString(),
      });
      state.nextLookAt = again.getTime();
      return "failed";
    }
  }

  async function look(state: JobState, now: Date): Promise<Outcome> {
    const { job: j } = state;
    const period = periodAt(j.due, now);
    const end = period.end.getTime();
    const later = (ms: number) => new Date(Math.min(nowMs() + ms, end));
    const retryAt = () => later((j.retryMinutes ?? 5) * MINUTE);
    if (state.doneKey === period.key) {
      state.nextLookAt = end;
      return "not-due";
    }
    try {
      if (j.ready && !(await j.ready({ period, now }))) {
        state.nextLookAt = retryAt().getTime();
        return "not-ready";
      }
      if (j.everyInstance) return await runHere(state, period, now, retryAt);
      const leaseUntil = new Date(now.getTime() + (j.leaseMinutes ?? 10) * MINUTE);
      const claim = await claimJobRun({ job: j.name, period: period.key, instance }, { now, leaseUntil });
      if (!claim.claimed) return elsewhere(state, period, claim.run);
      return await runClaimed(state, period, now, retryAt);
    } catch (error) {
      log.warn("Could not look at a scheduled job; looking again soon", { job: j.name, period: period.key, error });
      state.nextLookAt = later(LOOK_AGAIN_MS).getTime();
      return "failed";
    }
  }

  /** Another instance has the period: done, running until its lease ends, or failed until its retry time. */
  function elsewhere(state: JobState, period: Period, run: JobRun | null): Outcome {
    const end = period.end.getTime();
    if (!run || run.status === "done") {
      state.doneKey = period.key;
      state.nextLookAt = end;
    } else {
      const again = Date.parse((run.status === "running" ? run.leaseUntil : run.retryAt) ?? "");
      state.nextLookAt = Math.min(Number.isNaN(again) ? nowMs() + LOOK_AGAIN_MS : again, end);
    }
    return "not-due";
  }

  function tick(): Promise<Record<string, Outcome>> {
    if (stopped) return Promise.resolve({});
    const now = clock.now();
    const looks = states.map(async (state): Promise<[string, Outcome]> => {
      if (state.busy) return [state.job.name, "busy"];
      if (now.getTime() < state.nextLookAt) return [state.job.name, "not-due"];
      const busy = look(state, now).catch((error: unknown) => {
        log.error("A scheduled job's look failed", { job: state.job.name, error });
        state.nextLookAt = nowMs() + LOOK_AGAIN_MS;
        return "failed" as const;
      });
      state.busy = busy;
      const outcome = await busy;
      state.busy = undefined;
      arm();
      return [state.job.name, outcome];
    });
    arm();
    return Promise.all(looks).then(Object.fromEntries);
  }

  if (firstLookMs > 0) arm();
  else void tick();

  return {
    tick,
    async settled() {
      while (states.some((s) => s.busy)) await Promise.all(states.map((s) => s.busy));
    },
    async stop() {
      stopped = true;
      cancelTimer?.();
      cancelTimer = undefined;
      controller.abort();
      await Promise.all(states.map((s) => s.busy));
    },
  };
}

const registered = new Map<string, Job>();

/** A feature's scheduled job, started with the others by startScheduler(); registered by server/jobs.ts. */
export function registerJob(declared: Job) {
  registered.set(declared.name, declared);
}

/** The names of the jobs registered so far, in order. */
export function registeredJobs(): string[] {
  return [...registered.keys()];
}

// One scheduler per process, kept on globalThis so a reloaded module (development) finds it.
const KEY = Symbol.for("stable.scheduler");
type Holder = { [KEY]?: Scheduler };

/** Starts the registered jobs (server/app.ts, after the features registered), first a moment after start-up. */
export function startScheduler({ clock, firstLookMs = 2_000 }: { clock?: Clock; firstLookMs?: number } = {}) {
  const holder = globalThis as Holder;
  holder[KEY] ??= startJobScheduler({ jobs: [...registered.values()], clock, firstLookMs });
  return holder[KEY];
}

export async function stopScheduler() {
  const holder = globalThis as Holder;
  const scheduler = holder[KEY];
  holder[KEY] = undefined;
  await scheduler?.stop();
}
