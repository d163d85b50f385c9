import { test, expect } from "./fixtures";
import { breakTable, expectLayout, expectNoAxeViolations, storeTestImage, TEST_IMAGE } from "./public-helpers";
import { listHomeImages, updateHomeImage } from "~/models/home-image.server";
import { saveNews } from "~/models/news.server";
import { db } from "~/platform/db.server";

// Accessibility scans and image processing are CPU-heavy when the whole suite runs in parallel.
test.describe.configure({ timeout: 60_000 });

// Scanned by axe in accessibility.spec.ts, empty and with content; nothing here depends on the width.
test("a fresh site's home page has every section with its defaults", { tag: "@any-width" }, async ({ page }) => {
  const response = await page.goto("/");
  expect(response?.status()).toBe(200);
  await expect(page).toHaveTitle("Stald Nordlys | Racehorse training stable");
  await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", /Stald Nordlys trains/);

  const gallery = page.getByRole("region", { name: "Gallery" }).getByRole("img");
  await expect(gallery).toHaveCount(4);
  for (const [i, image] of (await gallery.all()).entries()) {
    await expect(image).toHaveAttribute("alt", `Gallery image ${i + 1}`);
    await expect(image).toHaveAttribute("src", "/placeholder.svg");
  }

  await expect(page.getByRole("region", { name: "Latest News" })).toContainText(
    "Welcome to Stald Nordlys! Follow our horses here as the racing season unfolds.",
  );
  await expect(page.getByRole("heading", { level: 1, name: "Stald Nordlys" })).toBeVisible();
  await expect(page.getByText("Thoroughbred training from Klampenborg to the winner's circle")).toBeVisible();
  await expect(page.getByRole("link", { name: "View Our Champions" })).toHaveAttribute("href", "/horses");
  await expect(page.getByRole("link", { name: "Start Training" })).toHaveAttribute("href", "/contact");

  for (const [title, href] of [
    ["Elite Training", "/horses"],
    ["Winners", "/winners"],
    ["Expert Team", "/team"],
    ["Consultation", "/contact"],
  ] as const) {
    await expect(page.getByRole("heading", { level: 3, name: title })).toBeVisible();
    const explore = page.getByRole("link", { name: `Explore ${title}` });
    await expect(explore).toHaveText("Explore");
    await expect(explore).toHaveAttribute("href", href);
  }

  await expect(page.getByRole("heading", { name: "Excellence in Every Stride" })).toBeVisible();
  await expect(page.getByText("24/7", { exact: true })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Professional care" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Ready to Begin?" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Contact Us" })).toHaveAttribute("href", "/contact");
  await expectLayout(page);
});

test("the gallery, news and hero come from the database", async ({ page, app }) => {
  const rows = await listHomeImages();
  await updateHomeImage(rows[1]!.id, { altText: "Paddock", image: await storeTestImage(app, "horse-images") });
  await updateHomeImage(rows[2]!.id, { altText: "Morning gallop", image: TEST_IMAGE });
  await updateHomeImage(rows[0]!.id, { altText: "The stable block" });
  await saveNews("An older line");
  await db().updateTable("latest_news").set({ created_at: "2026-01-01T00:00:00.000Z" }).execute();
  await saveNews("Nordlys wins the Danish Derby at Klampenborg!");
  await db()
    .updateTable("site_settings")
    .set({ stable_name: "Stald Kystvejen", tagline: "Racehorses trained by the sea" })
    .execute();

  await page.goto("/");
  await expect(page).toHaveTitle("Stald Kystvejen | Racehorse training stable");
  const gallery = page.getByRole("region", { name: "Gallery" }).getByRole("img");
  await expect(gallery).toHaveCount(4);
  await expect(gallery.nth(0)).toHaveAttribute("alt", "The stable block");
  await expect(gallery.nth(0)).toHaveAttribute("src", "/placeholder.svg");
  await expect(gallery.nth(2)).toHaveAttribute("alt", "Morning gallop");
  await expect(gallery.nth(1)).toHaveAttribute("alt", "Paddock");
  await expect(gallery.nth(1)).toHaveAttribute("src", /^\/media\/horse-images\//);
  await expect(gallery.nth(2)).toHaveAttribute("src", TEST_IMAGE.url);

  await expect(page.getByRole("region", { name: "Latest News" })).toContainText(
    "Nordlys wins the Danish Derby at Klampenborg!",
  );
  await expect(page.getByText("An older line")).toHaveCount(0);
  await expect(page.getByRole("heading", { level: 1, name: "Stald Kystvejen" })).toBeVisible();
  await expect(page.getByText("Racehorses trained by the sea")).toBeVisible();
  await expect(page.getByRole("banner")).toContainText("Stald Kystvejen");

  // Two images a row on small screens, four on wider ones.
  const tops = await gallery.evaluateAll((els) => els.map((el) => Math.round(el.getBoundingClientRect().top)));
  expect(tops.filter((t) => t === tops[0]).length).toBe(page.viewportSize()!.width >= 768 ? 4 : 2);
  expect(new Set(tops).size).toBe(page.viewportSize()!.width >= 768 ? 1 : 2);
  await expectNoAxeViolations(page);
});

test.describe("with a database that fails", () => {
  test.use({ ownServer: true });

  test(
    "a failed read keeps the page, with the welcome text and placeholders",
    { tag: "@any-width" },
    async ({ page, app }) => {
      await saveNews("Not shown while the database fails");
      await breakTable("latest_news");
      const response = await page.goto("/");
      expect(response?.status()).toBe(503);
      await expect(page.getByRole("region", { name: "Latest News" })).toContainText("Welcome to Stald Nordlys!");
      await expect(page.getByRole("region", { name: "Gallery" }).getByRole("img")).toHaveCount(4);
      await expect(page.getByRole("heading", { level: 1, name: "Stald Nordlys" })).toBeVisible();
      await expectLayout(page);
      await expect.poll(() => app.logs.join("")).toContain("Reading latest news failed");
    },
  );
});
