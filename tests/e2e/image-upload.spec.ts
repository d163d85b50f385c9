import { photoJpeg, SVG } from "@tests/images";
import { expect, test } from "./fixtures";

const PAGE = "/__test/image-upload";

// The test page keeps its image and its count of saves in the server's memory: a server per test.
test.describe("the image upload field", () => {
  test.use({ appEnv: { STABLE_TEST_ROUTES: "1" }, ownServer: true });

  // The status line, the progress bar and the single POST read the same at any width.
  test(
    "shows the upload percentage, then Processing…, and sends the form only once",
    { tag: "@any-width" },
    async ({ adminPage: page }) => {
      // Resizing a phone photo is CPU-bound; leave room on a busy machine.
      test.setTimeout(120_000);
      await page.goto(PAGE);
      // A photo sent over a slow uplink so the progress is visible (its size only makes the processing longer).
      const photo = await photoJpeg(1600, 1200);
      const cdp = await page.context().newCDPSession(page);
      await cdp.send("Network.enable");
      await cdp.send("Network.emulateNetworkConditions", {
        offline: false,
        latency: 20,
        downloadThroughput: -1,
        uploadThroughput: Math.ceil(photo.length / 4),
      });

      await page.getByLabel("Image").setInputFiles({ name: "IMG_2044.JPG", mimeType: "image/jpeg", buffer: photo });
      await expect(page.getByRole("img", { name: "Chosen file IMG_2044.JPG" })).toBeVisible();

      // Record every state the status line goes through.
      await page.evaluate(() => {
        const seen: string[] = [];
        (window as unknown as { seen: string[] }).seen = seen;
        const status = document.querySelector('form [role="status"]')!;
        new MutationObserver(() => seen.push(status.textContent ?? "")).observe(status, {
          subtree: true,
          childList: true,
          characterData: true,
        });
      });
      const posts: string[] = [];
      page.on("request", (r) => {
        if (r.method() === "POST") posts.push(r.url());
      });

      const save = page.getByRole("button", { name: "Save Changes" });
      await save.click();
      await expect(page.getByText(/^Uploading… \d+%$/)).toBeVisible();
      await expect(page.getByRole("progressbar", { name: "Upload progress" })).toBeVisible();
      await expect(save).toBeDisabled();
      // A second submission (Enter in a field, a script) while busy is ignored.
      await page.getByRole("form", { name: "Upload check" }).evaluate((form: HTMLFormElement) => form.requestSubmit());
      await page.getByLabel("Alt text").press("Enter");

      await expect(page.getByText("Image Updated")).toBeVisible({ timeout: 90_000 });
      await expect(page.getByText("Saves: 1")).toBeVisible();
      expect(posts).toHaveLength(1);

      const seen = await page.evaluate(() => (window as unknown as { seen: string[] }).seen);
      const percents = seen
        .map((s) => /Uploading… (\d+)%/.exec(s)?.[1])
        .filter((p) => p !== undefined)
        .map(Number);
      expect(
        percents.some((p) => p > 0 && p < 100),
        `states seen: ${seen.join(" | ")}`,
      ).toBe(true);
      expect(seen).toContain("Processing…");
      expect(seen.indexOf("Processing…")).toBeGreaterThan(seen.findIndex((s) => s.startsWith("Uploading…")));

      // The stored image is shown through <picture>, and its variants are served.
      const stored = page.getByRole("img", { name: "Stored image" });
      await expect(stored).toBeVisible();
      const src = await stored.evaluate((img: HTMLImageElement) => img.currentSrc);
      expect(src).toMatch(/\/media\/horse-images\/home-1-\d+\.w\d+\.(avif|webp)$/);
      await expect(save).toBeEnabled();
    },
  );

  test(
    "shows the server's message for a file that is not an image, and nothing is saved",
    { tag: "@any-width" },
    async ({ adminPage: page }) => {
      await page.goto(PAGE);
      await page.getByLabel("Image").setInputFiles({ name: "photo.jpg", mimeType: "image/jpeg", buffer: SVG });
      await page.getByRole("button", { name: "Save Changes" }).click();
      await expect(page.getByRole("alert").filter({ hasText: "SVG drawings are not accepted" })).toBeVisible();
      // A refused action does not reload the page's data: only a fresh page shows what the server kept.
      await page.reload();
      await expect(page.getByText("Saves: 0")).toBeVisible();
      await expect(page.getByRole("img", { name: "Stored image" })).toHaveCount(0);
    },
  );

  test(
    "refuses a file over the limit in the page before sending it",
    { tag: "@any-width" },
    async ({ adminPage: page }) => {
      test.slow(); // 21 MB cross into the page, and a second file is saved
      await page.goto(PAGE);
      const posts: string[] = [];
      page.on("request", (r) => {
        if (r.method() === "POST") posts.push(r.url());
      });
      await page
        .getByLabel("Image")
        .setInputFiles({ name: "huge.jpg", mimeType: "image/jpeg", buffer: Buffer.alloc(21 * 1024 * 1024, 1) });
      await expect(page.getByText("The file is too large. The limit is 20 MB.")).toBeVisible();
      const field = page.getByLabel("Image");
      await page.getByRole("button", { name: "Save Changes" }).click();
      // The browser keeps the form and points at the field with the message instead of sending it.
      await expect(field).toBeFocused();
      expect(await field.evaluate((input: HTMLInputElement) => input.validationMessage)).toBe(
        "The file is too large. The limit is 20 MB.",
      );
      // A file within the limit then goes through: its POST is the first one the page sent.
      await field.setInputFiles({ name: "small.jpg", mimeType: "image/jpeg", buffer: await photoJpeg(200, 150) });
      await page.getByRole("button", { name: "Save Changes" }).click();
      await expect(page.getByText("Saves: 1")).toBeVisible();
      expect(posts).toHaveLength(1);
    },
  );
});

test.describe("without JavaScript", () => {
  test.use({ appEnv: { STABLE_TEST_ROUTES: "1" }, ownServer: true, javaScriptEnabled: false });

  test("the same form uploads and the action answers", { tag: "@any-width" }, async ({ adminPage: page }) => {
    await page.goto(PAGE);
    await page
      .getByLabel("Image")
      .setInputFiles({ name: "a.jpg", mimeType: "image/jpeg", buffer: await photoJpeg(800, 600) });
    await page.getByRole("button", { name: "Save Changes" }).click();
    await expect(page.getByText("Saves: 1")).toBeVisible();
    await expect(page.getByRole("img", { name: "Stored image" })).toBeVisible();
  });
});

test(
  "the test page does not exist unless the server is started for it",
  { tag: "@any-width" },
  async ({ adminPage: page }) => {
    const response = await page.goto(PAGE);
    expect(response?.status()).toBe(404);
  },
);
