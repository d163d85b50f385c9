import type { Page } from "@playwright/test";
import { test, expect } from "./fixtures";
import { saveContactInfo } from "~/models/contact-info.server";
import { getSiteSettings } from "~/models/site-settings.server";
import { solid } from "@tests/images";

// An upload of two images and four pages to check: give it room on a busy machine.
test.describe.configure({ timeout: 90_000 });

async function structuredData(page: Page) {
  const text = await page.locator('script[type="application/ld+json"]').first().textContent();
  return JSON.parse(text!) as Record<string, unknown>;
}

test("an administrator makes the site the stable's own on the Site tab", async ({ adminPage: page }) => {
  await saveContactInfo({
    address: "Strandvejen 1\n2930 Klampenborg",
    phoneNumber: "+45 70 20 30 40",
    emailAddress: "stald@example.dk",
  });
  await page.goto("/admin");
  await page
    .getByRole("navigation", { name: "Admin sections" })
    .getByRole("link", { name: "Site", exact: true })
    .click();
  await expect(page).toHaveURL(/\/admin\/site$/);
  const form = page.getByRole("form", { name: "Site" });
  const field = (label: string) => form.getByLabel(label, { exact: true });

  // Today's texts are the defaults.
  await expect(field("Stable Name")).toHaveValue("Stald Nordlys");
  await expect(field("Excellence Text (English)")).toHaveValue(/^For three generations/);

  // Each picture's hint says what its upload takes: a logo no AVIF, the hero photo any of the four.
  await expect(field("Logo")).toHaveAccessibleDescription(/^PNG, JPEG or WebP, up to 20 MB; square works best/);
  await expect(field("Logo")).toHaveAttribute("accept", "image/png,image/jpeg,image/webp");
  await expect(field("Hero Photo")).toHaveAccessibleDescription(
    /^JPEG, PNG, WebP or AVIF, up to 20 MB\. A wide photograph/,
  );
  await field("Stable Name").fill("Stald Kyst & Co");
  await field("Tagline (English)").fill("Racehorses trained by the <b>sea</b>");
  await field("Tagline (Danish)").fill("Væddeløbsheste trænet ved havet");
  await field("Logo").setInputFiles({
    name: "logo.png",
    mimeType: "image/png",
    buffer: await solid(256, 256).png().toBuffer(),
  });
  await field("Hero Photo").setInputFiles({
    name: "hero.jpg",
    mimeType: "image/jpeg",
    buffer: await solid(1000, 625).jpeg().toBuffer(),
  });
  await field("Hero Photo Description (English)").fill("Horses cantering on the beach at dawn");
  await field("Hero Photo Description (Danish)").fill("Heste i galop på stranden ved daggry");
  await field("Excellence Text (English)").fill("Our own yard by the sea.\n\nEvery horse swims twice a week.");
  await field("Excellence Text (Danish)").fill("Vores egen stald ved havet.");
  await field("24/7 Text (English)").fill("Someone is always with the horses.");
  await field("24/7 Text (Danish)").fill("Der er altid nogen hos hestene.");
  await field("Facebook").fill("http://facebook.com/kyst");
  await field("Instagram").fill("https://www.instagram.com/staldkyst");
  await field("YouTube").fill("https://www.youtube.com/@staldkyst");
  await field("X").fill("https://x.com/staldkyst");
  await form.getByRole("button", { name: "Save Site Settings" }).click();
  // An http link is refused beside its field, and nothing is saved.
  await expect(form.getByText("Enter a full https:// address")).toBeVisible();
  expect((await getSiteSettings()).stableName).toBe("Stald Nordlys");

  await field("Facebook").fill("https://www.facebook.com/staldkyst");
  await form.getByRole("button", { name: "Save Site Settings" }).click();
  // Both images are processed (variants, the link-preview crop) before the answer.
  await expect(page.getByText("Site Settings Saved", { exact: true })).toBeVisible({ timeout: 60_000 });
  const site = await getSiteSettings();
  expect(site.logo?.url).toMatch(/^\/media\/horse-images\/.+\.png$/);
  // Saved: the picture fields show the stored images, with no file waiting to be sent.
  await expect(form.getByText("New image (saved when you submit)")).toHaveCount(0);
  await expect(field("Logo")).toHaveValue("");
  await expect(form.getByText("Current image")).toHaveCount(2);
  expect(site.hero?.url).toMatch(/^\/media\/horse-images\/.+\.jpg$/);

  // English Home: the name, the tagline as typed (never as markup), the photo, the texts.
  await page.goto("/");
  await expect(page).toHaveTitle("Stald Kyst & Co | Racehorse training stable");
  await expect(page.getByRole("heading", { level: 1, name: "Stald Kyst & Co" })).toBeVisible();
  await expect(page.getByText("Racehorses trained by the <b>sea</b>")).toBeVisible();
  await expect(page.getByRole("img", { name: "Horses cantering on the beach at dawn" })).toBeVisible();
  await expect(page.getByText("Every horse swims twice a week.")).toBeVisible();
  await expect(page.getByText("Someone is always with the horses.")).toBeVisible();
  await expect(page.getByRole("banner").locator("img").first()).toHaveAttribute("src", /\.w\d+\.webp$/);
  await expect(page.locator('meta[property="og:image"]')).toHaveAttribute("content", /\.og\.jpg$/);
  await expect(page.locator('meta[property="og:image:width"]')).toHaveAttribute("content", "1200");

  const footer = page.getByRole("contentinfo");
  await expect(footer).toContainText("Strandvejen 1");
  await expect(footer.getByRole("link", { name: "+45 70 20 30 40" })).toHaveAttribute("href", "tel:+4570203040");
  await expect(footer.getByRole("link", { name: "stald@example.dk" })).toHaveAttribute(
    "href",
    "mailto:stald@example.dk",
  );
  for (const [name, href] of [
    ["Facebook", "https://www.facebook.com/staldkyst"],
    ["Instagram", "https://www.instagram.com/staldkyst"],
    ["YouTube", "https://www.youtube.com/@staldkyst"],
    ["X", "https://x.com/staldkyst"],
  ] as const) {
    await expect(footer.getByRole("link", { name, exact: true })).toHaveAttribute("href", href);
  }
  await expect(footer.getByRole("link", { name: "Dansk", exact: true })).toHaveAttribute("href", "/da");

  const data = await structuredData(page);
  expect(data).toMatchObject({
    "@type": "SportsOrganization",
    name: "Stald Kyst & Co",
    description: "Racehorses trained by the <b>sea</b>",
    telephone: "+45 70 20 30 40",
    sameAs: [
      "https://www.facebook.com/staldkyst",
      "https://www.instagram.com/staldkyst",
      "https://www.youtube.com/@staldkyst",
      "https://x.com/staldkyst",
    ],
  });
  // The markup in the tagline never reaches the document as markup.
  expect(await page.locator('script[type="application/ld+json"]').first().innerHTML()).not.toContain("<b>");

  // Danish Home: the Danish tagline, description and texts.
  await footer.getByRole("link", { name: "Dansk", exact: true }).click();
  await expect(page).toHaveURL(/\/da$/);
  await expect(page.getByText("Væddeløbsheste trænet ved havet")).toBeVisible();
  await expect(page.getByRole("img", { name: "Heste i galop på stranden ved daggry" })).toBeVisible();
  await expect(page.getByText("Vores egen stald ved havet.")).toBeVisible();
  await expect(page.getByText("Der er altid nogen hos hestene.")).toBeVisible();
  await expect(page.getByRole("contentinfo").getByRole("link", { name: "English", exact: true })).toHaveAttribute(
    "href",
    "/",
  );
  await page.reload();
  expect(await structuredData(page)).toMatchObject({ description: "Væddeløbsheste trænet ved havet" });
});
