import { describe, expect, it } from "vitest";
import { db } from "~/platform/db.server";
import { testEngine, useFreshDatabase } from "@tests/db";
import { claimJobRun, failJobRun, finishJobRun, getJobRun, latestJobRun, pruneJobRuns } from "./job-run.server";

useFreshDatabase();

const t = (iso: string) => new Date(`2026-06-13T${iso}Z`);
const key = (instance: string, period = "2026-06-13") => ({ job: "probe", period, instance });

describe(`job runs (${testEngine})`, () => {
  it("let one instance claim a period; the others learn who holds it", async () => {
    const claims = await Promise.all(
      ["a", "b", "c"].map((i) => claimJobRun(key(i), { now: t("05:00:00"), leaseUntil: t("05:10:00") })),
    );
    expect(claims.filter((c) => c.claimed)).toEqual([{ claimed: true, attempts: 1 }]);
    expect(claims.filter((c) => !c.claimed)).toEqual([
      { claimed: false, run: expect.objectContaining({ status: "running", leaseUntil: "2026-06-13T05:10:00.000Z" }) },
      { claimed: false, run: expect.objectContaining({ status: "running" }) },
    ]);
  });

  it("take a failed run again from its retry time, and a run whose lease ran out", async () => {
    const a = key("a");
    await claimJobRun(a, { now: t("05:00:00"), leaseUntil: t("05:10:00") });
    expect(await failJobRun(a, { at: t("05:01:00"), error: "no", retryAt: t("05:06:00") })).toBe(true);
    // Only the holder records an outcome.
    expect(await finishJobRun(key("b"), { at: t("05:02:00") })).toBe(false);
    expect((await claimJobRun(key("b"), { now: t("05:05:59"), leaseUntil: t("05:15:00") })).claimed).toBe(false);
    expect(await claimJobRun(key("b"), { now: t("05:06:00"), leaseUntil: t("05:16:00") })).toEqual({
      claimed: true,
      attempts: 2,
    });
    expect(await getJobRun("probe", "2026-06-13")).toMatchObject({ status: "running", error: null, retryAt: null });
    // b dies: its lease runs out at 05:16.
    expect((await claimJobRun(key("c"), { now: t("05:15:59"), leaseUntil: t("05:25:00") })).claimed).toBe(false);
    expect(await claimJobRun(key("c"), { now: t("05:16:00"), leaseUntil: t("05:26:00") })).toEqual({
      claimed: true,
      attempts: 3,
    });
    expect(await finishJobRun(key("c"), { at: t("05:17:00"), note: "ok" })).toBe(true);
    expect(await finishJobRun(key("b"), { at: t("05:18:00") })).toBe(false);
    expect((await claimJobRun(key("d"), { now: t("23:00:00"), leaseUntil: t("23:10:00") })).claimed).toBe(false);
    expect(await latestJobRun("probe", "done")).toMatchObject({ note: "ok", finishedAt: "2026-06-13T05:17:00.000Z" });
  });

  it("are forgotten 90 days after they ended, except each job's latest and those running", async () => {
    const row = (job: string, period: string, status: "done" | "running", at: string) => ({
      job,
      period,
      status,
      started_at: at,
      finished_at: status === "done" ? at : null,
    });
    await db()
      .insertInto("job_runs")
      .values([
        row("daily", "2026-01-01", "done", "2026-01-01T06:00:00.000Z"),
        row("daily", "2026-01-02", "done", "2026-01-02T06:00:00.000Z"),
        row("daily", "2026-06-12", "done", "2026-06-12T05:00:00.000Z"),
        row("yearly", "2026-01-01T00:00:00.000Z", "done", "2026-01-01T00:00:00.000Z"),
        row("stuck", "2026-01-01", "running", "2026-01-01T06:00:00.000Z"),
        row("stuck", "2026-06-12", "done", "2026-06-12T05:00:00.000Z"),
      ])
      .execute();
    expect(await pruneJobRuns(t("12:00:00"))).toBe(2);
    const left = await db().selectFrom("job_runs").select(["job", "period"]).orderBy("job").orderBy("period").execute();
    expect(left).toEqual([
      { job: "daily", period: "2026-06-12" },
      { job: "stuck", period: "2026-01-01" },
      { job: "stuck", period: "2026-06-12" },
      { job: "yearly", period: "2026-01-01T00:00:00.000Z" },
    ]);
  });
});
