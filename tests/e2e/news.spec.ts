import fs from "node:fs";
import { confirmedSubscribers } from "@tests/subscribers";
import { test, expect, navigationsWaitForHydration } from "./fixtures";
import { expectNoAxeViolations, storeTestImage } from "./public-helpers";
import { solid } from "@tests/images";
import { createHorse } from "~/models/horse.server";
import { createPost, listAllPosts } from "~/models/post.server";

test.describe.configure({ timeout: 90_000 });

const horse = { name: "Nordlys", age: 4, color: "Brown", sire: "Sea The Stars", dam: "Frøken Fryd" };

test("publish a post with two photos, a video and a tagged horse from the News tab", async ({ adminPage: page }) => {
  const tagged = await createHorse(horse);
  await page.goto("/admin/news");
  const add = page.getByRole("form", { name: "Add Post" });
  await add.getByLabel("Title", { exact: true }).fill("Nordlys wins the Derby");
  await add.getByLabel("Body", { exact: true }).fill("What a **day**.\n\n- a clean start\n- a strong finish");
  await add
    .getByLabel("Photo 1", { exact: true })
    .setInputFiles({ name: "one.jpg", mimeType: "image/jpeg", buffer: await solid(1600, 1000).jpeg().toBuffer() });
  await add.getByLabel("Description of photo 1", { exact: true }).fill("In the winner's circle");
  await add
    .getByLabel("Photo 2", { exact: true })
    .setInputFiles({ name: "two.jpg", mimeType: "image/jpeg", buffer: await solid(1200, 900).jpeg().toBuffer() });
  await add.getByLabel("Description of photo 2", { exact: true }).fill("Back at the yard");
  await add.getByLabel("Video Link", { exact: true }).fill("https://www.youtube.com/watch?v=dQw4w9WgXcQ");
  await add.getByLabel("Nordlys", { exact: true }).check();
  await add.getByRole("button", { name: "Publish Post" }).click();
  await expect(page.getByText("Post Published", { exact: true })).toBeVisible();
  await expect(page.getByRole("region", { name: "Posts" }).getByText("Nordlys wins the Derby")).toBeVisible();
  // Stored as the visitor's pages below show it.
  expect(await listAllPosts()).toMatchObject([
    {
      slug: "nordlys-wins-the-derby",
      audience: "public",
      draft: false,
      video: { provider: "youtube", id: "dQw4w9WgXcQ" },
      photos: [{ description: "In the winner's circle" }, { description: "Back at the yard" }],
      horses: [{ id: tagged.id }],
    },
  ]);
  // Scanned once the toast (which fades in) is gone: the tab with its list.
  await page.goto("/admin/news");
  await expectNoAxeViolations(page);
});

// A visitor's own browser context is the same size in either project: once.
test(
  "a post with two photos, a video and a tagged horse shows on News, its page, the horse page and Home in both languages",
  { tag: "@any-width" },
  async ({ browser, baseURL, app }) => {
    const tagged = await createHorse(horse);
    await createPost({
      title: "Nordlys wins the Derby",
      body: "What a **day**.\n\n- a clean start\n- a strong finish",
      video: { provider: "youtube", id: "dQw4w9WgXcQ" },
      publishAt: new Date(Date.now() - 60_000).toISOString(),
      draft: false,
      horseIds: [tagged.id],
      photos: [
        {
          position: 1,
          image: await storeTestImage(app, "post-photos"),
          description: "In the winner's circle",
        },
        { position: 2, image: await storeTestImage(app, "post-photos"), description: "Back at the yard" },
      ],
    });

    // What a visitor sees: the plain public pages.
    const context = await browser.newContext({ baseURL });
    const visitor = await context.newPage();
    navigationsWaitForHydration(visitor);
    const videoRequests: string[] = [];
    await visitor.route(/youtube|vimeo/, (route) => {
      videoRequests.push(route.request().url());
      return route.abort();
    });

    for (const [prefix, news] of [
      ["", "News"],
      ["/da", "Nyheder"],
    ] as const) {
      await visitor.goto(`${prefix}/news`);
      await expect(visitor.getByRole("heading", { level: 1, name: news })).toBeVisible();
      await visitor.getByRole("link", { name: "Nordlys wins the Derby" }).click();
      await expect(visitor).toHaveURL(new RegExp(`${prefix}/news/nordlys-wins-the-derby$`));
      const article = visitor.getByRole("article");
      const title = article.getByRole("heading", { level: 1, name: "Nordlys wins the Derby" });
      await expect(title).toBeVisible();
      // Written in English only: the Danish page shows it marked as English.
      if (prefix) await expect(title).toHaveAttribute("lang", "en");
      else await expect(title).not.toHaveAttribute("lang");
      await expect(article.getByRole("img", { name: "In the winner's circle" })).toBeVisible();
      await expect(article.getByRole("img", { name: "Back at the yard" })).toBeVisible();
      await expect(article.locator("strong", { hasText: "day" })).toBeVisible();
      await expect(article.locator("iframe")).toHaveCount(0);
      await expectNoAxeViolations(visitor);
      expect(videoRequests).toEqual([]);
      await article.getByRole("link", { name: "Nordlys", exact: true }).click();
      await expect(visitor).toHaveURL(new RegExp(`${prefix}/horses/nordlys$`));
      await expect(visitor.getByRole("link", { name: "Nordlys wins the Derby" })).toBeVisible();
      await expect(visitor.getByRole("img", { name: "Back at the yard" })).toBeVisible();
      await visitor.goto(prefix || "/");
      await expect(visitor.getByRole("link", { name: "Nordlys wins the Derby" })).toBeVisible();
    }

    // The player is loaded only when the visitor asks for it.
    await visitor.goto("/news/nordlys-wins-the-derby");
    await visitor.getByRole("link", { name: /Play video/ }).click();
    await expect(visitor.locator("iframe")).toHaveAttribute(
      "src",
      "https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?autoplay=1",
    );
    await context.close();
  },
);

test(
  "the News tab counts the subscribers, exports them as CSV and erases one",
  { tag: "@any-width" },
  async ({ adminPage: page }) => {
    await confirmedSubscribers(2);
    await page.goto("/admin/news");
    const card = page.getByRole("region", { name: "Newsletter Subscribers" });
    await expect(card).toContainText("2 confirmed, 0 waiting for confirmation");
    const download = page.waitForEvent("download");
    await card.getByRole("link", { name: "Export as CSV" }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^newsletter-subscribers-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = fs.readFileSync((await file.path())!, "utf8");
    expect(csv).toContain("Email,Language,State,Subscribed,Confirmed");
    expect(csv).toContain("subscriber1@example.com,en,confirmed,");

    await card.getByLabel("Subscriber's E-mail").fill("nobody@example.com");
    await card.getByRole("button", { name: "Erase Subscriber" }).click();
    await expect(card.getByText("No subscriber has that address")).toBeVisible();
    await card.getByLabel("Subscriber's E-mail").fill("Subscriber0@example.com");
    await card.getByRole("button", { name: "Erase Subscriber" }).click();
    await expect(page.getByText("Subscriber Erased", { exact: true })).toBeVisible();
    await expect(page.getByRole("region", { name: "Newsletter Subscribers" })).toContainText("1 confirmed");
    await page.goto("/admin/activity");
    await expect(page.getByText("Erased a newsletter subscriber")).toBeVisible();
    await expect(page.getByText("Exported the newsletter subscribers (2)")).toBeVisible();
    // The erased address is in no entry (the entries' text runs on into their dates: "subscriber02.12.").
    await expect(page.getByRole("main")).not.toContainText(/subscriber0@/i);
  },
);

test(
  "a post is written in English and Danish side by side, its bodies previewed as the page shows them",
  { tag: "@any-width" },
  async ({ adminPage: page }) => {
    await page.goto("/admin/news");
    const add = page.getByRole("form", { name: "Add Post" });
    await add.getByLabel("Title", { exact: true }).fill("Nordlys wins the Derby");
    await add.getByLabel("Body", { exact: true }).fill("What a **day**.");
    await add.getByLabel("Title (Danish)", { exact: true }).fill("Nordlys vinder Derbyet");
    const danish = add.getByLabel("Body (Danish)", { exact: true });
    await danish.fill("Sikken en **dag**.");
    await add.getByRole("button", { name: "Preview" }).click();
    const preview = add.getByRole("region", { name: "Preview of Body (Danish)" });
    await expect(preview.locator("strong", { hasText: "dag" })).toBeVisible();
    await expect(add.getByRole("region", { name: "Preview of Body", exact: true }).locator("strong")).toHaveText("day");
    // The preview follows the typing from then on.
    await danish.pressSequentially("\n\n- en ren start");
    await expect(preview.getByRole("listitem")).toHaveText("en ren start");
    await add.getByRole("button", { name: "Publish Post" }).click();
    await expect(page.getByText("Post Published", { exact: true })).toBeVisible();
    await expect(page.getByRole("region", { name: "Posts" })).toContainText("English and Danish");
  },
);

test(
  "without JavaScript, Preview renders the bodies on the server and keeps what was typed",
  { tag: "@any-width" },
  async ({ browser, app, admin }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, baseURL: app.url });
    const page = await context.newPage();
    const { signInAs } = await import("./fixtures");
    await signInAs(page, app, admin);
    await page.goto("/admin/news");
    const add = page.getByRole("form", { name: "Add Post" });
    await add.getByLabel("Title (Danish)", { exact: true }).fill("Ny stald");
    await add.getByLabel("Body (Danish)", { exact: true }).fill("# Tolv bokse\n\nTil **unghestene**.");
    await add.getByRole("button", { name: "Preview" }).click();
    const form = page.getByRole("form", { name: "Add Post" });
    const preview = form.getByRole("region", { name: "Preview of Body (Danish)" });
    await expect(preview.getByRole("heading", { level: 2, name: "Tolv bokse" })).toBeVisible();
    await expect(preview.locator("strong")).toHaveText("unghestene");
    await expect(form.getByLabel("Title (Danish)", { exact: true })).toHaveValue("Ny stald");
    await form.getByRole("button", { name: "Publish Post" }).click();
    await expect(page.getByText("Post Published", { exact: true })).toBeVisible();
    await expect(page.getByRole("region", { name: "Posts" })).toContainText("Ny stald");
    await context.close();
  },
);

test("a horse page's news lines up with the rest of the page", async ({ page }) => {
  const { createPost } = await import("~/models/post.server");
  const horse = await createHorse({ name: "Nordlys", age: 4, color: "Bay", sire: "S", dam: "D" });
  await createPost({
    title: "Nordlys in form",
    body: "A good gallop.",
    video: null,
    publishAt: new Date(Date.now() - 60_000).toISOString(),
    draft: false,
    newsletter: false,
    horseIds: [horse.id],
    photos: [],
  });
  await page.goto(`/horses/${horse.slug}`);
  const left = async (name: string) => (await page.getByRole("heading", { level: 2, name }).boundingBox())!.x;
  expect(await left("News about Nordlys")).toBe(await left("Next Runs"));
});
