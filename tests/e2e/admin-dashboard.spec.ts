import AxeBuilder from "@axe-core/playwright";
import { test, expect } from "./fixtures";
import { createHorse } from "~/models/horse.server";
import { createTeamMember } from "~/models/team-member.server";
import { createWinner } from "~/models/winner.server";

// Multi-step flows against a freshly started site; give them room on a busy machine.
test.describe.configure({ timeout: 60_000 });

test("heading, welcome line and tabs; the open tab is in the URL and survives reload and back", async ({
  adminPage: page,
}) => {
  await page.goto("/admin");
  await expect(page.getByRole("heading", { name: "Admin Dashboard", level: 1 })).toBeVisible();
  await expect(page.getByText("Manage your racing stable content with ease")).toBeVisible();
  await expect(page.getByText("Welcome back admin@stable.test")).toBeVisible();
  const tabs = page.getByRole("navigation", { name: "Admin sections" });
  await expect(tabs.getByRole("link")).toHaveText([
    "Home",
    "Horses",
    "Winners",
    "Runners",
    "Owners",
    "Team",
    "News",
    "Contact Info",
    "Site",
    "Billing",
    "Messages",
    "Trash",
    "Activity",
  ]);
  await expect(tabs.getByRole("link", { name: "Home" })).toHaveAttribute("aria-current", "page");
  await expect(page.getByRole("heading", { name: "Latest News" })).toBeVisible();

  await tabs.getByRole("link", { name: "Winners" }).click();
  await expect(page).toHaveURL(/\/admin\/winners$/);
  await expect(page.getByRole("heading", { name: "Add New Victory" })).toBeVisible();
  await expect(tabs.getByRole("link", { name: "Winners" })).toHaveAttribute("aria-current", "page");
  await expect(tabs.getByRole("link", { name: "Home" })).not.toHaveAttribute("aria-current", "page");

  await tabs.getByRole("link", { name: "Team" }).click();
  await expect(page.getByRole("heading", { name: "Add Team Member" })).toBeVisible();
  await page.reload();
  await expect(tabs.getByRole("link", { name: "Team" })).toHaveAttribute("aria-current", "page");
  await page.goBack();
  await expect(page).toHaveURL(/\/admin\/winners$/);
  await expect(page.getByRole("heading", { name: "Recent Victories" })).toBeVisible();
  await expect(tabs.getByRole("link", { name: "Messages" })).toHaveAttribute("href", "/admin/messages");
});

test("the tabs and forms work from the keyboard", async ({ adminPage: page }) => {
  await createHorse({ name: "Nordlys", age: 4, color: "Brown", sire: "S", dam: "D" });
  await page.goto("/admin");
  const tabs = page.getByRole("navigation", { name: "Admin sections" });
  await tabs.getByRole("link", { name: "Horses" }).focus();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/admin\/horses$/);
  await page.getByRole("link", { name: "Edit Nordlys" }).focus();
  await page.keyboard.press("Enter");
  const heading = page.getByRole("heading", { name: "Edit Horse: Nordlys" });
  await expect(heading).toBeFocused();
  await page.keyboard.press("Tab");
  await expect(
    page.getByRole("form", { name: "Edit Horse: Nordlys" }).getByLabel("Horse Name", { exact: true }),
  ).toBeFocused();
  await page.keyboard.press("End");
  await page.keyboard.type(" II");
  await page.keyboard.press("Enter");
  await expect(page.getByText("Horse Updated", { exact: true })).toBeVisible();
  await expect(page.getByRole("region", { name: "Current Horses" }).getByText("Nordlys II")).toBeVisible();
});

// Each tab with content is scanned by accessibility.spec.ts (at phone width); here, the edit forms
// open, at desktop width (each state once: docs/decisions/0265).
for (const [tab, url] of [
  ["Home", "/admin"],
  ["Horses", "/admin/horses"],
  ["Winners", "/admin/winners"],
  ["Team", "/admin/team"],
] as const) {
  test(
    `the ${tab} tab passes an accessibility scan with its edit form open`,
    { tag: "@desktop" },
    async ({ adminPage: page }) => {
      const h = await createHorse({
        name: "Nordlys",
        age: 4,
        color: "Brown",
        sire: "S",
        dam: "D",
        owner: "O",
        totalPrizeOre: 100,
      });
      const w = await createWinner({ horseId: h.id, raceName: "Derby", raceDate: "2026-06-01", prizeOre: 100 });
      const m = await createTeamMember({ name: "Anna", role: "Trainer" });
      await createTeamMember({ name: "Bo", role: "Groom" });
      const editId = { Home: "home-1", Horses: h.id, Winners: w.id, Team: m.id }[tab];
      await page.goto(`${url}?edit=${editId}`);
      await expect(page.getByRole("heading", { name: "Admin Dashboard" })).toBeVisible();
      const results = await new AxeBuilder({ page }).analyze();
      expect(results.violations.map((v) => `${url}: ${v.id} ${v.nodes.map((n) => n.target).join(" ")}`)).toEqual([]);
    },
  );
}

test("while a tab's data is on its way, its loading text shows", { tag: "@any-width" }, async ({ adminPage: page }) => {
  await page.goto("/admin");
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/admin\/horses\.data/, async (route) => {
    await held;
    await route.continue();
  });
  await page.getByRole("navigation", { name: "Admin sections" }).getByRole("link", { name: "Horses" }).click();
  await expect(page.getByRole("status").getByText("Loading horses...")).toBeVisible();
  release();
  await expect(page.getByRole("heading", { name: "Current Horses" })).toBeVisible();
  await expect(page.getByText("Loading horses...")).toHaveCount(0);
});

test(
  "without JavaScript a horse can be added and edited, and the toast is in the page",
  { tag: "@any-width" },
  async ({ browser, app, admin }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, baseURL: app.url });
    const page = await context.newPage();
    const { signInAs } = await import("./fixtures");
    await signInAs(page, app, admin);
    await page.goto("/admin/horses");
    const add = page.getByRole("form", { name: "Add New Horse" });
    await add.getByLabel("Horse Name", { exact: true }).fill("Stille");
    await add.getByLabel("Age", { exact: true }).fill("6");
    await add.getByLabel("Color", { exact: true }).fill("Black");
    await add.getByLabel("Sire", { exact: true }).fill("S");
    await add.getByLabel("Dam", { exact: true }).fill("D");
    await add.getByRole("button", { name: "Add Horse" }).click();
    await expect(page.getByText("Horse Added", { exact: true })).toBeVisible();
    await page.getByRole("link", { name: "Edit Stille" }).click();
    const edit = page.getByRole("form", { name: "Edit Horse: Stille" });
    await edit.getByLabel("Add Prize Money (DKK)", { exact: true }).fill("1000");
    await edit.getByRole("button", { name: "Save Changes" }).click();
    await expect(page.getByText("Horse Updated", { exact: true })).toBeVisible();
    await expect(page.getByRole("region", { name: "Current Horses" }).getByText("1.000,00 kr.")).toBeVisible();
    await context.close();
  },
);
