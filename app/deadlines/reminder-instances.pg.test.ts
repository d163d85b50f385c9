import { describe, expect, it } from "vitest";
import { createHorse } from "~/models/horse.server";
import { listQueuedMail } from "~/models/mail-queue.server";
import { createRunner } from "~/models/runner.server";
import { signedInUser } from "@tests/auth";
import { useFreshDatabase } from "@tests/db";
import { databaseEnvForInstance, startInstanceProcess } from "@tests/instance-process";
import { waitFor } from "@tests/smtp";

// Runs only with TEST_DATABASE_URL (vitest.config.ts includes *.pg.test.ts then): several instances need a server.
/** An instance in its own process, its scheduler on a fake clock moving through `times` once told to go. */
function startInstance(env: Record<string, string>, times: string[]) {
  return startInstanceProcess("tests/reminder-instance.ts", { ...env, REMINDER_TIMES: times.join(",") });
}

describe("PostgreSQL: the deadline reminder with several instances", () => {
  useFreshDatabase();

  it("two instances checking at 07:00 on one database queue the reminder once per administrator", async () => {
    const env = await databaseEnvForInstance();
    await signedInUser({ email: "anna@stald.example", admin: true });
    await signedInUser({ email: "bo@stald.example", admin: true });
    const h = await createHorse({ name: "Nordlys", age: 4, color: "Brown", sire: "S", dam: "D" });
    await createRunner({
      horseId: h.id,
      raceName: "Derby",
      raceDate: "2026-06-15",
      declarationDeadline: "2026-06-13T07:30:00.000Z",
    });
    // 06:59 to 07:03 Danish time, minute by minute, as each instance's timer fires.
    const times = [4 * 60 + 59, 5 * 60, 5 * 60 + 1, 5 * 60 + 2, 5 * 60 + 3].map((m) =>
      new Date(Date.UTC(2026, 5, 13, 0, m)).toISOString(),
    );
    const instances = [startInstance(env, times), startInstance(env, times)];
    for (const i of instances)
      await waitFor(() => i.out.includes("ready"), 30_000, `an instance to start: ${i.out.join("\n")}`);
    for (const i of instances) i.child.stdin.write("go\n");
    await Promise.all(instances.map((i) => i.exited));
    const runs = instances.map((i) => Number(i.out.find((l) => l.startsWith("ran "))?.slice(4)));
    expect(runs.sort(), instances.flatMap((i) => i.out).join("\n")).toEqual([0, 1]);
    const queued = await listQueuedMail({ kind: "deadline-reminder" });
    expect(queued.map((m) => m.toAddress).sort()).toEqual(["anna@stald.example", "bo@stald.example"]);
  });
});
