import { db } from "~/platform/db.server";
import { createUser } from "@tests/auth";
import { test as base, expect, navigationsWaitForHydration, signInAs } from "./fixtures";
import { startSmtpServer, waitFor, type ReceivedMail, type TestSmtpServer } from "@tests/smtp";

type Mailbox = TestSmtpServer & { waitFor: (to: string) => Promise<ReceivedMail & { text: string }> };

/** The message's raw source with quoted-printable soft breaks and escaped "=" undone. */
const readable = (raw: string) => raw.replace(/=\r?\n/g, "").replace(/=3D/gi, "=");

// The site sends its mail to a real SMTP server started for each test.
const test = base.extend<{ mailbox: Mailbox }>({
  mailbox: async ({}, use) => {
    const server = await startSmtpServer();
    const mailbox: Mailbox = {
      ...server,
      waitFor: async (to) => {
        await waitFor(() => server.received.some((m) => m.envelopeTo.includes(to)), 15_000, `a mail to ${to}`);
        const mail = server.received.find((m) => m.envelopeTo.includes(to))!;
        return { ...mail, text: readable(mail.raw) };
      },
    };
    await use(mailbox);
    await server.close();
  },
  appEnv: async ({ mailbox }, use) => {
    await use({ SMTP_URL: mailbox.url, MAIL_FROM: "Stable <no-reply@stable.test>" });
  },
});

// The mail server, and so the site's settings, belong to one test: each gets a server of its own.
test.use({ ownServer: true });

const resetLinkIn = (text: string) => /(http:\/\/\S+\/auth\?mode=reset&token=[\w-]+)/.exec(text)?.[1];

async function requestReset(page: import("@playwright/test").Page, email: string) {
  await page.goto("/auth");
  await page.getByRole("link", { name: "Forgot password?" }).click();
  await expect(page.getByRole("heading", { name: "Forgot password?" })).toBeVisible();
  await page.getByLabel("Email").fill(email);
  await page.getByRole("button", { name: "Send Reset Link" }).click();
  const toast = page.locator("[data-sonner-toast]");
  await expect(toast).toContainText("Check your email");
  await expect(toast).toContainText("We've sent you a password reset link.");
}

test(
  "the whole reset flow: request, mail, new password, other sessions signed out, link used up",
  { tag: "@any-width" },
  async ({ page, app, mailbox, browser }) => {
    test.slow(); // several password hashes and page loads in one story
    const user = await createUser({ email: "owner@stable.test", admin: true });
    const elsewhere = await browser.newContext();
    const otherPage = await elsewhere.newPage();
    navigationsWaitForHydration(otherPage);
    await signInAs(otherPage, app, user);

    await requestReset(page, "nobody@stable.test");
    await requestReset(page, user.email);
    const mail = await mailbox.waitFor(user.email);
    expect(mailbox.received.some((m) => m.envelopeTo.includes("nobody@stable.test"))).toBe(false);
    expect(mail.text).toContain("Subject: Reset your password");
    const link = resetLinkIn(mail.text)!;
    expect(link.startsWith(`${app.url}/auth?mode=reset&token=`)).toBe(true);

    await page.goto(link);
    await page.getByLabel("New password", { exact: true }).fill("1234567890");
    await page.getByLabel("Confirm new password").fill("1234567890");
    await page.getByRole("button", { name: "Update Password" }).click();
    await expect(page.locator("[data-sonner-toast]").filter({ hasText: "Reset Password Error" })).toContainText(
      "This password is too easy to guess",
    );

    await page.getByLabel("New password", { exact: true }).fill("Fresh-Gallop-2026");
    await page.getByLabel("Confirm new password").fill("Fresh-Gallop-2026");
    await page.getByRole("button", { name: "Update Password" }).click();
    await expect(page).toHaveURL(/\/auth$/);
    await expect(page.locator("[data-sonner-toast]").filter({ hasText: "Password updated" })).toBeVisible();

    await otherPage.goto(`${app.url}/admin`);
    await expect(otherPage).toHaveURL(/\/auth\?redirectTo=/);
    await elsewhere.close();

    await page.getByLabel("Email").fill(user.email);
    await page.getByLabel("Password").fill("Fresh-Gallop-2026");
    await page.getByRole("button", { name: "Sign In" }).click();
    await expect(page).toHaveURL(/\/$/);

    // Used once: the same link no longer works (signed out first, since /auth sends members home).
    await page.context().clearCookies();
    await page.goto(link);
    await expect(page.getByRole("alert")).toContainText("This reset link is invalid or has expired.");
    await expect(page.getByRole("button", { name: "Update Password" })).toHaveCount(0);
  },
);

test("an expired link is refused, on opening and on submitting", async ({ page, mailbox }) => {
  test.slow();
  const user = await createUser({ email: "late@stable.test" });
  await requestReset(page, user.email);
  const link = resetLinkIn((await mailbox.waitFor(user.email)).text)!;

  await page.goto(link);
  await expect(page.getByRole("button", { name: "Update Password" })).toBeVisible();
  // An hour passes: the token's expiry is moved into the past.
  await db()
    .updateTable("verifications")
    .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
    .execute();
  await page.getByLabel("New password", { exact: true }).fill("Fresh-Gallop-2026");
  await page.getByLabel("Confirm new password").fill("Fresh-Gallop-2026");
  await page.getByRole("button", { name: "Update Password" }).click();
  await expect(page.locator("[data-sonner-toast]").filter({ hasText: "Reset Password Error" })).toContainText(
    "invalid or has expired",
  );

  await page.goto(link);
  await expect(page.getByRole("alert")).toContainText("This reset link is invalid or has expired.");
});
