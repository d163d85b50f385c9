import { afterEach, describe, expect, it } from "vitest";
import { startJobScheduler, type Scheduler } from "~/jobs/scheduler.server";
import { getJobRun } from "~/models/job-run.server";
import { listQueuedMail } from "~/models/mail-queue.server";
import { db } from "~/platform/db.server";
import { createHorse } from "~/models/horse.server";
import { createRunner, declareRunner } from "~/models/runner.server";
import { setAdminLanguage } from "~/models/admin-language.server";
import { signedInUser } from "@tests/auth";
import { testEngine, useFreshDatabase } from "@tests/db";
import { fakeClock } from "@tests/fake-clock";
import { composeDeadlineReminder, deadlineReminderJob } from "./reminder.server";

useFreshDatabase();

const at = (iso: string) => new Date(iso);

let scheduler: Scheduler | undefined;
afterEach(async () => {
  await scheduler?.stop();
  scheduler = undefined;
});

/** The reminder's job on the scheduler, from `start` on a clock the test moves (firing its timers). */
async function reminderFrom(start: string) {
  const clock = fakeClock(start);
  const s = startJobScheduler({ jobs: [deadlineReminderJob], clock });
  scheduler = s;
  await s.settled();
  return (to: string) => clock.moveTo(to, () => s.settled());
}

const reminders = async () => (await listQueuedMail({ kind: "deadline-reminder" })).length;

async function derbyWith(deadline: { declarationDeadline?: string; withdrawalDeadline?: string }) {
  const h = await createHorse({ name: "Nordlys", age: 4, color: "Brown", sire: "S", dam: "D" });
  return createRunner({ horseId: h.id, raceName: "Derby", raceDate: "2026-06-15", ...deadline });
}

describe(`the 07:00 deadline reminder (${testEngine})`, () => {
  it("is queued once for every administrator at 07:00 Danish time on a day with a deadline", async () => {
    const a = await signedInUser({ email: "anna@stald.example", admin: true });
    await signedInUser({ email: "bo@stald.example", admin: true });
    await signedInUser({ email: "owner@example.com" });
    await setAdminLanguage(a.user.id, "da");
    const runner = await derbyWith({ declarationDeadline: "2026-06-13T07:30:00.000Z" }); // 09:30 in Copenhagen

    const moveTo = await reminderFrom("2026-06-13T04:59:00Z"); // 06:59
    expect(await reminders()).toBe(0);
    await moveTo("2026-06-13T04:59:59Z");
    expect(await reminders()).toBe(0);
    await moveTo("2026-06-13T05:00:00Z"); // 07:00
    expect(await reminders()).toBe(2);
    await moveTo("2026-06-13T05:01:00Z");
    expect(await reminders()).toBe(2);
    await moveTo("2026-06-13T12:00:00Z");
    expect(await reminders()).toBe(2);
    // The next day has no deadline: nothing.
    await moveTo("2026-06-14T05:00:00Z");
    expect(await reminders()).toBe(2);
    expect(await getJobRun("deadline-reminder", "2026-06-13")).toMatchObject({ status: "done", attempts: 1 });
    const queued = await listQueuedMail({ kind: "deadline-reminder" });
    expect(queued.map((m) => m.toAddress).sort()).toEqual(["anna@stald.example", "bo@stald.example"]);

    const danish = await composeDeadlineReminder(
      "anna@stald.example",
      at("2026-06-13T05:00:00Z"),
      at("2026-06-13T05:00:05Z"),
    );
    expect(danish).toMatchObject({ to: "anna@stald.example", subject: "Frister i dag" });
    expect(danish!.text).toContain("Frist for startanmeldelse 13.06.2026, 09.30: Nordlys i Derby skal startanmeldes.");
    const english = await composeDeadlineReminder(
      "bo@stald.example",
      at("2026-06-13T05:00:00Z"),
      at("2026-06-13T05:00:05Z"),
    );
    expect(english!.subject).toBe("Deadlines today");
    // Declared before the mail went: nothing left to remind of, no mail.
    await declareRunner(runner.id, { jockey: "M. Larsen", weightG: 57_500, draw: null, equipment: [] });
    expect(
      await composeDeadlineReminder("bo@stald.example", at("2026-06-13T05:00:00Z"), at("2026-06-13T05:02:00Z")),
    ).toBeNull();
  });

  it("is not queued on a day whose deadlines have passed or were met", async () => {
    await signedInUser({ email: "anna@stald.example", admin: true });
    await derbyWith({ withdrawalDeadline: "2026-06-13T04:00:00.000Z" }); // 06:00, before the reminder
    const moveTo = await reminderFrom("2026-06-13T05:00:00Z");
    await moveTo("2026-06-14T04:59:00Z");
    expect(await listQueuedMail({ kind: "deadline-reminder" })).toEqual([]);
    // Nothing was claimed for the day: there was nothing to remind of.
    expect(await db().selectFrom("job_runs").selectAll().execute()).toEqual([]);
  });

  it("is queued later that day for a deadline typed in after 07:00, once", async () => {
    await signedInUser({ email: "anna@stald.example", admin: true });
    const moveTo = await reminderFrom("2026-06-13T05:00:00Z");
    await moveTo("2026-06-13T08:00:00Z");
    expect(await reminders()).toBe(0);
    await derbyWith({ declarationDeadline: "2026-06-13T13:00:00.000Z" }); // 15:00
    await moveTo("2026-06-13T08:00:59Z");
    expect(await reminders()).toBe(0);
    await moveTo("2026-06-13T08:01:00Z");
    expect(await reminders()).toBe(1);
    await moveTo("2026-06-13T12:59:00Z");
    expect(await reminders()).toBe(1);
  });

  it("is not queued again on a day reminded before the claim table (carried over by its migration)", async () => {
    await signedInUser({ email: "anna@stald.example", admin: true });
    await derbyWith({ declarationDeadline: "2026-06-13T07:30:00.000Z" });
    await db()
      .insertInto("job_runs")
      .values({
        job: "deadline-reminder",
        period: "2026-06-13",
        status: "done",
        started_at: "2026-06-13T05:00:02.000Z",
        finished_at: "2026-06-13T05:00:02.000Z",
      })
      .execute();
    const moveTo = await reminderFrom("2026-06-13T05:10:00Z");
    await moveTo("2026-06-13T07:00:00Z");
    expect(await reminders()).toBe(0);
  });

  it("is queued when the site starts after 07:00 on a day with a deadline still ahead", async () => {
    await signedInUser({ email: "anna@stald.example", admin: true });
    await derbyWith({ withdrawalDeadline: "2026-06-13T08:00:00.000Z" }); // 10:00
    await reminderFrom("2026-06-13T06:30:00Z"); // 08:30
    expect(await reminders()).toBe(1);
  });
});
