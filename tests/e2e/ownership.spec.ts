import { test, expect } from "./fixtures";
import { mailIn } from "./mail-files";
import { expectNoAxeViolations, seedHorse } from "./public-helpers";

test.describe.configure({ timeout: 90_000 });

test.use({ appEnv: { CONTACT_MIN_FILL_MS: "0", CONTACT_TO: "office@stald.example", CONTACT_RATE_LIMIT: "50" } });

test("the ownership page lists a horse with shares available, and its enquiry reaches the stable", async ({
  page,
  app,
}) => {
  await seedHorse({
    name: "Lykkeper",
    sharesAvailable: true,
    sharesText: "25 % available",
    sharesTextDa: "25 % ledig",
  });
  await seedHorse({ name: "Nordlys" });

  await page.goto("/da/ejerskab");
  await expect(page.getByRole("heading", { level: 1, name: "Ejerskab" })).toBeVisible();
  const offered = page.getByRole("article", { name: "Lykkeper" });
  await expect(offered.getByRole("img", { name: "Lykkeper" })).toBeVisible();
  await expect(offered.getByText("25 % ledig")).toBeVisible();
  await expect(page.getByRole("article", { name: "Nordlys" })).toHaveCount(0);
  // The horse's own page says so and leads here.
  await page.goto("/da/horses/lykkeper");
  await expect(page.locator("dt", { hasText: /^Ledige andele$/ }).locator("+ dd")).toContainText("25 % ledig");
  await expect(page.getByRole("link", { name: "Om at eje en andel" })).toHaveAttribute("href", "/da/ejerskab");

  await page.goto("/ownership");
  await expect(page.getByRole("heading", { level: 1, name: "Ownership" })).toBeVisible();
  await expect(page.getByText(/Owning a racehorse with us means/)).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole("link", { name: "Enquire about Lykkeper" }).click();
  await expect(page).toHaveURL(`${app.url}/contact?horse=lykkeper`);
  await expect(page.getByText("Your message is about a share in Lykkeper.")).toBeVisible();
  const message = page.getByLabel("Message", { exact: true });
  await expect(message).toHaveValue("I would like to hear more about owning a share in Lykkeper.");
  await page.getByLabel("Full Name").fill("Anne Jensen");
  await page.getByLabel("Email Address").fill("anne@example.com");
  await message.fill(`${await message.inputValue()} Is it still open?`);
  await page.getByRole("button", { name: "Send Message" }).click();
  await expect(page.getByText("Message Sent!", { exact: true })).toBeVisible();

  // Delivered by the queue like any other message, the horse named.
  await expect.poll(() => mailIn(app.dataDir).length, { timeout: 10_000 }).toBe(1);
  const [mail] = mailIn(app.dataDir);
  expect(mail!.to).toContain("office@stald.example");
  expect(mail!.text).toContain("I would like to hear more about owning a share in Lykkeper. Is it still open?");
});

test(
  "the ownership page says when no shares are available, in both languages",
  { tag: "@any-width" },
  async ({ page }) => {
    await seedHorse();
    await page.goto("/ownership");
    await expect(page.getByText("No shares are available just now. Ask us about the next one.")).toBeVisible();
    await page.goto("/da/ejerskab");
    await expect(page.getByText("Der er ingen ledige andele lige nu. Spørg os om den næste.")).toBeVisible();
  },
);
