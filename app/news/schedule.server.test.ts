import { afterEach, expect, test, vi } from "vitest";
import { useFreshDatabase } from "@tests/db";
import { countChanges } from "@tests/content-changes";
import { confirmedSubscribers } from "@tests/subscribers";
import { listQueuedMail } from "~/models/mail-queue.server";
import { createPost, latestPosts, listAllPosts } from "~/models/post.server";
import { requestSubscription } from "~/models/subscriber.server";
import { startPostSchedule } from "./schedule.server";

useFreshDatabase();

afterEach(() => {
  vi.useRealTimers();
});

test("a scheduled post lets the page cache know when its time comes, not before", async () => {
  vi.useFakeTimers({ now: new Date("2026-06-01T12:00:00Z"), toFake: ["Date", "setTimeout", "clearTimeout"] });
  const schedule = startPostSchedule();
  await createPost({
    title: "Race day",
    body: "Off we go.",
    language: "da",
    video: null,
    publishAt: "2026-06-01T12:30:00.000Z",
    draft: false,
    horseIds: [],
    photos: [],
  });
  await schedule.settled();
  // A minute at a time: the schedule reads the database (real I/O) before it sets its next timer.
  const minutes = async (n: number) => {
    for (let i = 0; i < n; i++) {
      await vi.advanceTimersByTimeAsync(60_000);
      await schedule.settled();
    }
  };
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
    schedule.stop();
  }
});

test("a scheduled post sent as newsletter is mailed once at its time, however many instances look", async () => {
  vi.useFakeTimers({ now: new Date("2026-06-01T12:00:00Z"), toFake: ["Date", "setTimeout", "clearTimeout"] });
  await confirmedSubscribers(3);
  await requestSubscription({ email: "pending@example.com", language: "da" }, { attemptLimit: 3 });
  // Two instances' schedules (each also hears the other's writes in production).
  const schedules = [startPostSchedule(), startPostSchedule()];
  const { id } = await createPost({
    title: "Race day",
    body: "Off we go.",
    language: "da",
    video: null,
    publishAt: "2026-06-01T12:30:00.000Z",
    draft: false,
    newsletter: true,
    horseIds: [],
    photos: [],
  });
  const settled = () => Promise.all(schedules.map((s) => s.settled()));
  await settled();
  const minutes = async (n: number) => {
    for (let i = 0; i < n; i++) {
      await vi.advanceTimersByTimeAsync(60_000);
      await settled();
    }
  };
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
    for (const s of schedules) s.stop();
  }
});
