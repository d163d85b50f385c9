import { afterEach, describe, expect, it, vi } from "vitest";
import { getJobRun } from "~/models/job-run.server";
import { db } from "~/platform/db.server";
import { log } from "~/platform/log.server";
import { testEngine, useFreshDatabase } from "@tests/db";
import { fakeClock } from "@tests/fake-clock";
import { daily, every } from "./schedule";
import { job, startJobScheduler, type Job, type Scheduler } from "./scheduler.server";

useFreshDatabase();

const started: Scheduler[] = [];
afterEach(async () => {
  vi.restoreAllMocks();
  await Promise.all(started.splice(0).map((s) => s.stop()));
});

/** A scheduler stopped after the test, on a clock of its own. */
function scheduler(jobs: Job[], at: string, instance: string) {
  const clock = fakeClock(at);
  const s = startJobScheduler({ jobs, clock, instance });
  started.push(s);
  return { s, clock, move: (to: string) => clock.moveTo(to, () => s.settled()) };
}

/** A job that notes each period it runs for. */
function probe(values: Partial<Job> = {}) {
  const runs: string[] = [];
  return {
    runs,
    job: job({
      name: "probe",
      due: daily("07:00"),
      run: async ({ period }) => {
        runs.push(period.key);
      },
      ...values,
    }),
  };
}

/** A promise the test resolves itself. */
function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
}

const rows = () => db().selectFrom("job_runs").selectAll().orderBy("period").execute();

describe(`the scheduler (${testEngine})`, () => {
  it("runs a due job once per period however many instances look", async () => {
    const { job: j, runs } = probe();
    const a = scheduler([j], "2026-06-13T05:00:00.000Z", "a");
    const b = scheduler([j], "2026-06-13T05:00:00.000Z", "b");
    await Promise.all([a.s.settled(), b.s.settled()]);
    expect(runs).toEqual(["2026-06-13"]);
    expect(await getJobRun("probe", "2026-06-13")).toMatchObject({
      status: "done",
      attempts: 1,
      startedAt: "2026-06-13T05:00:00.000Z",
      finishedAt: "2026-06-13T05:00:00.000Z",
    });

    // Both looking all day long: nothing more until the next day's 07:00, then once again.
    await a.move("2026-06-14T04:59:00.000Z");
    await b.move("2026-06-14T04:59:00.000Z");
    expect(runs).toEqual(["2026-06-13"]);
    a.clock.set("2026-06-14T05:00:00.000Z");
    b.clock.set("2026-06-14T05:00:00.000Z");
    const outcomes = await Promise.all([a.s.tick(), b.s.tick()]);
    expect(outcomes.map((o) => o.probe).sort()).toEqual(["done", "not-due"]);
    expect(runs).toEqual(["2026-06-13", "2026-06-14"]);
    expect((await rows()).map((r) => [r.period, r.status])).toEqual([
      ["2026-06-13", "done"],
      ["2026-06-14", "done"],
    ]);
  });

  it("sleeps until the next period and looks then, by its clock", async () => {
    const { job: j, runs } = probe({ due: every({ minutes: 15 }) });
    const a = scheduler([j], "2026-06-13T10:07:00.000Z", "a");
    await a.s.settled();
    expect(runs).toEqual(["2026-06-13T10:00:00.000Z"]);
    await a.move("2026-06-13T10:14:59.999Z");
    expect(runs).toHaveLength(1);
    await a.move("2026-06-13T10:15:00.000Z");
    expect(runs).toEqual(["2026-06-13T10:00:00.000Z", "2026-06-13T10:15:00.000Z"]);
    await a.move("2026-06-13T11:00:00.000Z");
    expect(runs).toHaveLength(5);
  });

  it("runs a period missed while stopped once at the next start, not once per missed period", async () => {
    const day = probe();
    const hourly = probe({ name: "hourly", due: every({ hours: 1 }) });
    const first = scheduler([day.job, hourly.job], "2026-06-13T05:30:00.000Z", "a");
    await first.s.settled();
    await first.s.stop();
    // Restarted within the same periods: nothing again.
    const again = scheduler([day.job, hourly.job], "2026-06-13T05:45:00.000Z", "b");
    await again.s.settled();
    await again.s.stop();
    expect(day.runs).toEqual(["2026-06-13"]);
    expect(hourly.runs).toEqual(["2026-06-13T05:00:00.000Z"]);

    // Down for three days: the latest day's and the latest hour's turns, once each.
    const later = scheduler([day.job, hourly.job], "2026-06-16T09:30:00.000Z", "c");
    await later.s.settled();
    expect(day.runs).toEqual(["2026-06-13", "2026-06-16"]);
    expect(hourly.runs).toEqual(["2026-06-13T05:00:00.000Z", "2026-06-16T09:00:00.000Z"]);
    expect(await rows()).toHaveLength(4);
  });

  it("logs and records a failed run, tries it again after its retry time, and never rejects", async () => {
    const warn = vi.spyOn(log, "warn");
    let calls = 0;
    const j = job({
      name: "flaky",
      due: daily("07:00"),
      retryMinutes: 5,
      run: async () => {
        calls += 1;
        if (calls === 1) throw new Error("the mail server said no");
      },
    });
    const a = scheduler([j], "2026-06-13T05:00:00.000Z", "a");
    await a.s.settled();
    expect(await getJobRun("flaky", "2026-06-13")).toMatchObject({
      status: "failed",
      attempts: 1,
      error: "the mail server said no",
      retryAt: "2026-06-13T05:05:00.000Z",
    });
    expect(warn).toHaveBeenCalledWith(
      "Scheduled job failed; it is tried again",
      expect.objectContaining({ job: "flaky", period: "2026-06-13", retryAt: "2026-06-13T05:05:00.000Z" }),
    );
    // Another instance leaves it alone until then, too.
    const b = scheduler([j], "2026-06-13T05:04:00.000Z", "b");
    await b.s.settled();
    await a.move("2026-06-13T05:04:59.000Z");
    expect(calls).toBe(1);
    await a.move("2026-06-13T05:05:00.000Z");
    expect(calls).toBe(2);
    expect(await getJobRun("flaky", "2026-06-13")).toMatchObject({ status: "done", attempts: 2, error: null });
  });

  it("tries a run that failed near its period's end again in the next period, not after it", async () => {
    const periods: string[] = [];
    const j = job({
      name: "always-failing",
      due: every({ minutes: 10 }),
      retryMinutes: 5,
      run: async ({ period }) => {
        periods.push(period.key);
        throw new Error("no");
      },
    });
    const a = scheduler([j], "2026-06-13T10:08:00.000Z", "a");
    await a.s.settled();
    expect((await getJobRun("always-failing", "2026-06-13T10:00:00.000Z"))?.retryAt).toBe("2026-06-13T10:10:00.000Z");
    await a.move("2026-06-13T10:10:00.000Z");
    expect(periods).toEqual(["2026-06-13T10:00:00.000Z", "2026-06-13T10:10:00.000Z"]);
  });

  it("looks again soon when it cannot look at all (the database is down)", async () => {
    const warn = vi.spyOn(log, "warn");
    let down = true;
    const { job: j, runs } = probe({
      ready: async () => {
        if (down) throw new Error("connection refused");
        return true;
      },
    });
    const a = scheduler([j], "2026-06-13T05:00:00.000Z", "a");
    await a.s.settled();
    expect(warn).toHaveBeenCalledWith(
      "Could not look at a scheduled job; looking again soon",
      expect.objectContaining({ job: "probe" }),
    );
    down = false;
    await a.move("2026-06-13T05:00:59.000Z");
    expect(runs).toEqual([]);
    await a.move("2026-06-13T05:01:00.000Z");
    expect(runs).toEqual(["2026-06-13"]);
  });

  it("claims nothing while a job has nothing to do yet, and runs it once it has", async () => {
    let ready = false;
    const { job: j, runs } = probe({ retryMinutes: 1, ready: async () => ready });
    const a = scheduler([j], "2026-06-13T05:00:00.000Z", "a");
    await a.s.settled();
    await a.move("2026-06-13T08:00:00.000Z");
    expect(await rows()).toEqual([]);
    ready = true;
    await a.move("2026-06-13T08:01:00.000Z");
    expect(runs).toEqual(["2026-06-13"]);
    await a.move("2026-06-13T09:00:00.000Z");
    expect(runs).toHaveLength(1);
  });

  it("stops cleanly: no timer left, and stop() resolves only once the running job has finished", async () => {
    const running = deferred();
    const release = deferred();
    let finished = false;
    let aborted = false;
    const j = job({
      name: "slow",
      due: daily("07:00"),
      run: async ({ signal }) => {
        running.resolve();
        await release.promise;
        aborted = signal.aborted;
        finished = true;
      },
    });
    const other = probe({ name: "other", due: every({ minutes: 1 }) });
    const a = scheduler([j, other.job], "2026-06-13T05:00:00.000Z", "a");
    await running.promise;
    let stopped = false;
    const stopping = a.s.stop().then(() => (stopped = true));
    // A turn of the event loop: the database answers what is pending, and stop() is still waiting.
    await new Promise((resolve) => setImmediate(resolve));
    expect(stopped).toBe(false);
    release.resolve();
    await stopping;
    expect({ finished, aborted }).toEqual({ finished: true, aborted: true });
    expect(a.clock.pending()).toBe(0);
    expect((await getJobRun("slow", "2026-06-13"))?.status).toBe("done");
    // Stopped: the clock moving on starts nothing.
    expect(await a.s.tick()).toEqual({});
    expect(other.runs).toHaveLength(1);
  });

  it("gives a run that stops early at a shutdown back, for the next instance to run at once", async () => {
    const running = deferred();
    let calls = 0;
    const j = job({
      name: "backup-like",
      due: every({ hours: 24 }),
      run: async ({ signal }) => {
        calls += 1;
        if (calls > 1) return "second";
        running.resolve();
        await new Promise((_, reject) => signal.addEventListener("abort", () => reject(new Error("stopped"))));
      },
    });
    const a = scheduler([j], "2026-06-13T05:00:00.000Z", "a");
    await running.promise;
    await a.s.stop();
    expect(await getJobRun("backup-like", "2026-06-13T00:00:00.000Z")).toMatchObject({
      status: "stopped",
      retryAt: "2026-06-13T05:00:00.000Z",
      error: null,
    });
    const b = scheduler([j], "2026-06-13T05:00:01.000Z", "b");
    await b.s.settled();
    expect(await getJobRun("backup-like", "2026-06-13T00:00:00.000Z")).toMatchObject({
      status: "done",
      attempts: 2,
      note: "second",
    });
  });

  it("lets another instance take over a run whose instance died, once its lease has run out", async () => {
    const warn = vi.spyOn(log, "warn");
    const running = deferred();
    const release = deferred();
    let calls = 0;
    const j = job({
      name: "held",
      due: daily("07:00"),
      leaseMinutes: 1,
      run: async () => {
        calls += 1;
        if (calls > 1) return;
        running.resolve();
        await release.promise;
      },
    });
    // `a` hangs (its clock never moves, so it never renews its claim).
    const a = scheduler([j], "2026-06-13T05:00:00.000Z", "a");
    await running.promise;
    const b = scheduler([j], "2026-06-13T05:00:30.000Z", "b");
    await b.s.settled();
    expect(calls).toBe(1);
    await b.move("2026-06-13T05:01:00.000Z");
    expect(calls).toBe(2);
    expect(await getJobRun("held", "2026-06-13")).toMatchObject({ status: "done", attempts: 2 });
    release.resolve();
    await a.s.settled();
    expect(warn).toHaveBeenCalledWith(
      "A scheduled job finished after its claim was taken over",
      expect.objectContaining({ job: "held", instance: "a" }),
    );
  });

  it("renews the claim while a run works, so no other instance takes it", async () => {
    const running = deferred();
    const release = deferred();
    const j = job({
      name: "long",
      due: daily("07:00"),
      leaseMinutes: 3,
      run: async () => {
        running.resolve();
        await release.promise;
      },
    });
    const a = scheduler([j], "2026-06-13T05:00:00.000Z", "a");
    await running.promise;
    // A minute on (a third of the lease), the claim is renewed to 05:04.
    void a.clock.moveTo("2026-06-13T05:01:00.000Z", async () => {});
    await vi.waitFor(async () =>
      expect((await getJobRun("long", "2026-06-13"))?.leaseUntil).toBe("2026-06-13T05:04:00.000Z"),
    );
    const b = scheduler([j], "2026-06-13T05:03:30.000Z", "b");
    expect(await b.s.tick()).toEqual({ long: "busy" });
    await b.s.settled();
    expect(await getJobRun("long", "2026-06-13")).toMatchObject({ attempts: 1, status: "running" });
    release.resolve();
    await a.s.settled();
    expect((await getJobRun("long", "2026-06-13"))?.status).toBe("done");
  });

  it("commits the claim with the job's own work when the job completes it in its transaction", async () => {
    let calls = 0;
    const stamp = (n: number) => ({ stamp_hash: `stamp-${n}`, expires_at: "2026-06-14T00:00:00.000Z" });
    const j = job({
      name: "atomic",
      due: daily("07:00"),
      retryMinutes: 1,
      run: async ({ complete }) => {
        calls += 1;
        await db()
          .transaction()
          .execute(async (trx) => {
            await trx.insertInto("used_form_stamps").values(stamp(calls)).execute();
            await complete(trx);
            if (calls === 1) throw new Error("the commit failed");
          });
      },
    });
    const a = scheduler([j], "2026-06-13T05:00:00.000Z", "a");
    await a.s.settled();
    // Neither the work nor the claim's completion stayed.
    expect(await db().selectFrom("used_form_stamps").select("stamp_hash").execute()).toEqual([]);
    expect((await getJobRun("atomic", "2026-06-13"))?.status).toBe("failed");
    await a.move("2026-06-13T05:01:00.000Z");
    expect(await db().selectFrom("used_form_stamps").select("stamp_hash").execute()).toEqual([
      { stamp_hash: "stamp-2" },
    ]);
    expect(await getJobRun("atomic", "2026-06-13")).toMatchObject({ status: "done", attempts: 2 });
  });

  it("runs a job for each instance in every instance, claiming nothing", async () => {
    const { job: j, runs } = probe({ everyInstance: true, due: every({ minutes: 1 }) });
    const a = scheduler([j], "2026-06-13T05:00:00.000Z", "a");
    const b = scheduler([j], "2026-06-13T05:00:20.000Z", "b");
    await Promise.all([a.s.settled(), b.s.settled()]);
    expect(runs).toEqual(["2026-06-13T05:00:00.000Z", "2026-06-13T05:00:00.000Z"]);
    await a.move("2026-06-13T05:01:00.000Z");
    expect(runs).toHaveLength(3);
    expect(await rows()).toEqual([]);
  });

  it("refuses a job without a proper name and two jobs of one name", () => {
    expect(() => probe({ name: "Probe Job" })).toThrow(/no job name/);
    const { job: j } = probe();
    expect(() => startJobScheduler({ jobs: [j, j], clock: fakeClock("2026-06-13T05:00:00.000Z") })).toThrow(
      /same name/,
    );
  });
});
