import type { Page } from "@playwright/test";
import { listQueuedMail } from "~/models/mail-queue.server";
import { startSmtpServer, waitFor, freePort, type ReceivedMail, type TestSmtpServer } from "@tests/smtp";
import { test as base, expect } from "./fixtures";
import { mailIn, parseMail } from "./mail-files";
import { expectNoAxeViolations } from "./public-helpers";

type Mailbox = TestSmtpServer & {
  /** Every mail to `to` so far, readable (quoted-printable undone). */
  to: (to: string) => (ReceivedMail & { text: string })[];
  waitFor: (to: string, count?: number) => Promise<(ReceivedMail & { text: string })[]>;
};

const readable = (raw: string) => raw.replace(/=\r?\n/g, "").replace(/=3D/gi, "=");

// The site sends its mail to a real SMTP server started for each test, on a port chosen first so
// that the mail's links (PUBLIC_ORIGIN) point at the site.
const test = base.extend<{ mailbox: Mailbox; port: number }>({
  mailbox: async ({}, use) => {
    const server = await startSmtpServer();
    const to = (address: string) =>
      server.received.filter((m) => m.envelopeTo.includes(address)).map((m) => ({ ...m, text: readable(m.raw) }));
    await use({
      ...server,
      to,
      waitFor: async (address, count = 1) => {
        await waitFor(() => to(address).length >= count, 20_000, `${count} mail(s) to ${address}`);
        return to(address);
      },
    });
    await server.close();
  },
  port: async ({}, use) => use(await freePort()),
  appEnv: async ({ mailbox, port }, use) => {
    await use({
      SMTP_URL: mailbox.url,
      PORT: String(port),
      PUBLIC_ORIGIN: `http://127.0.0.1:${port}`,
      CONTACT_MIN_FILL_MS: "0",
      CONTACT_RATE_LIMIT: "50",
    });
  },
});

// The whole way, through a real SMTP server: a server of its own, whose address is in the settings.
test.use({ ownServer: true });
test.describe.configure({ timeout: 90_000 });

const linkIn = (text: string, path: string) =>
  new RegExp(`(http://127\\.0\\.0\\.1:\\d+${path.replaceAll("/", "\\/")}\\?token=[\\w-]+)`).exec(text)?.[1];

/** Subscribes through the footer of a public page, as a visitor with JavaScript does. */
async function subscribeInFooter(page: Page, path: string, email: string) {
  await page.goto(path);
  const footer = page.getByRole("contentinfo");
  await footer.getByLabel("E-mail").fill(email);
  await footer.getByRole("button", { name: /Subscribe|Tilmeld/ }).click();
}

async function confirmFromMail(page: Page, mailbox: Mailbox, email: string) {
  const [mail] = await mailbox.waitFor(email);
  const link = linkIn(mail!.text, "/news/confirm") ?? linkIn(mail!.text, "/da/news/confirm");
  expect(link, mail!.text).toBeDefined();
  await page.goto(link!);
  const answer = page.waitForResponse((r) => r.request().method() === "POST");
  await page.getByRole("button", { name: /Confirm subscription|Bekræft/ }).click();
  expect((await answer).status()).toBe(200);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(/Subscription confirmed|bekræftet/i);
}

async function publish(page: Page, title: string) {
  await page.goto("/admin/news");
  const add = page.getByRole("form", { name: "Add Post" });
  await add.getByLabel("Title", { exact: true }).fill(title);
  await add
    .getByLabel("Body", { exact: true })
    .fill(`All about **${title}**.\n\n# Race day\n\nThe [full result](https://example.com/result) is out.`);
  await add.getByLabel("Send as Newsletter").check();
  await add.getByRole("button", { name: "Publish Post" }).click();
  await expect(page.getByText("Post Published", { exact: true })).toBeVisible();
}

test(
  "subscribe, confirm, publish with Send as Newsletter: one mail per confirmed subscriber, then one-click unsubscribe",
  { tag: "@any-width" },
  async ({ adminPage, browser, baseURL, mailbox, request }) => {
    const visitor = await (await browser.newContext({ baseURL })).newPage();

    // Through the footer of a page with JavaScript, and through the Danish news page's own form.
    await subscribeInFooter(visitor, "/horses", "anna@example.com");
    await expect(visitor).toHaveURL(/\/horses#footer-newsletter$/);
    await expect(visitor.getByRole("contentinfo").getByRole("status")).toContainText("Check your e-mail");
    await confirmFromMail(visitor, mailbox, "anna@example.com");
    await visitor.goto("/da/news");
    await visitor.getByLabel("E-mail").fill("bo@example.com");
    await visitor.getByRole("button", { name: "Tilmeld" }).click();
    await expect(visitor.getByRole("status")).toContainText("Tjek din e-mail");
    await confirmFromMail(visitor, mailbox, "bo@example.com");
    // Asked but never confirmed: gets nothing.
    await subscribeInFooter(visitor, "/team", "pending@example.com");
    await mailbox.waitFor("pending@example.com");

    await publish(adminPage, "Nordlys wins the Derby");
    await expect(adminPage.getByText("is being mailed to 2 subscribers")).toBeVisible();
    await mailbox.waitFor("anna@example.com", 2);
    await mailbox.waitFor("bo@example.com", 2);
    const letters = [...mailbox.to("anna@example.com"), ...mailbox.to("bo@example.com")].filter((m) =>
      m.text.includes("Nordlys wins the Derby"),
    );
    expect(letters).toHaveLength(2);
    for (const letter of letters) {
      expect(letter.header("list-unsubscribe")).toMatch(
        /^<http:\/\/127\.0\.0\.1:\d+(\/da)?\/news\/unsubscribe\?token=/,
      );
      expect(letter.header("list-unsubscribe-post")).toBe("List-Unsubscribe=One-Click");
    }
    const annaLetter = letters.find((m) => m.envelopeTo.includes("anna@example.com"))!;
    const boLetter = letters.find((m) => m.envelopeTo.includes("bo@example.com"))!;
    // Each in the language the subscriber chose, with a visible unsubscribe link.
    expect(annaLetter.text).toMatch(/Unsubscribe<\/a>|Unsubscribe: http/);
    expect(boLetter.text).toMatch(/Afmeld nyhedsbrevet/);
    // In the stable's name, and its text part plain text: no Markdown, the link written out.
    expect(annaLetter.header("from")).toBe("Stald Nordlys <no-reply@localhost>");
    const plain = parseMail(annaLetter.raw).text;
    expect(plain).toContain("All about Nordlys wins the Derby.");
    expect(plain).toContain("Race day");
    expect(plain).toContain("The full result <https://example.com/result> is out.");
    expect(plain).not.toMatch(/\*\*|^#|\]\(/m);
    expect(mailbox.to("pending@example.com")).toHaveLength(1);

    // The News tab says it went, and every queued mail was delivered once.
    await adminPage.goto("/admin/news");
    await expect(adminPage.getByText(/Sent as newsletter to 2 subscribers on/)).toBeVisible();
    await expect(adminPage.getByRole("region", { name: "Newsletter Subscribers" })).toContainText(
      "2 confirmed, 1 waiting for confirmation",
    );
    expect((await listQueuedMail({ kind: "newsletter" })).map((m) => m.state)).toEqual(["sent", "sent"]);

    // RFC 8058: the mail program posts to the header's address, no browser, no sign-in.
    const oneClick = /<([^>]+)>/.exec(annaLetter.header("list-unsubscribe")!)![1]!;
    const answer = await request.post(oneClick, {
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      data: "List-Unsubscribe=One-Click",
    });
    expect(answer.status()).toBe(200);

    await publish(adminPage, "Back at the yard");
    await expect(adminPage.getByText("is being mailed to 1 subscriber.")).toBeVisible();
    await mailbox.waitFor("bo@example.com", 3);
    await expect
      .poll(async () => (await listQueuedMail({ kind: "newsletter" })).filter((m) => m.state === "sent").length)
      .toBe(2);
    expect(mailbox.to("anna@example.com").filter((m) => m.text.includes("Back at the yard"))).toEqual([]);
    await visitor.context().close();
  },
);

/**
 * The footer's tests need no mail server of their own: they share a server for their settings and
 * read what it wrote to DATA_DIR/mail (no SMTP_URL), emptied between tests.
 */
const sharedSite = (minFillMs: number) => ({
  ownServer: false,
  appEnv: { CONTACT_MIN_FILL_MS: String(minFillMs), CONTACT_RATE_LIMIT: "50" },
});

async function mailTo(app: { dataDir: string }, address: string) {
  await expect
    .poll(() => mailIn(app.dataDir).filter((m) => m.to.includes(address)).length, {
      timeout: 20_000,
      message: `a mail to ${address}`,
    })
    .toBe(1);
}

test.describe("the footer's Subscribe form", () => {
  test.use(sharedSite(0));

  test("with JavaScript: the page carries no stamp; one is asked for when the visitor turns to the form", async ({
    page,
    app,
  }) => {
    const response = await page.goto("/da/winners");
    // The page is still the shared, cached one: a validator, no per-visit stamp.
    expect(response!.headers()["cache-control"]).not.toContain("private");
    expect(response!.headers()["etag"]).toBeTruthy();
    const footer = page.getByRole("contentinfo");
    await expect(footer.getByRole("heading", { name: "Nyhedsbrev" })).toBeVisible();
    const email = footer.getByLabel("E-mail");
    await expect(email).toHaveAttribute("autocomplete", "email");
    await expect(footer.locator('input[name="form_stamp"]')).toHaveValue("");
    const stamp = page.waitForResponse((r) => r.url().endsWith("/form-stamp"));
    await email.fill("carl@example.com");
    expect((await stamp).headers()["cache-control"]).toBe("no-store");
    await expect(footer.locator('input[name="form_stamp"]')).not.toHaveValue("");
    await expectNoAxeViolations(page);
    await footer.getByRole("button", { name: "Tilmeld" }).click();
    // The answer comes back to the page it was sent from, scrolled to the form, beside it.
    await expect(page).toHaveURL(/\/da\/winners#footer-newsletter$/);
    await expect(footer.getByRole("status")).toContainText("Tjek din e-mail");
    await expect(footer.getByRole("status")).toBeInViewport();
    await expect(footer.getByLabel("E-mail")).toHaveValue("");
    await mailTo(app, "carl@example.com");
    // The answer is this visit's: the same page again is the shared one, without it.
    await page.goto("/da/winners");
    await expect(footer.getByRole("status")).toHaveCount(0);
  });

  test.describe("without JavaScript", () => {
    test.use({ javaScriptEnabled: false });

    test("comes back to the page filled in, asks for one more press there, then subscribes", async ({ page, app }) => {
      await page.goto("/team");
      const footer = page.getByRole("contentinfo");
      await footer.getByLabel("E-mail").fill("dorte@example.com");
      await footer.getByRole("button", { name: "Subscribe" }).click();
      await expect(page).toHaveURL(/\/team#footer-newsletter$/);
      await expect(footer.getByRole("status")).toContainText("One more step");
      await expect(footer.getByRole("status")).toBeInViewport();
      await expect(footer.getByLabel("E-mail")).toHaveValue("dorte@example.com");
      expect(mailIn(app.dataDir).filter((m) => m.to.includes("dorte@example.com"))).toEqual([]);
      await footer.getByRole("button", { name: "Subscribe" }).click();
      await expect(page).toHaveURL(/\/team#footer-newsletter$/);
      await expect(footer.getByRole("status")).toContainText("Check your e-mail");
      await mailTo(app, "dorte@example.com");
    });
  });
});

test.describe("the footer's Subscribe form and the minimum fill time", () => {
  test.use(sharedSite(1500));

  test("a press sooner than the minimum waits for the stamp to count instead of being refused", async ({
    page,
    app,
  }) => {
    await page.goto("/horses");
    const footer = page.getByRole("contentinfo");
    await footer.getByLabel("E-mail").fill("erik@example.com");
    await footer.getByRole("button", { name: "Subscribe" }).click();
    await expect(page).toHaveURL(/\/horses#footer-newsletter$/);
    await expect(footer.getByRole("status")).toContainText("Check your e-mail");
    await mailTo(app, "erik@example.com");
  });
});
