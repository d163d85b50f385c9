import fs from "node:fs";
import path from "node:path";
import type { Page } from "@playwright/test";
import { test, expect } from "./fixtures";
import { sql } from "kysely";
import { animationsFinished, clickNavLink, expectNoAxeViolations, openReactApp } from "./public-helpers";
import { saveContactInfo } from "~/models/contact-info.server";
import { listContactMessages } from "~/models/contact-message.server";
import { db } from "~/platform/db.server";

test.use({ appEnv: { CONTACT_MIN_FILL_MS: "0", CONTACT_TO: "office@stald.example", CONTACT_RATE_LIMIT: "50" } });

const VALID = { name: "Anne Jensen", email: "anne@example.com", message: "We would like to visit the yard." };

// Every rule and boundary is proven once, on the schema (app/contact/contact-form.test.ts) and on the
// server's answer (app/contact/contact-submission.server.test.ts); here one refused and one accepted
// message per path: with JavaScript (the schema checks in the page) and without (the server answers).
const longEmail = (length: number) => `${"a".repeat(length - "@example.com".length)}@example.com`;
/** A refusal only the schema makes: the browser's own check takes this address. */
const NO_DOMAIN = { values: { email: "anne@localhost" }, field: "email", error: "Invalid email address" } as const;
/** A name of spaces fills a required field for the browser; the server trims it away. */
const BLANK_NAME = { values: { name: "   " }, field: "name", error: "Name is required" } as const;
/** Every limit at once, as far as it goes: the browser and the server both take them. */
const AT_THE_LIMITS = { name: "n".repeat(100), email: longEmail(255), message: "m".repeat(2000) };

const LABELS = { name: "Full Name", email: "Email Address", message: "Message" } as const;

async function fillForm(page: Page, values: Partial<typeof VALID>) {
  const all = { ...VALID, ...values };
  for (const field of ["name", "email", "message"] as const)
    await page.getByLabel(LABELS[field], { exact: true }).fill(all[field]);
  return all;
}

async function expectFieldError(page: Page, field: keyof typeof VALID, error: string) {
  const input = page.getByLabel(LABELS[field], { exact: true });
  await expect(input).toHaveAttribute("aria-invalid", "true");
  await expect(input).toHaveAccessibleDescription(new RegExp(error));
}

test.describe("contact information", () => {
  test(
    "shows the address with its line breaks, a call link and a mail link",
    { tag: "@any-width" },
    async ({ page }) => {
      await saveContactInfo({
        address: "Stald Nordlys\nDyrehaven 12\n2930 Klampenborg",
        phoneNumber: "+45 12 34 56 78",
        emailAddress: "office@stald.example",
      });
      await page.goto("/contact");
      await expect(page).toHaveTitle(/Contact/);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      const card = page.getByRole("region", { name: "Contact Information" });
      await expect(card.locator("address")).toHaveText("Stald NordlysDyrehaven 122930 Klampenborg");
      await expect(card.locator("address br")).toHaveCount(2);
      await expect(card.getByRole("link", { name: "+45 12 34 56 78" })).toHaveAttribute("href", "tel:+4512345678");
      await expect(card.getByRole("link", { name: "office@stald.example" })).toHaveAttribute(
        "href",
        "mailto:office@stald.example",
      );
    },
  );

  test("shows only what is set, and a notice when nothing is", { tag: "@any-width" }, async ({ page }) => {
    await page.goto("/contact");
    const card = page.getByRole("region", { name: "Contact Information" });
    await expect(card.getByText("Contact information will be displayed here once configured by admin.")).toBeVisible();
    await saveContactInfo({ address: "", phoneNumber: "+45 11 22 33 44", emailAddress: "" });
    await page.reload();
    await expect(card.getByRole("link", { name: "+45 11 22 33 44" })).toBeVisible();
    await expect(card.locator("address")).toHaveCount(0);
    await expect(card.getByRole("link")).toHaveCount(1);
  });

  test("says it is loading during a client-side visit", async ({ page }) => {
    await saveContactInfo({ address: "Dyrehaven 12", phoneNumber: "", emailAddress: "" });
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    // Only the contact route's own data is held back; the rest of the page may load.
    await page.route(/\/contact\.data\?_routes=routes%2Fcontact/, async (route) => {
      await held;
      await route.continue();
    });
    await openReactApp(page);
    await clickNavLink(page, "Contact");
    await expect(page.getByText("Loading contact information...")).toBeVisible();
    release();
    await expect(page.getByRole("region", { name: "Contact Information" }).getByText("Dyrehaven 12")).toBeVisible();
    await expect(page.getByText("Loading contact information...")).toHaveCount(0);
  });
});

test.describe("sending a message with JavaScript", () => {
  test("the counter follows the message and the inputs carry their limits", { tag: "@any-width" }, async ({ page }) => {
    await page.goto("/contact");
    const form = page.getByRole("region", { name: "Send us a Message" });
    await expect(form.getByText("0/2000")).toBeVisible();
    await page.getByLabel("Message", { exact: true }).pressSequentially("Hello");
    await expect(form.getByText("5/2000")).toBeVisible();
    await expect(page.getByLabel("Full Name")).toHaveAttribute("maxlength", "100");
    await expect(page.getByLabel("Full Name")).toHaveAttribute("required", "");
    await expect(page.getByLabel("Email Address")).toHaveAttribute("maxlength", "255");
    await expect(page.getByLabel("Message", { exact: true })).toHaveAttribute("minlength", "10");
    await expect(page.getByLabel("Message", { exact: true })).toHaveAttribute("maxlength", "2000");
    // The browser itself stops at the limit.
    await page.getByLabel("Full Name").fill("n".repeat(101));
    await expect(page.getByLabel("Full Name")).toHaveValue("n".repeat(100));
  });

  test(
    "a refused message shows its rule's message as a toast and beside its field, keeping what was typed",
    { tag: "@any-width" },
    async ({ page }) => {
      await page.goto("/contact");
      const typed = await fillForm(page, NO_DOMAIN.values);
      await page.getByRole("button", { name: "Send Message" }).click();
      const toast = page
        .getByRole("region", { name: /Notifications/ })
        .getByRole("listitem")
        .filter({ hasText: "Validation Error" });
      await expect(toast).toContainText(NO_DOMAIN.error);
      await expectFieldError(page, NO_DOMAIN.field, NO_DOMAIN.error);
      await expect(page.getByLabel(LABELS.email, { exact: true })).toHaveValue(typed.email);
      expect(await listContactMessages()).toEqual([]);
    },
  );

  test(
    "a valid message is confirmed, the form cleared, the message stored and e-mailed",
    { tag: "@any-width" },
    async ({ page, app }) => {
      await page.goto("/contact");
      await fillForm(page, {});
      await page.getByRole("button", { name: "Send Message" }).click();
      const toast = page
        .getByRole("region", { name: /Notifications/ })
        .getByRole("listitem")
        .filter({ hasText: "Message Sent!" });
      await expect(toast).toContainText("Thank you for contacting the stable. We'll get back to you soon.");
      await expect(page.getByLabel("Full Name")).toHaveValue("");
      await expect(page.getByLabel("Message", { exact: true })).toHaveValue("");
      await expect(page.getByText("0/2000")).toBeVisible();
      expect(await listContactMessages()).toMatchObject([VALID]);
      // Delivered by the queue (no SMTP server configured: written to DATA_DIR/mail).
      const mailDir = path.join(app.dataDir, "mail");
      await expect
        .poll(() => (fs.existsSync(mailDir) ? fs.readdirSync(mailDir).length : 0), { timeout: 10_000 })
        .toBe(1);
      const mail = fs.readFileSync(path.join(mailDir, fs.readdirSync(mailDir)[0]!), "utf8");
      expect(mail).toContain("To: office@stald.example");
      expect(mail).toContain("Reply-To: anne@example.com");
    },
  );

  test("a refusal from the server keeps everything typed", async ({ page }) => {
    await page.goto("/contact");
    await fillForm(page, { message: "Please keep this text if anything goes wrong." });
    // A forged stamp stands for any refusal the server makes after the page's own checks pass.
    await page
      .getByRole("main")
      .locator('input[name="form_stamp"]')
      .evaluate((el) => ((el as HTMLInputElement).value = "1.forged"));
    await page.getByRole("button", { name: "Send Message" }).click();
    await expect(page.getByRole("region", { name: /Notifications/ }).getByText("The form had expired")).toBeVisible();
    await expect(page.getByLabel("Message", { exact: true })).toHaveValue(
      "Please keep this text if anything goes wrong.",
    );
    await expect(page.getByLabel("Full Name")).toHaveValue(VALID.name);
    // The fresh stamp handed back lets the same form go through.
    await page.getByRole("button", { name: "Send Message" }).click();
    await expect(page.getByRole("region", { name: /Notifications/ }).getByText("Message Sent!")).toBeVisible();
  });
});

test("a toast never covers the page's first content: on a phone it sits at the bottom", async ({ page }) => {
  await page.goto("/contact");
  await fillForm(page, {});
  await page.getByRole("button", { name: "Send Message" }).click();
  const toast = page
    .getByRole("region", { name: /Notifications/ })
    .getByRole("listitem")
    .filter({ hasText: "Message Sent!" });
  await expect(toast).toBeVisible();
  await page.evaluate(() => window.scrollTo(0, 0));
  const heading = (await page.getByRole("heading", { level: 1 }).boundingBox())!;
  const box = (await toast.boundingBox())!;
  const overlaps =
    box.x < heading.x + heading.width &&
    heading.x < box.x + box.width &&
    box.y < heading.y + heading.height &&
    heading.y < box.y + box.height;
  expect(overlaps).toBe(false);
  // On a phone the page's first content fills the screen's top: the toast keeps to the bottom.
  const viewport = page.viewportSize()!;
  if (viewport.width < 640) expect(box.y).toBeGreaterThan(viewport.height / 2);
});

test.describe("with a database that fails", () => {
  test.use({ ownServer: true });

  test(
    "when the message cannot be stored: 'Error', and everything typed is kept, with or without JavaScript",
    { tag: "@any-width" },
    async ({ page, browser, app }) => {
      await sql`alter table contact_messages rename to contact_messages_gone`.execute(db());
      const failure = "Failed to send message. Please try again or contact us directly.";
      await page.goto("/contact");
      await fillForm(page, { message: "A message that must not be lost." });
      await page.getByRole("button", { name: "Send Message" }).click();
      await expect(
        page
          .getByRole("region", { name: /Notifications/ })
          .getByRole("listitem")
          .filter({ hasText: "Error" }),
      ).toContainText(failure);
      await expect(page.getByLabel("Message", { exact: true })).toHaveValue("A message that must not be lost.");
      await expect(page.getByLabel("Email Address")).toHaveValue(VALID.email);

      const noScript = await browser.newContext({ javaScriptEnabled: false, baseURL: app.url });
      const plain = await noScript.newPage();
      await plain.goto("/contact");
      await fillForm(plain, { message: "A message that must not be lost." });
      await plain.getByRole("button", { name: "Send Message" }).click();
      await expect(plain.getByRole("alert")).toContainText(`Error${failure}`);
      await expect(plain.getByLabel("Message", { exact: true })).toHaveValue("A message that must not be lost.");
      await noScript.close();
    },
  );
});

test.describe("sending a message without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test(
    "a refused message comes back with its message beside its field, the values kept",
    { tag: "@any-width" },
    async ({ page }) => {
      await page.goto("/contact");
      const typed = await fillForm(page, BLANK_NAME.values);
      await page.getByRole("button", { name: "Send Message" }).click();
      await expect(page.getByRole("alert")).toContainText(`Validation Error${BLANK_NAME.error}`);
      await expectFieldError(page, BLANK_NAME.field, BLANK_NAME.error);
      for (const field of ["name", "email", "message"] as const) {
        await expect(page.getByLabel(LABELS[field], { exact: true })).toHaveValue(typed[field]);
      }
      expect(await listContactMessages()).toEqual([]);
    },
  );

  test(
    "a valid message is confirmed on the page that comes back, with an empty form; the page's limits are the server's",
    { tag: "@any-width" },
    async ({ page }) => {
      // The browser checks the fields' own limits before sending: it lets the longest and the shortest through.
      for (const values of [AT_THE_LIMITS, { message: "1234567890" }]) {
        await page.goto("/contact");
        await fillForm(page, values);
        await page.getByRole("button", { name: "Send Message" }).click();
        await expect(page.getByRole("status")).toContainText(
          "Message Sent!Thank you for contacting the stable. We'll get back to you soon.",
        );
        await expect(page.getByLabel("Full Name")).toHaveValue("");
        await expect(page.getByLabel("Message", { exact: true })).toHaveValue("");
      }
      const stored = await listContactMessages();
      expect(stored.map((m) => m.message.length).sort()).toEqual([10, 2000]);
      expect(stored.map((m) => m.email)).toContain(AT_THE_LIMITS.email);
    },
  );
});

test.describe("the admin Messages view", () => {
  // Settings no other test uses (a mail server that is down): a server of its own.
  test.use({
    appEnv: { CONTACT_MIN_FILL_MS: "0", CONTACT_RATE_LIMIT: "50", SMTP_URL: "smtp://127.0.0.1:9" },
    ownServer: true,
  });

  test(
    "lists a visitor's message with its delivery state and retries a failed one",
    { tag: "@any-width" },
    async ({ page, adminPage }) => {
      await page.goto("/contact");
      await fillForm(page, { name: "Bente Holm", message: "Do you have room for a two-year-old?" });
      await page.getByRole("button", { name: "Send Message" }).click();
      await expect(page.getByRole("region", { name: /Notifications/ }).getByText("Message Sent!")).toBeVisible();
      // Nothing listens on port 9 and no Contact Info e-mail is set: first the warning, then failures.
      await adminPage.goto("/admin/messages");
      await expect(adminPage.getByRole("alert")).toContainText("Messages are not being e-mailed");
      const message = adminPage.getByRole("article", { name: "Message from Bente Holm" });
      await expect(message).toContainText("Do you have room for a two-year-old?");
      await expect(message).toContainText("Waiting to send");
      await expect(message).toContainText("0 attempts");

      const [stored] = await listContactMessages();
      // As after hours of retries against a mail server that is down (the queue itself is tested in Vitest).
      await db()
        .updateTable("mail_queue")
        .set({ state: "failed", attempts: 10, last_error: "connect ECONNREFUSED 127.0.0.1:9" })
        .where("contact_message_id", "=", stored!.id)
        .execute();
      await adminPage.reload();
      await expect(message).toContainText("10 attempts");
      await expect(message).toContainText("Failed");
      await expect(message).toContainText("Last error: connect ECONNREFUSED");
      await message.getByRole("button", { name: "Retry sending" }).click();
      await expect(adminPage.getByRole("region", { name: /Notifications/ }).getByText("Message Queued")).toBeVisible();
      await expect(message).not.toContainText("Failed");
      await expect(message.getByRole("button", { name: "Retry sending" })).toHaveCount(0);
    },
  );
});

test("the contact page has no detectable accessibility violations with its errors showing", async ({ page }) => {
  await saveContactInfo({
    address: "Dyrehaven 12\n2930 Klampenborg",
    phoneNumber: "+45 12 34 56 78",
    emailAddress: "office@stald.example",
  });
  // The page as it opens is scanned with the others in accessibility.spec.ts; here, with its errors.
  await page.goto("/contact");
  await page.getByRole("button", { name: "Send Message" }).click();
  await expect(page.getByLabel("Full Name")).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByRole("region", { name: /Notifications/ }).getByText("Validation Error")).toBeVisible();
  await animationsFinished(page);
  await expectNoAxeViolations(page);
});
