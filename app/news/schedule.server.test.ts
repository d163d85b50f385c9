import { afterEach, expect, test, vi } from "vitest";
import { useFreshDatabase } from "@tests/db";
import { countChanges } from "@tests/content-changes";
import { confirmedSubscribers } from "@tests/subscribers";
import { listQueuedMail } from "~/models/mail-queue.server";
import { createPost, latestPosts, listAllPosts, listOwnerUpdates, type NewPost } from "~/models/post.server";
import { createGuest, createOwner, testHorse } from "@tests/owners";
import { requestSubscription } from "~/models/subscriber.server";
import { startJobScheduler } from "~/jobs/scheduler.server";
import { postScheduleJob } from "./schedule.server";

useFreshDatabase();

afterEach(() => {
  vi.useRealTimers();
});

/** One instance's post schedule on the scheduler, on the test's (fake) timers. */
const startPostSchedule = () => startJobScheduler({ jobs: [postScheduleJob()] });

/** A post scheduled for 12:30 on the day the tests' fake clock starts at noon. */
const raceDay = (values: Partial<NewPost> = {}): NewPost => ({
  title: "Race day",
  body: "Off we go.",
  video: null,
  publishAt: "2026-06-01T12:30:00.000Z",
  draft: false,
  horseIds: [],
  photos: [],
  ...values,
});

/** Moves the fake clock a minute at a time: the schedule reads the database (real I/O) before it sets its next timer. */
function minuteByMinute(settled: () => Promise<unknown>) {
  return async (n: number) => {
    for (let i = 0; i < n; i++) {
      await vi.advanceTimersByTimeAsync(60_000);
      await settled();
    }
  };
}

test("a scheduled post lets the page cache know when its time comes, not before", async () => {
  vi.useFakeTimers({ now: new Date("2026-06-01T12:00:00Z"), toFake: ["Date", "setTimeout", "clearTimeout"] });
  const schedule = startPostSchedule();
  await createPost(raceDay());
  await schedule.settled();
  const minutes = minuteByMinute(() => schedule.settled());
  const changes = countChanges();
  try {
    await minutes(29);
    expect(changes.count).toBe(0);
    expect(await latestPosts(3)).toEqual([]);
    await minutes(1);
    expect(changes.count).toBe(1);
    expect((await latestPosts(3)).map((p) => p.title)).toEqual(["Race day"]);
    await minutes(60);
    expect(changes.count).toBe(1);
  } finally {
    changes.stop();
    await schedule.stop();
  }
});

test("a post scheduled between two looks lets the page cache know at the next one", async () => {
  vi.useFakeTimers({ now: new Date("2026-06-01T12:00:00Z"), toFake: ["Date", "setTimeout", "clearTimeout"] });
  const schedule = startPostSchedule();
  await createPost(raceDay({ publishAt: "2026-06-01T12:30:20.000Z" }));
  await schedule.settled();
  const minutes = minuteByMinute(() => schedule.settled());
  const changes = countChanges();
  try {
    await minutes(30);
    expect(changes.count).toBe(0);
    await minutes(1);
    expect(changes.count).toBe(1);
    await minutes(5);
    expect(changes.count).toBe(1);
  } finally {
    changes.stop();
    await schedule.stop();
  }
});

test("a scheduled post sent as newsletter is mailed once at its time, however many instances look", async () => {
  vi.useFakeTimers({ now: new Date("2026-06-01T12:00:00Z"), toFake: ["Date", "setTimeout", "clearTimeout"] });
  await confirmedSubscribers(3);
  await requestSubscription({ email: "pending@example.com", language: "da" }, { attemptLimit: 3 });
  // Two instances' schedules (each also hears the other's writes in production).
  const schedules = [startPostSchedule(), startPostSchedule()];
  const { id } = await createPost(raceDay({ newsletter: true }));
  const settled = () => Promise.all(schedules.map((s) => s.settled()));
  await settled();
  const minutes = minuteByMinute(settled);
  const newsletterMail = async () => (await listQueuedMail({ kind: "newsletter" })).map((m) => m.toAddress).sort();
  try {
    await minutes(29);
    expect(await newsletterMail()).toEqual([]);
    await minutes(1);
    expect(await newsletterMail()).toEqual([
      "subscriber0@example.com",
      "subscriber1@example.com",
      "subscriber2@example.com",
    ]);
    const [post] = await listAllPosts();
    expect(post!.newsletter).toEqual({ requested: true, queuedAt: "2026-06-01T12:30:00.000Z", recipients: 3 });
    expect(post!.id).toBe(id);
    await minutes(30);
    expect(await newsletterMail()).toHaveLength(3);
  } finally {
    await Promise.all(schedules.map((s) => s.stop()));
  }
});

test("a scheduled owners-only post tells its owners at its time, once, and leaves the page cache alone", async () => {
  vi.useFakeTimers({ now: new Date("2026-06-01T12:00:00Z"), toFake: ["Date", "setTimeout", "clearTimeout"] });
  const horse = await testHorse("Xenia");
  const owner = await createOwner({ horseIds: [horse.id], email: "anna@example.com" });
  await createGuest(owner.id, { email: "gitte@example.com" });
  const schedules = [startPostSchedule(), startPostSchedule()];
  const settled = () => Promise.all(schedules.map((s) => s.settled()));
  const { notices } = await createPost(raceDay({ audience: "owners", horseIds: [horse.id] }));
  expect(notices).toBeNull();
  await settled();
  const minutes = minuteByMinute(settled);
  const noticeMail = async () => (await listQueuedMail({ kind: "owner-notice" })).map((m) => m.toAddress).sort();
  const changes = countChanges();
  try {
    await minutes(29);
    expect(await noticeMail()).toEqual([]);
    expect(await listOwnerUpdates(horse.id)).toEqual([]);
    await minutes(1);
    expect(await noticeMail()).toEqual(["anna@example.com", "gitte@example.com"]);
    expect((await listOwnerUpdates(horse.id)).map((p) => p.title)).toEqual(["Race day"]);
    await minutes(30);
    expect(await noticeMail()).toHaveLength(2);
    // Nothing public changed: the cached pages stay.
    expect(changes.count).toBe(0);
  } finally {
    changes.stop();
    await Promise.all(schedules.map((s) => s.stop()));
  }
});
