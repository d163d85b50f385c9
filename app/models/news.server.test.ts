import { describe, expect, test } from "vitest";
import { useFreshDatabase } from "@tests/db";
import { getLatestNews, saveNews } from "./news.server";

useFreshDatabase();

describe("latest news", () => {
  test("an empty database has no news", async () => {
    expect(await getLatestNews()).toBeNull();
  });

  test("the newest news wins", async () => {
    await saveNews("first");
    await new Promise((r) => setTimeout(r, 5));
    await saveNews("second");
    expect((await getLatestNews())!.text).toBe("second");
  });

  test("the database refuses over-long news", async () => {
    await expect(saveNews("x".repeat(161))).rejects.toThrow();
  });

  test("saving news with the current id replaces that row", async () => {
    const first = await saveNews("first");
    const second = await saveNews("second", first.id);
    expect(second.id).toBe(first.id);
    expect(await getLatestNews()).toMatchObject({ id: first.id, text: "second" });
  });
});
