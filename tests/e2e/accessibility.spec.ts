import type { Page } from "@playwright/test";
import { saveContactInfo } from "~/models/contact-info.server";
import { saveNews } from "~/models/news.server";
import { createRunner, recordResult } from "~/models/runner.server";
import { createUser } from "@tests/auth";
import { test, expect } from "./fixtures";
import { expectNoAxeViolations, seedHorse, seedTeam, seedWinner } from "./public-helpers";

// Several pages per test, each scanned by axe: more than the default 30 s on a busy machine.
test.describe.configure({ timeout: 240_000 });

const PUBLIC_PAGES = [
  "/",
  "/horses",
  "/horses/nordlys",
  "/winners",
  "/runners",
  "/team",
  "/contact",
  "/auth",
  "/no-such-page",
];

async function seedEverything() {
  const horse = await seedHorse();
  await seedHorse({ name: "Skovbrynet", owner: null, image: null });
  await seedWinner(horse.id);
  await seedWinner(horse.id, { raceName: "Jydsk Grand Prix", track: null, jockey: null, prizeOre: null });
  await createRunner({
    horseId: horse.id,
    raceName: "Skandinavisk Grand Prix",
    raceDate: "2099-06-07",
    postTime: "15:30",
  });
  const ran = await createRunner({
    horseId: horse.id,
    raceName: "Aarhus Sprint",
    raceDate: "2026-05-01",
    track: "Aarhus",
  });
  await recordResult(ran.id, { position: 2, didNotFinish: false, prizeOre: 20_000_00 }, "2026-05-01");
  await seedTeam(
    { name: "Mette Holm", role: "Head Trainer", description: "Thirty years with thoroughbreds." },
    { name: "Jonas Berg", role: "", description: null },
  );
  await saveNews("Nordlys won the Dansk Derby!");
  await saveContactInfo({
    address: "Strandvejen 1\n2930 Klampenborg",
    phoneNumber: "+45 70 20 30 40",
    emailAddress: "stald@example.dk",
  });
}

async function checkPages(page: Page, paths: string[]) {
  for (const path of paths) {
    await page.goto(path);
    await test.step(`axe: ${path}`, () => expectNoAxeViolations(page));
  }
}

test("every public page passes axe with an empty database", async ({ page }) => {
  await checkPages(page, PUBLIC_PAGES);
});

test("every public page passes axe with content", async ({ page }) => {
  await seedEverything();
  await checkPages(page, PUBLIC_PAGES);
});

/** The admin tabs that exist, found the way a person would: the links in the dashboard's tab list. */
async function adminPaths(page: Page) {
  await page.goto("/admin");
  const hrefs = await page
    .getByRole("main")
    .locator('a[href^="/admin"]')
    .evaluateAll((links) => links.map((l) => l.getAttribute("href") ?? ""));
  return ["/admin", ...new Set(hrefs.filter((h) => h !== "/admin"))];
}

test("every admin page passes axe with an empty database", async ({ adminPage: page }) => {
  await checkPages(page, await adminPaths(page));
});

test("every admin page passes axe with content", async ({ adminPage: page }) => {
  await seedEverything();
  await checkPages(page, await adminPaths(page));
});

test("the admin can be worked with the keyboard, and focus is always visible", async ({ adminPage: page }) => {
  await page.goto("/admin");
  // The first Tab reaches the skip link, which becomes visible and moves focus to the content.
  await page.keyboard.press("Tab");
  const skip = page.getByRole("link", { name: "Skip to content" });
  await expect(skip).toBeFocused();
  await expect(skip).toBeInViewport();
  const seen = new Set<string>();
  for (let i = 0; i < 40; i++) {
    const focused = await page.evaluate(() => {
      const el = document.activeElement as HTMLElement | null;
      if (!el || el === document.body) return null;
      const style = getComputedStyle(el);
      const indicator =
        (style.outlineStyle !== "none" && parseFloat(style.outlineWidth) > 0) || style.boxShadow !== "none";
      return {
        label: `${el.tagName} ${el.getAttribute("aria-label") ?? el.textContent?.trim().slice(0, 40)}`,
        indicator,
      };
    });
    if (focused) {
      expect(focused.indicator, `visible focus on ${focused.label}`).toBe(true);
      seen.add(focused.label);
    }
    await page.keyboard.press("Tab");
  }
  expect(seen.size).toBeGreaterThan(3);
});

test("toasts are announced: they appear inside a polite live region", { tag: "@any-width" }, async ({ page }) => {
  const admin = await createUser({ admin: true });
  await page.goto("/auth");
  const region = page.locator('section[aria-live="polite"]');
  await expect(region).toBeAttached();
  await page.getByLabel("Email").fill(admin.email);
  await page.getByLabel("Password").fill("not-the-password");
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(region.locator("[data-sonner-toast]")).toContainText("Sign In Error");
});
