import { afterEach, expect, test, vi } from "vitest";
import { useFreshDatabase } from "@tests/db";
import { countChanges } from "@tests/content-changes";
import { createPost, latestPosts } from "~/models/post.server";
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
