import type { Page } from "@playwright/test";
import { saveContactInfo } from "~/models/contact-info.server";
import { createContactMessage } from "~/models/contact-message.server";
import { saveNews } from "~/models/news.server";
import { deleteTeamMember, listTeamMembers } from "~/models/team-member.server";
import { runAs } from "~/platform/actor.server";
import { createRunner, declareRunner, withdrawRunner } from "~/models/runner.server";
import { recordResult } from "~/models/runner-result.server";
import { createUser } from "@tests/auth";
import { test, expect } from "./fixtures";
import { expectNoAxeViolations, inDays, seedHorse, seedTeam, seedWinner, TEST_IMAGE } from "./public-helpers";

// Several pages per test, each scanned by axe: more than the default 30 s on a busy machine.
test.describe.configure({ timeout: 240_000 });

const PUBLIC_PAGES = [
  "/",
  "/horses",
  "/horses/nordlys",
  "/winners",
  "/runners",
  "/team",
  "/ownership",
  "/contact",
  "/auth",
  "/no-such-page",
];

/**
 * Content in every state the pages show: horses with and without photos and owners, victories with
 * and without details, runners entered, declared (with a deadline within 48 hours), withdrawn,
 * awaiting a result, placed and not finishing, team members with and without a role, a message,
 * a deleted member in the trash and the activity log.
 */
async function seedEverything() {
  const horse = await seedHorse({ sharesAvailable: true, sharesText: "25 % available", sharesTextDa: "25 % ledig" });
  await seedHorse({ name: "Skovbrynet", owner: null, image: null });
  await seedWinner(horse.id, { photo: TEST_IMAGE });
  await seedWinner(horse.id, { raceName: "Jydsk Grand Prix", track: null, jockey: null, prizeOre: null });
  await createRunner({
    horseId: horse.id,
    raceName: "Skandinavisk Grand Prix",
    raceDate: "2099-06-07",
    postTime: "15:30",
  });
  const declared = await createRunner({
    horseId: horse.id,
    raceName: "Jydsk Sprint",
    raceDate: inDays(2),
    track: "Aarhus",
    withdrawalDeadline: new Date(Date.now() + 24 * 3600_000).toISOString(),
  });
  await declareRunner(declared.id, { jockey: "Sofie Lund", weightG: 57_500, draw: 4, equipment: ["blinkers"] });
  const withdrawn = await createRunner({ horseId: horse.id, raceName: "Efterårsløbet", raceDate: inDays(9) });
  await withdrawRunner(withdrawn.id, "A knock on the near fore");
  const awaiting = await createRunner({
    horseId: horse.id,
    raceName: "Dansk Derby",
    raceDate: inDays(-1),
    track: "Klampenborg",
  });
  const ran = await createRunner({
    horseId: horse.id,
    raceName: "Aarhus Sprint",
    raceDate: "2026-05-01",
    track: "Aarhus",
  });
  await recordResult(ran.id, { position: 2, didNotFinish: false, prizeOre: 20_000_00 }, "2026-05-01");
  const dnf = await createRunner({ horseId: horse.id, raceName: "Stayers", raceDate: "2026-04-01" });
  await recordResult(dnf.id, { position: null, didNotFinish: true, prizeOre: null }, "2026-04-01");
  await seedTeam(
    { name: "Mette Holm", role: "Head Trainer", description: "Thirty years with thoroughbreds." },
    { name: "Jonas Berg", role: "", description: null },
    { name: "Bo Lind", role: "Groom", description: null },
  );
  // Something in the trash and in the activity log, as an administrator's delete leaves it.
  const [gone] = (await listTeamMembers()).filter((m) => m.name === "Bo Lind");
  await runAs({ userId: null, email: "admin@stable.test", via: "dashboard" }, () => deleteTeamMember(gone!.id));
  await saveNews("Nordlys won the Dansk Derby!");
  await saveContactInfo({
    address: "Strandvejen 1\n2930 Klampenborg",
    phoneNumber: "+45 70 20 30 40",
    emailAddress: "stald@example.dk",
  });
  await createContactMessage(
    { name: "Bente Holm", email: "bente@example.com", message: "Do you have room for a two-year-old?" },
    { attemptLimit: 3 },
  );
  return { awaiting: awaiting.id };
}

async function checkPages(page: Page, paths: string[]) {
  for (const path of paths) {
    await page.goto(path);
    await test.step(`axe: ${path}`, () => expectNoAxeViolations(page));
  }
}

// Each state is scanned at one width, and each width scans every page: the empty pages at desktop
// width (the header's bar of links), the pages with content at phone width (the header's menu, the
// cards in one column). The content holds nothing only one width shows (docs/decisions/0265).
test("every public page passes axe with an empty database", { tag: "@desktop" }, async ({ page }) => {
  await checkPages(page, PUBLIC_PAGES);
});

test("every public page passes axe with content", { tag: "@phone" }, async ({ page }) => {
  await seedEverything();
  await checkPages(page, PUBLIC_PAGES);
});

/**
 * The admin pages there are, found the way a person would: the links on the dashboard (its tabs, and
 * the forms today's work and the gallery open), one of each kind: the four gallery slots' edit forms
 * are one form.
 */
async function adminPaths(page: Page) {
  await page.goto("/admin");
  const hrefs = await page
    .getByRole("main")
    .locator('a[href^="/admin"]')
    .evaluateAll((links) => links.map((l) => l.getAttribute("href") ?? ""));
  const kinds = new Map<string, string>();
  for (const href of ["/admin", ...hrefs]) {
    const url = new URL(href, "http://site");
    const kind = `${url.pathname}?${[...url.searchParams.keys()].sort().join("&")}`;
    if (!kinds.has(kind)) kinds.set(kind, href);
  }
  return [...kinds.values()];
}

// As the public pages: empty at desktop width, with content at phone width.
test("every admin page passes axe with an empty database", { tag: "@desktop" }, async ({ adminPage: page }) => {
  await checkPages(page, await adminPaths(page));
});

test(
  "every admin page passes axe with content, today's work and the Record Result forms open",
  { tag: "@phone" },
  async ({ adminPage: page }) => {
    const { awaiting } = await seedEverything();
    const tabs = await adminPaths(page);
    await checkPages(page, [...new Set([...tabs, `/admin?result=${awaiting}`, `/admin/runners?result=${awaiting}`])]);
  },
);

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
