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
  await vi.waitFor(() => expect(vi.getTimerCount()).toBe(1));
  const changes = countChanges();
  try {
    await vi.advanceTimersByTimeAsync(29 * 60_000);
    expect(changes.count).toBe(0);
    expect(await latestPosts(3)).toEqual([]);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(changes.count).toBe(1);
    expect((await latestPosts(3)).map((p) => p.title)).toEqual(["Race day"]);
    await vi.advanceTimersByTimeAsync(60 * 60_000);
    expect(changes.count).toBe(1);
  } finally {
    changes.stop();
    schedule.stop();
  }
});
