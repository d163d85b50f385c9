import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { startJobScheduler, type Scheduler } from "~/jobs/scheduler.server";
import { danishInstant } from "~/jobs/schedule";
import { getJobRun } from "~/models/job-run.server";
import { db } from "~/platform/db.server";
import { runAs } from "~/platform/actor.server";
import { danishToday } from "~/racing/race-day";
import { testEngine, useFreshDatabase } from "@tests/db";
import { useTestEnv } from "@tests/env";
import { fakeClock } from "@tests/fake-clock";
import { dhFakePaths, GALLOP_LICENCE, startDhFake, type DhFake } from "@tests/dh-fake";
import { dhEveningImport, dhMorningImport } from "./dh-job.server";
import { saveDhSettings } from "./dh-settings.server";

useFreshDatabase();

const today = danishToday();
let fake: DhFake;
beforeAll(async () => {
  fake = await startDhFake(today);
});
afterAll(() => fake.close());
useTestEnv(() => ({ DH_API_URL: fake.url, DH_REQUEST_SPACING_MS: "0" }));

let scheduler: Scheduler | undefined;
afterEach(async () => {
  await scheduler?.stop();
  scheduler = undefined;
  fake.reset();
});

const [y, m, d] = today.split("-").map(Number);
const danish = (hour: number, minute: number) => danishInstant({ year: y!, month: m!, day: d! }, hour, minute);
const turnOn = () =>
  runAs({ userId: null, email: "admin@example.com", via: "dashboard" }, () =>
    saveDhSettings({ licence: GALLOP_LICENCE, discipline: "gallop", enabled: true, autoApply: false }),
  );

describe(`the scheduled import from Dansk Hestevæddeløb (${testEngine})`, () => {
  it("runs at 06:00 Danish time and again at 22:00, once each, in no administrator's name", async () => {
    await turnOn();
    const clock = fakeClock(danish(5, 59));
    const s = startJobScheduler({ jobs: [dhMorningImport, dhEveningImport], clock });
    scheduler = s;
    await s.settled();
    const proposals = async () => (await db().selectFrom("dh_proposals").select("id").execute()).length;
    // A new job runs its current period at its first start: the evening job's is yesterday's 22:00.
    await clock.moveTo(danish(6, 1), () => s.settled());
    expect((await getJobRun("dh-import-morning", today))?.status).toBe("done");
    expect(await proposals()).toBe(8);
    const log = await db()
      .selectFrom("activity")
      .select(["actor_email", "summary"])
      .where("entity", "=", "dh-import")
      .execute();
    expect(log).toContainEqual({
      actor_email: "Dansk Hestevæddeløb (scheduled import)",
      summary: expect.stringMatching(/8 new/),
    });
    await clock.moveTo(danish(22, 1), () => s.settled());
    expect((await getJobRun("dh-import-evening", today))?.status).toBe("done");
    expect(await proposals()).toBe(8);
  });

  it("fails a run DH did not answer, so the scheduler tries it again later; an unknown shape is a notice, not a failure", async () => {
    await turnOn();
    const context = {
      period: { key: today, start: danish(6, 0), end: danish(23, 59) },
      now: new Date(),
      signal: new AbortController().signal,
      complete: async () => {},
    };
    fake.fail(dhFakePaths.trainingList("gallop", GALLOP_LICENCE), 503, 5);
    await expect(dhMorningImport.run(context)).rejects.toThrow(/did not answer/);
    expect(await dhMorningImport.ready!({ period: context.period, now: new Date() })).toBe(false);
    fake.reset();
    await db().updateTable("dh_settings").set({ retry_after: null }).execute();
    fake.answer(dhFakePaths.results("gallop", GALLOP_LICENCE), { results: "moved" });
    await expect(dhMorningImport.run(context)).resolves.toBe("refused");
  });
});
