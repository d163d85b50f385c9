import { createUser } from "@tests/auth";
import { createOwner, testHorse } from "@tests/owners";
import { expectNoAxeViolations } from "./public-helpers";
import { expect, navigationsWaitForHydration, signInAs, test, waitForHydration } from "./fixtures";

test("signs in through the form and lands on the home page with the admin buttons", async ({ page }) => {
  const admin = await createUser({ email: "owner@stable.test", admin: true });
  await page.goto("/");
  const footer = page.getByRole("contentinfo");
  await expect(footer.getByRole("link", { name: "Sign In" })).toBeVisible();
  await footer.getByRole("link", { name: "Sign In" }).click();

  await expect(page.getByRole("heading", { name: "Admin Access" })).toBeVisible();
  await waitForHydration(page);
  await page.getByLabel("Email").fill(admin.email);
  await page.getByLabel("Password").fill(admin.password);
  await page.getByRole("button", { name: "Sign In" }).click();

  await expect(page).toHaveURL(/\/$/);
  await expect(footer.getByRole("link", { name: "Sign In" })).toHaveCount(0);
  const nav = page.getByRole("navigation", { name: "Main" });
  if (!(await nav.getByRole("link", { name: "Admin" }).isVisible())) await nav.getByText("Menu").click();
  await expect(nav.getByRole("link", { name: "Admin" })).toBeVisible();
  await expect(nav.getByRole("button", { name: "Sign Out" })).toBeVisible();
});

test("a wrong password shows 'Sign In Error' with the server's message and nothing else", { tag: "@any-width" }, async ({ page }) => {
  const admin = await createUser({ admin: true });
  await page.goto("/auth");
  await page.getByLabel("Email").fill(admin.email);
  await page.getByLabel("Password").fill("not-the-password");
  // Hold the submission briefly so the busy label can be seen.
  let release!: () => void;
  const held = new Promise<void>((r) => (release = r));
  await page.route(/\/auth\.data/, async (route) => {
    if (route.request().method() === "POST") await held;
    await route.continue();
  });
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page.getByRole("button", { name: "Signing In..." })).toBeDisabled();
  release();
  const toast = page.locator("[data-sonner-toast]");
  await expect(toast).toContainText("Sign In Error");
  await expect(toast).toContainText("Invalid email or password");
  await expect(page).toHaveURL(/\/auth$/);
  await expect(page.getByLabel("Email")).toHaveValue(admin.email);
  await expect(page.getByRole("contentinfo").getByRole("link", { name: "Sign In" })).toBeVisible();
});

// At desktop width only: the sign-in form at phone width is the first test's, and the language changes
// its words, not its layout.
test(
  "/da/auth is the sign-in page in Danish: a Danish owner signs in there and lands on Mine heste",
  { tag: "@desktop" },
  async ({ page }) => {
  const horse = await testHorse("Nordlys");
  const owner = await createOwner({ horseIds: [horse.id], language: "da", name: "Karen Holm" });
  await page.goto("/da");
  const footer = page.getByRole("contentinfo");
  await footer.getByRole("link", { name: "Log ind" }).click();
  await expect(page).toHaveURL(/\/da\/auth$/);
  await expect(page.getByRole("heading", { level: 1, name: "Log ind" })).toBeVisible();
  await expect(page.locator("html")).toHaveAttribute("lang", "da");
  await waitForHydration(page);
  await expectNoAxeViolations(page);

  const main = page.getByRole("main");
  await main.getByLabel("E-mail").fill(owner.email);
  await main.getByLabel("Adgangskode").fill("ikke-den-rigtige");
  await main.getByRole("button", { name: "Log ind" }).click();
  const toast = page.locator("[data-sonner-toast]");
  await expect(toast).toContainText("Login mislykkedes");
  await expect(toast).toContainText("Forkert e-mail eller adgangskode.");

  await main.getByLabel("Adgangskode").fill(owner.password);
  await main.getByRole("button", { name: "Log ind" }).click();
  await expect(page).toHaveURL(/\/da\/owners$/);
  await expect(page.getByRole("heading", { level: 1, name: "Mine heste" })).toBeVisible();
  },
);

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the form signs in and shows the error in the page", { tag: "@any-width" }, async ({ page }) => {
    const admin = await createUser({ admin: true });
    await page.goto("/auth");
    await page.getByLabel("Email").fill(admin.email);
    await page.getByLabel("Password").fill("wrong-password-here");
    await page.getByRole("button", { name: "Sign In" }).click();
    await expect(page.getByRole("alert")).toContainText("Sign In Error");
    await expect(page.getByRole("alert")).toContainText("Invalid email or password");

    await page.getByLabel("Email").fill(admin.email);
    await page.getByLabel("Password").fill(admin.password);
    await page.getByRole("button", { name: "Sign In" }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole("contentinfo").getByRole("link", { name: "Sign In" })).toHaveCount(0);
  });
});

test("signed-out visitors to /admin go to /auth and come back after signing in", { tag: "@any-width" }, async ({ page }) => {
  const admin = await createUser({ admin: true });
  await page.goto("/admin");
  await expect(page).toHaveURL(/\/auth\?redirectTo=%2Fadmin$/);
  await page.getByLabel("Email").fill(admin.email);
  await page.getByLabel("Password").fill(admin.password);
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole("heading", { name: "Admin Dashboard" })).toBeVisible();
  await expect(page.getByText(`Welcome back ${admin.email}`)).toBeVisible();
});

test("an outside redirectTo is ignored after signing in", { tag: "@any-width" }, async ({ page }) => {
  const admin = await createUser({ admin: true });
  await page.goto("/auth?redirectTo=//evil.example/steal");
  await page.getByLabel("Email").fill(admin.email);
  await page.getByLabel("Password").fill(admin.password);
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page).toHaveURL(/^http:\/\/127\.0\.0\.1:\d+\/$/);
});

test("a signed-in visitor who opens /auth goes home", { tag: "@any-width" }, async ({ adminPage: page }) => {
  await page.goto("/auth");
  await expect(page).toHaveURL(/\/$/);
});

test("a signed-in user without the admin role is sent home with the access-denied message", { tag: "@any-width" }, async ({ page, app }) => {
  const user = await createUser({ email: "rider@stable.test" });
  await signInAs(page, app, user);
  await page.goto("/admin");
  await expect(page).toHaveURL(/\/$/);
  await expect(page.locator("[data-sonner-toast]")).toContainText("Access denied. Admin privileges required.");
});

test("Sign Out ends the session and brings the Sign In link back", async ({ adminPage: page }) => {
  await page.goto("/");
  const nav = page.getByRole("navigation", { name: "Main" });
  if (!(await nav.getByRole("button", { name: "Sign Out" }).isVisible())) await nav.getByText("Menu").click();
  await nav.getByRole("button", { name: "Sign Out" }).click();
  await expect(page.getByRole("contentinfo").getByRole("link", { name: "Sign In" })).toBeVisible();
  await expect(nav.getByRole("link", { name: "Admin" })).toHaveCount(0);
  await page.goto("/admin");
  await expect(page).toHaveURL(/\/auth\?redirectTo=/);
});

test("sign out other devices keeps this one; sign out everywhere ends both", { tag: "@any-width" }, async ({
  adminPage: page,
  app,
  admin,
  browser,
}) => {
  test.slow(); // two browsers and several sign-ins
  const other = await browser.newContext();
  const otherPage = await other.newPage();
  navigationsWaitForHydration(otherPage);
  await signInAs(otherPage, app, admin);
  await otherPage.goto(`${app.url}/admin`);
  await expect(otherPage.getByRole("heading", { name: "Admin Dashboard" })).toBeVisible();

  // The session controls are on the account page, one click from every tab.
  await page.goto("/admin");
  await page.getByRole("link", { name: "Account and sign-out" }).click();
  await page.getByRole("button", { name: "Sign out other devices" }).click();
  await expect(page.locator("[data-sonner-toast]")).toContainText("Signed out other devices");
  await otherPage.goto(`${app.url}/admin`);
  await expect(otherPage).toHaveURL(/\/auth\?redirectTo=/);
  await page.goto("/admin");
  await expect(page.getByRole("heading", { name: "Admin Dashboard" })).toBeVisible();

  await signInAs(otherPage, app, admin);
  await page.goto("/admin/account");
  await page.getByRole("button", { name: "Sign out everywhere" }).click();
  await expect(page).toHaveURL(/\/$/);
  await otherPage.goto(`${app.url}/admin`);
  await expect(otherPage).toHaveURL(/\/auth\?redirectTo=/);
  await page.goto("/admin");
  await expect(page).toHaveURL(/\/auth\?redirectTo=/);
  await other.close();
});

test("the client-side way into /admin shows 'Loading...' while the server checks", async ({ adminPage: page }) => {
  await page.goto("/");
  // Hold the admin data request so the pending screen can be seen.
  let release!: () => void;
  const held = new Promise<void>((r) => (release = r));
  await page.route(/\/admin\.data/, async (route) => {
    await held;
    await route.continue();
  });
  const nav = page.getByRole("navigation", { name: "Main" });
  if (!(await nav.getByRole("link", { name: "Admin" }).isVisible())) await nav.getByText("Menu").click();
  await nav.getByRole("link", { name: "Admin" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Loading..." })).toBeVisible();
  release();
  await expect(page.getByRole("heading", { name: "Admin Dashboard" })).toBeVisible();
});

test("Back to Home goes to /", { tag: "@any-width" }, async ({ page }) => {
  await page.goto("/auth");
  await page.getByRole("link", { name: "Back to Home" }).click();
  await expect(page).toHaveURL(/\/$/);
});

test.describe("reading what the server prints at start", () => {
  test.use({ ownServer: true });

  test("the first-administrator link printed at start creates the admin and signs them in", async ({ page, app }) => {
    await expect.poll(() => /\/auth\/setup\?token=[\w-]+/.exec(app.logs.join(""))?.[0]).toBeTruthy();
    const path = /\/auth\/setup\?token=[\w-]+/.exec(app.logs.join(""))![0];
    await page.goto(path);
    await expect(page.getByRole("heading", { name: "Create the administrator" })).toBeVisible();
    await page.getByLabel("Email").fill("owner@stable.test");
    await page.getByLabel("Password", { exact: true }).fill("Paddock-Oats-Gallop-7");
    await page.getByLabel("Confirm password").fill("Paddock-Oats-Gallop-7");
    await page.getByRole("button", { name: "Create Administrator" }).click();
    await expect(page).toHaveURL(/\/admin$/);
    await expect(page.getByText("Welcome back owner@stable.test")).toBeVisible();

    await page.context().clearCookies();
    await page.goto(path);
    await expect(page.getByRole("alert")).toContainText("This setup link is invalid, expired or already used.");
  });
});

test("a form on another site cannot post to this one, even with the admin signed in", { tag: "@any-width" }, async ({
  adminPage: page,
  app,
}) => {
  await page.goto("/admin");
  const responses: number[] = [];
  page.on("response", (r) => {
    if (r.url().startsWith(`${app.url}/sign-out`)) responses.push(r.status());
  });
  // A page on another site that submits to this site's sign-out as soon as it loads.
  await page.route("http://elsewhere.test/**", (route) =>
    route.fulfill({
      contentType: "text/html",
      body: `<form id="f" method="post" action="${app.url}/sign-out"><input name="scope" value="global"></form><script>document.getElementById("f").submit()</script>`,
    }),
  );
  await page.goto("http://elsewhere.test/");
  await expect.poll(() => responses).toEqual([403]);
  await page.goto(`${app.url}/admin`);
  await expect(page.getByRole("heading", { name: "Admin Dashboard" })).toBeVisible();
});

test.describe("behind a TLS-terminating proxy (TRUST_PROXY)", () => {
  // Settings no other test uses: a server of its own.
  test.use({ appEnv: { TRUST_PROXY: "loopback" }, ownServer: true });

  test("the session cookie is Secure when the proxy says the request came over HTTPS", { tag: "@any-width" }, async ({ app, request }) => {
    const admin = await createUser({ admin: true });
    const form = { intent: "sign-in", email: admin.email, password: admin.password };
    const viaHttps = await request.post(`${app.url}/auth`, {
      form,
      headers: { "X-Forwarded-Proto": "https", Origin: app.url.replace("http:", "https:") },
      maxRedirects: 0,
    });
    expect(viaHttps.status()).toBe(302);
    const secure = viaHttps
      .headersArray()
      .find((h) => h.name.toLowerCase() === "set-cookie" && h.value.includes("session_token="));
    expect(secure?.value).toMatch(/^__Secure-stable\.session_token=.*;.*Secure/i);
    expect(secure?.value).toMatch(/HttpOnly/i);
    expect(secure?.value).toMatch(/SameSite=Lax/i);

    // Every cookie the site sets over HTTPS is Secure: the flash toast and the known-device mark too.
    const cookies = viaHttps.headersArray().filter((h) => h.name.toLowerCase() === "set-cookie");
    expect(cookies.map((c) => c.value.split("=")[0])).toContain("stable_known_device");
    for (const c of cookies) expect(c.value, c.value.split("=")[0]).toMatch(/;\s*Secure/i);
    const toast = await request.post(`${app.url}/auth`, {
      form: { intent: "request-reset", email: admin.email },
      headers: { "X-Forwarded-Proto": "https", Origin: app.url.replace("http:", "https:") },
      maxRedirects: 0,
    });
    const toastCookie = toast.headersArray().find((h) => h.name.toLowerCase() === "set-cookie");
    expect(toastCookie?.value).toMatch(/^stable_toast=.*;\s*Secure/i);

    const plain = await request.post(`${app.url}/auth`, { form, headers: { Origin: app.url }, maxRedirects: 0 });
    const cookie = plain
      .headersArray()
      .find((h) => h.name.toLowerCase() === "set-cookie" && h.value.includes("session_token="));
    expect(cookie?.value).toMatch(/^stable\.session_token=/);
    expect(cookie?.value).not.toMatch(/;\s*Secure/i);
  });
});
