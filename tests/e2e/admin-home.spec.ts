import { test, expect } from "./fixtures";
import { getHomeImage, listHomeImages } from "~/models/home-image.server";
import { getLatestNews } from "~/models/news.server";

// Multi-step flows against a freshly started site; give them room on a busy machine.
test.describe.configure({ timeout: 60_000 });

test("latest news: counter, 160 cap, save shows on the home page, empty does nothing", async ({ adminPage: page }) => {
  await page.goto("/admin");
  const news = page.getByRole("form", { name: "Latest News" });
  const text = news.getByLabel("News text", { exact: true });
  // Its counter is the field's description (the Danish text beside it has its own).
  await expect(text).toHaveAccessibleDescription("0/160 characters");
  const posts: string[] = [];
  page.on("request", (r) => {
    if (r.method() === "POST") posts.push(r.url());
  });
  // Saving it empty does nothing: shown below, once a real save has gone through.
  await news.getByRole("button", { name: "Save Latest News" }).click();

  await text.fill("x".repeat(200));
  await expect(text).toHaveValue("x".repeat(160));
  await expect(text).toHaveAccessibleDescription("160/160 characters");
  await text.fill("Nordlys won the Derby!");
  await expect(text).toHaveAccessibleDescription("22/160 characters");
  await news.getByRole("button", { name: "Save Latest News" }).click();
  await expect(page.getByText("Latest News Updated", { exact: true })).toBeVisible();
  await expect(page.getByText("News has been saved successfully.")).toBeVisible();
  expect((await getLatestNews())!.text).toBe("Nordlys won the Derby!");
  // The empty save sent nothing: this save is the page's only POST, and its toast the only one.
  expect(posts).toHaveLength(1);
  await expect(page.getByText("Latest News Updated", { exact: true })).toHaveCount(1);

  await page.goto("/");
  await expect(page.getByText("Nordlys won the Derby!")).toBeVisible();
});

test(
  "over-long news sent past the page gives the spec's error toast",
  { tag: "@any-width" },
  async ({ adminPage: page }) => {
    await page.goto("/admin");
    const news = page.getByRole("form", { name: "Latest News" });
    await news
      .getByLabel("News text", { exact: true })
      .evaluate((el: HTMLTextAreaElement) => el.removeAttribute("maxlength"));
    await news.evaluate((form: HTMLFormElement) => {
      form.addEventListener("submit", (e) => e.stopImmediatePropagation(), { capture: true });
      form.querySelector("textarea")!.value = "y".repeat(161);
    });
    await news.getByRole("button", { name: "Save Latest News" }).click();
    const toast = page.getByRole("listitem").filter({ hasText: "News text must be 160 characters or less" });
    await expect(toast).toHaveAttribute("data-type", "error");
    await expect(toast.getByText("Error", { exact: true })).toBeVisible();
    expect(await getLatestNews()).toBeNull();
  },
);

test("gallery: four images with badges; editing the alt text keeps the image", async ({ adminPage: page }) => {
  await page.goto("/admin");
  const gallery = page.getByRole("region", { name: "Homepage Gallery (4 Images)" });
  await expect(gallery.getByRole("listitem")).toHaveCount(4);
  for (const p of [1, 2, 3, 4]) await expect(gallery.getByText(`Position ${p}`)).toBeVisible();
  await gallery.getByRole("link", { name: "Edit image 2" }).click();
  await expect(page).toHaveURL(/\/admin\?edit=home-2/);
  const edit = page.getByRole("form", { name: "Edit Image 2" });
  await expect(edit).toBeInViewport();
  await expect(edit.getByLabel("Image", { exact: true })).toHaveAttribute("accept", /image\/jpeg/);
  await edit.getByLabel("Alt Text", { exact: true }).fill("Morning gallop on the beach");
  await edit.getByRole("button", { name: "Save Changes" }).click();
  await expect(page.getByText("Image Updated", { exact: true })).toBeVisible();
  await expect(page.getByText("Home page image has been updated successfully.")).toBeVisible();
  await expect(gallery.getByText("Morning gallop on the beach")).toBeVisible();
  await expect(page.getByRole("form", { name: "Edit Image 2" })).toHaveCount(0);
  const before = (await listHomeImages())[1]!;
  expect(await getHomeImage("home-2")).toEqual({ ...before, altText: "Morning gallop on the beach" });
});

test(
  "a new gallery image is stored as home-{position}-{timestamp} and shows on the home page",
  { tag: "@any-width" },
  async ({ adminPage: page }) => {
    const { solid } = await import("@tests/images");
    await page.goto("/admin?edit=home-3");
    const edit = page.getByRole("form", { name: "Edit Image 3" });
    await edit
      .getByLabel("Image", { exact: true })
      .setInputFiles({ name: "gallop.jpg", mimeType: "image/jpeg", buffer: await solid(1200, 900).jpeg().toBuffer() });
    await edit.getByLabel("Alt Text", { exact: true }).fill("Gallop at dawn");
    await edit.getByRole("button", { name: "Save Changes" }).click();
    await expect(page.getByText("Image Updated", { exact: true })).toBeVisible();
    const image = (await getHomeImage("home-3"))!;
    expect(image.image!.url).toMatch(/^\/media\/horse-images\/home-3-\d+\.jpg$/);
    await page.goto("/");
    await expect(page.getByRole("img", { name: "Gallop at dawn" })).toHaveAttribute("src", /home-3-/);
  },
);
