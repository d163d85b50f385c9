import { describe, expect, it } from "vitest";
import { getJobRun } from "~/models/job-run.server";
import { testEngine, useFreshDatabase } from "@tests/db";
import { databaseEnvForInstance, startInstanceProcess } from "@tests/instance-process";
import { waitFor } from "@tests/smtp";

/** Instances, each in a process of its own, looking at the scheduler's jobs at `time` together. */
async function instancesAt(count: number, time: string) {
  const env = { ...(await databaseEnvForInstance()), JOB_TIME: time };
  const instances = Array.from({ length: count }, () => startInstanceProcess("tests/scheduler-instance.ts", env));
  for (const i of instances)
    await waitFor(() => i.out.includes("ready"), 30_000, `an instance to start: ${i.out.join("\n")}`);
  for (const i of instances) i.child.stdin.write("go\n");
  await Promise.all(instances.map((i) => i.exited));
  return instances
    .map((i) => {
      const line = i.out.find((l) => l.startsWith("ran "));
      expect(line, i.out.join("\n")).toBeDefined();
      return Number(line!.slice(4));
    })
    .sort((a, b) => a - b);
}

describe(`several instances' schedulers on one database (${testEngine})`, () => {
  useFreshDatabase();

  it("run a due job exactly once between them, and not again within its period", async () => {
    expect(await instancesAt(2, "2026-06-13T05:00:00.000Z")).toEqual([0, 1]);
    const run = await getJobRun("probe", "2026-06-13");
    expect(run).toMatchObject({ status: "done", attempts: 1, note: expect.stringMatching(/^run by \d+$/) });
    expect(await instancesAt(2, "2026-06-13T09:00:00.000Z")).toEqual([0, 0]);
    expect(await getJobRun("probe", "2026-06-13")).toEqual(run);
  });
});
