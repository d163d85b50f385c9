import { describe, expect, test, vi } from "vitest";
import { useFreshDatabase } from "@tests/db";
import { getLatestNews, saveNews } from "./news.server";

useFreshDatabase();

describe("latest news", () => {
  test("an empty database has no news", async () => {
    expect(await getLatestNews()).toBeNull();
  });

  test("the newest news wins", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    try {
      await saveNews("first");
      vi.setSystemTime(Date.now() + 1000);
      await saveNews("second");
    } finally {
      vi.useRealTimers();
    }
    expect((await getLatestNews())!.text).toBe("second");
  });

  test("the banner has a Danish text beside the spec's, empty unless given", async () => {
    await saveNews("Nordlys won!");
    expect(await getLatestNews()).toMatchObject({ text: "Nordlys won!", textDa: "" });
    const saved = await saveNews("Nordlys won!", undefined, "Nordlys vandt!");
    expect(await getLatestNews()).toMatchObject({ id: saved.id, text: "Nordlys won!", textDa: "Nordlys vandt!" });
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
