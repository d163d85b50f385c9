import type { Page } from "@playwright/test";
import { test, expect } from "./fixtures";
import { expectLayout, expectNoAxeViolations, navInMenu } from "./public-helpers";

// Accessibility scans and image processing are CPU-heavy when the whole suite runs in parallel.
test.describe.configure({ timeout: 60_000 });

const PHONE = { width: 390, height: 844 };

const isPhone = navInMenu;

/** The visible navigation: the bar on wide screens, the opened menu on phones. */
async function mainNav(page: Page) {
  const nav = page.getByRole("navigation", { name: "Main" });
  if (isPhone(page)) await nav.getByText("Menu", { exact: true }).click();
  return nav;
}

test("the current page's link is highlighted and marked aria-current", async ({ page }) => {
  await page.goto("/winners");
  const nav = await mainNav(page);
  const winners = nav.getByRole("link", { name: "Winners", exact: true }).filter({ visible: true });
  await expect(winners).toHaveAttribute("aria-current", "page");
  for (const name of ["Home", "Horses", "Team", "Contact"]) {
    await expect(nav.getByRole("link", { name, exact: true }).filter({ visible: true })).not.toHaveAttribute(
      "aria-current",
    );
  }
  // Highlighted differently from the other links.
  const colour = (name: string) =>
    nav
      .getByRole("link", { name, exact: true })
      .filter({ visible: true })
      .evaluate((el) => getComputedStyle(el).backgroundColor);
  expect(await colour("Winners")).not.toBe(await colour("Horses"));
});

test("the navigation stays at the top while scrolling", async ({ page }) => {
  await page.goto("/");
  await page.mouse.wheel(0, 1500);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(500);
  const top = await page.getByRole("banner").evaluate((el) => el.getBoundingClientRect().top);
  expect(top).toBe(0);
  await expect(page.getByRole("banner").getByRole("link", { name: "Stald Nordlys" })).toBeInViewport();
});

test("the footer's Sign In link goes to /auth", async ({ page }) => {
  await page.goto("/team");
  const footer = page.getByRole("contentinfo");
  await expect(footer).toContainText(`© ${new Date().getFullYear()} Stald Nordlys`);
  await expect(footer.getByRole("link", { name: "Sign In" })).toHaveAttribute("href", "/auth");
});

// Scanned by axe in accessibility.spec.ts at both widths (empty and with content).
test(
  "an unknown path answers 404 inside the site's layout and is logged",
  { tag: "@any-width" },
  async ({ page, app }) => {
    const response = await page.goto("/stald/no-such-page");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "404" })).toBeVisible();
    await expect(page.getByText("Oops! Page not found")).toBeVisible();
    await expectLayout(page);
    await expect.poll(() => app.logs.join("")).toContain("/stald/no-such-page");
    await page.getByRole("link", { name: "Return to Home" }).click();
    await expect(page).toHaveURL(/\/$/);
  },
);

// At a phone's width in both projects: run in the phone one only (a phone's touch and user agent).
test.describe("the mobile menu with JavaScript", () => {
  test.use({ viewport: PHONE });

  test("opens, navigates and closes again", { tag: "@phone" }, async ({ page }) => {
    await page.goto("/");
    const nav = page.getByRole("navigation", { name: "Main" });
    const team = nav.getByRole("link", { name: "Team", exact: true });
    await expect(team.filter({ visible: true })).toHaveCount(0);
    await nav.getByText("Menu", { exact: true }).click();
    await expect(team.filter({ visible: true })).toHaveCount(1);
    await expectNoAxeViolations(page);
    await team.filter({ visible: true }).click();
    await expect(page).toHaveURL(/\/team$/);
    await expect(page.getByRole("heading", { level: 1, name: "The Team" })).toBeVisible();
    await expect(team.filter({ visible: true })).toHaveCount(0);
    await nav.getByText("Menu", { exact: true }).click();
    await expect(team.filter({ visible: true })).toHaveAttribute("aria-current", "page");
  });
});

test.describe("the mobile menu without JavaScript", () => {
  test.use({ viewport: PHONE, javaScriptEnabled: false });

  test("opens and its links load the pages", { tag: "@phone" }, async ({ page }) => {
    await page.goto("/");
    const nav = page.getByRole("navigation", { name: "Main" });
    const horses = nav.getByRole("link", { name: "Horses", exact: true });
    await expect(horses.filter({ visible: true })).toHaveCount(0);
    await nav.getByText("Menu", { exact: true }).click();
    await expect(horses.filter({ visible: true })).toHaveCount(1);
    await horses.filter({ visible: true }).click();
    await expect(page).toHaveURL(/\/horses$/);
    await expect(page.getByRole("heading", { level: 1, name: "Horses in Training" })).toBeVisible();
    await expect(page.getByText("No horses in training yet. Add some horses in the admin panel.")).toBeVisible();
    await nav.getByText("Menu", { exact: true }).click();
    await expect(horses.filter({ visible: true })).toHaveAttribute("aria-current", "page");
    await expectLayout(page);
  });
});
