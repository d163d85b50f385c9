import { beforeEach, describe, expect, it } from "vitest";
import { buildRequest, signedInUser } from "@tests/auth";
import { answerOf, type ActionAnswer } from "@tests/action-answers";
import { useFreshDatabase } from "@tests/db";
import { getLatestNews } from "~/models/news.server";
import { listHomeImages } from "~/models/home-image.server";
import type { AdminActionData } from "./+shared/admin-action.server";
import * as homeTab from "./home";

useFreshDatabase();

let cookie = "";
beforeEach(async () => {
  cookie = (await signedInUser({ admin: true })).cookie;
});

function post(form: Record<string, string>): Promise<ActionAnswer<AdminActionData>> {
  const request = buildRequest("/admin", { cookie, form });
  return answerOf(() => homeTab.action({ request, params: {}, context: {} } as never));
}

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
