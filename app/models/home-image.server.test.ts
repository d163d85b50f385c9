import { describe, expect, test } from "vitest";
import { useFreshDatabase } from "@tests/db";
import { getHomeImage, listHomeImages, updateHomeImage } from "./home-image.server";
import { db } from "~/platform/db.server";

useFreshDatabase();

const image = { url: "/media/horse-images/a.webp", width: 800, height: 600 };

describe("home gallery", () => {
  test("an empty database has four gallery rows", async () => {
    expect((await listHomeImages()).map((i) => i.position)).toEqual([1, 2, 3, 4]);
  });

  test("the database refuses a fifth gallery position", async () => {
    await expect(db().insertInto("home_images").values({ id: "x", position: 5 }).execute()).rejects.toThrow();
  });

  test("a gallery image keeps its picture without a new file and hands back the replaced one", async () => {
    const [first] = await listHomeImages();
    await updateHomeImage(first!.id, { altText: "Morning gallop", image });
    expect(await updateHomeImage(first!.id, { altText: "Evening gallop" })).toEqual({ replacedImageUrl: null });
    expect(await getHomeImage(first!.id)).toMatchObject({ altText: "Evening gallop", image });
    const next = { url: "/media/horse-images/home-1-2.webp", width: 5, height: 5 };
    expect(await updateHomeImage(first!.id, { altText: "x", image: next })).toEqual({ replacedImageUrl: image.url });
    expect(await updateHomeImage("nope", { altText: "x" })).toBeNull();
  });
});
