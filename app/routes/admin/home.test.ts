import { describe, expect, it } from "vitest";
import { createHorse, getHorse } from "~/models/horse.server";
import { getHomeImage, listHomeImages } from "~/models/home-image.server";
import { getLatestNews, saveNews } from "~/models/news.server";
import { createRunner } from "~/models/runner.server";
import type { Toast } from "~/toast/toast";
import { breakTable, failure, horseValues, success, useAdmin } from "@tests/admin-actions";
import { useFreshDatabase } from "@tests/db";
import { solid } from "@tests/images";
import * as homeTab from "./home";

useFreshDatabase();

const { run, failureCheck } = useAdmin();

function post(form: Record<string, string>) {
  return run(homeTab.action, "/admin", form);
}

describe("Home tab", () => {
  it("saves the latest news; empty does nothing; over 160 characters is refused with the spec's toast", async () => {
    const r = await run(homeTab.action, "/admin", { intent: "news", newsText: "Nordlys won!" });
    expect(r).toMatchObject({
      status: 302,
      location: "/admin",
      toast: success("Latest News Updated", "News has been saved successfully."),
    });
    const news = (await getLatestNews())!;
    expect(news.text).toBe("Nordlys won!");

    const empty = await run(homeTab.action, "/admin", { intent: "news", id: news.id, newsText: "   " });
    expect(empty.status).toBe(200);
    expect(empty.toast).toBeNull();
    const long = await run(homeTab.action, "/admin", { intent: "news", id: news.id, newsText: "x".repeat(161) });
    expect(long).toMatchObject({ status: 400, toast: failure("News text must be 160 characters or less") });
    expect((await getLatestNews())!.text).toBe("Nordlys won!");

    await run(homeTab.action, "/admin", { intent: "news", id: news.id, newsText: "x".repeat(160) });
    expect(await getLatestNews()).toMatchObject({ id: news.id, text: "x".repeat(160) });
  });

  it("updates a gallery image: alt text alone keeps the image, a new file is named home-{position}-{timestamp}", async () => {
    const alt = await run(homeTab.action, "/admin", { intent: "image", id: "home-2", altText: "Morning gallop" });
    expect(alt).toMatchObject({
      status: 302,
      toast: success("Image Updated", "Home page image has been updated successfully."),
    });
    expect(await getHomeImage("home-2")).toMatchObject({ altText: "Morning gallop", image: null });

    const form = new FormData();
    form.append("intent", "image");
    form.append("id", "home-2");
    form.append("altText", "Gallop");
    form.append(
      "image",
      new File([new Uint8Array(await solid(300, 200).jpeg().toBuffer())], "g.jpg", { type: "image/jpeg" }),
    );
    expect(await run(homeTab.action, "/admin", form)).toMatchObject({ status: 302, toast: success("Image Updated") });
    expect((await getHomeImage("home-2"))!.image!.url).toMatch(/^\/media\/horse-images\/home-2-\d+\.jpg$/);

    const notImage = new FormData();
    notImage.append("intent", "image");
    notImage.append("id", "home-2");
    notImage.append("altText", "Text");
    notImage.append("image", new File(["hello"], "x.jpg", { type: "image/jpeg" }));
    const refused = await run(homeTab.action, "/admin", notImage);
    expect(refused.status).toBe(400);
    expect(refused.data!.errors!.image).toContain("not an image");
    expect((await getHomeImage("home-2"))!.altText).toBe("Gallop");
  });

  it("answers a failing database with the spec's toasts", async () => {
    const fails = failureCheck(homeTab.action, "/admin");
    await fails({ intent: "image", id: "home-9", altText: "x" }, "Failed to update home image", 404);
    await saveNews("Before");
    await breakTable("latest_news");
    await fails({ intent: "news", newsText: "After" }, "Failed to update latest news");
    await breakTable("home_images");
    await fails({ intent: "image", id: "home-1", altText: "x" }, "Failed to update home image");
    const loaded = (await run(homeTab.loader, "/admin")).data as unknown as { newsError: Toast; imagesError: Toast };
    expect(loaded.newsError).toEqual(failure("Failed to fetch latest news"));
    expect(loaded.imagesError).toEqual(failure("Failed to fetch home images"));
  });
});

describe("Race day on the Home tab", () => {
  it("lists a past runner under Results to Record and records its result there, with the Runners tab's intent", async () => {
    const h = await createHorse(horseValues);
    const past = await createRunner({ horseId: h.id, raceName: "Derby", raceDate: "2020-06-07" });
    const before = await run(homeTab.loader, "/admin");
    const today = (before.data as unknown as { today: { resultsToRecord: { id: string }[] } }).today;
    expect(today.resultsToRecord.map((r) => r.id)).toEqual([past.id]);

    const r = await run(homeTab.action, "/admin", { intent: "result", id: past.id, position: "1", prize: "50.000" });
    expect(r).toMatchObject({ status: 302, location: "/admin", toast: success("Result Recorded") });
    expect(await getHorse(h.id)).toMatchObject({ firstPlaces: 1, totalPrizeOre: 50_000_00 });
    const after = await run(homeTab.loader, "/admin");
    expect((after.data as unknown as { today: { resultsToRecord: unknown[] } }).today.resultsToRecord).toEqual([]);

    const bad = await run(homeTab.action, "/admin", { intent: "result", id: past.id, position: "" });
    expect(bad).toMatchObject({ status: 400, data: { intent: "result", errors: { position: "Choose the position" } } });
  });

  it("says a failed read of today's work, and the rest of the tab still opens", async () => {
    await breakTable("runners");
    const loaded = await run(homeTab.loader, "/admin");
    expect((loaded.data as unknown as { todayError: Toast }).todayError).toEqual(
      failure("Failed to fetch today's work"),
    );
    expect((loaded.data as unknown as { images: unknown[] }).images).toHaveLength(4);
  });
});

describe("Home tab: the banner and the gallery in both languages", () => {
  it("saves the news text with its Danish text, each within the spec's 160 characters", async () => {
    const r = await post({ intent: "news", newsText: "Nordlys won!", newsTextDa: "Nordlys vandt!" });
    expect(r).toMatchObject({ status: 302 });
    expect(await getLatestNews()).toMatchObject({ text: "Nordlys won!", textDa: "Nordlys vandt!" });
    const long = await post({ intent: "news", newsText: "Nordlys won!", newsTextDa: "x".repeat(161) });
    expect(long.status).toBe(400);
    expect(long.data!.errors).toEqual({ newsTextDa: "News text must be 160 characters or less" });
  });

  it("asks for the English text too (the English pages show it); both empty still does nothing", async () => {
    const danishOnly = await post({ intent: "news", newsText: "", newsTextDa: "Nordlys vandt!" });
    expect(danishOnly.status).toBe(400);
    expect(danishOnly.data!.errors).toEqual({
      newsText: "Write the news text in English too: the English pages show it",
    });
    expect(await post({ intent: "news", newsText: "", newsTextDa: "" })).toMatchObject({ status: 200 });
    expect(await getLatestNews()).toBeNull();
  });

  it("saves a gallery image's alt text in both languages", async () => {
    const [first] = await listHomeImages();
    const r = await post({ intent: "image", id: first!.id, altText: "Morning gallop", altTextDa: "Morgengalop" });
    expect(r).toMatchObject({ status: 302 });
    expect((await listHomeImages())[0]).toMatchObject({ altText: "Morning gallop", altTextDa: "Morgengalop" });
  });
});
