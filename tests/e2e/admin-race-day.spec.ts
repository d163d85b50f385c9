import type { Page } from "@playwright/test";
import { test, expect, signInAs } from "./fixtures";
import { expectNoAxeViolations, inDays } from "./public-helpers";
import { createContactMessage, getContactMessage } from "~/models/contact-message.server";
import { createHorse, getHorse } from "~/models/horse.server";
import { createRunner } from "~/models/runner.server";
import { createTeamMember, listTeamMembers } from "~/models/team-member.server";

// Multi-step flows against a freshly started site; give them room on a busy machine.
test.describe.configure({ timeout: 90_000 });

/** A day relative to today (Danish time), as YYYY-MM-DD. */

const tabs = (page: Page) => page.getByRole("navigation", { name: /Admin sections|Kontrolpanelets faner/ });
const toasts = (page: Page) => page.locator("[data-sonner-toast]");

async function seedRaceDay() {
  const horse = await createHorse({ name: "Kongens Ære", age: 4, color: "Brown", sire: "S", dam: "D" });
  const past = await createRunner({
    horseId: horse.id,
    raceName: "Dansk Derby",
    raceDate: inDays(-1),
    track: "Klampenborg",
  });
  await createRunner({ horseId: horse.id, raceName: "Jydsk Grand Prix", raceDate: inDays(3), postTime: "15:30" });
  await createRunner({ horseId: horse.id, raceName: "Next Month", raceDate: inDays(30) });
  return { horse, past };
}

test("race day: the Home tab lists a past runner under Results to Record, and recording it there updates the count, the tab and the horse", async ({
  adminPage: page,
}) => {
  const { horse } = await seedRaceDay();
  await page.goto("/admin");
  await expect(page.getByRole("heading", { name: "Today at the Stable" })).toBeVisible();
  const toRecord = page.getByRole("region", { name: "Results to Record" });
  await expect(toRecord.getByRole("listitem")).toHaveCount(1);
  await expect(toRecord).toContainText("Dansk Derby");
  const next = page.getByRole("region", { name: "Next Runners" });
  await expect(next).toContainText("Jydsk Grand Prix");
  await expect(next).not.toContainText("Next Month");
  await expect(tabs(page).getByRole("link", { name: "Runners, 1 result to record" })).toBeVisible();

  await toRecord.getByRole("link", { name: "Record Result: Dansk Derby (Kongens Ære)" }).click();
  const form = page.getByRole("form", { name: "Record Result" });
  await expect(form).toBeInViewport();
  await form.getByLabel("Position", { exact: true }).selectOption("1");
  await form.getByLabel("Prize Money (DKK)", { exact: true }).fill("125.000");
  await form.getByRole("button", { name: "Save Result" }).click();
  await expect(toasts(page).filter({ hasText: "Result Recorded" })).toBeVisible();

  await expect(toRecord.getByRole("listitem")).toHaveCount(0);
  await expect(toRecord).toContainText("Nothing to record");
  await expect(tabs(page).getByRole("link", { name: "Runners", exact: true })).toBeVisible();
  expect(await getHorse(horse.id)).toMatchObject({ firstPlaces: 1, totalPrizeOre: 125_000_00 });
  await tabs(page).getByRole("link", { name: "Horses" }).click();
  await expect(page.getByRole("region", { name: "Current Horses" })).toContainText("125.000,00 kr.");
});

test("a message arrives and shows as unread until it is opened", async ({ adminPage: page }) => {
  await page.goto("/admin");
  // A new site: the checklist, nothing of today yet.
  await expect(page.getByRole("region", { name: "Getting Started" })).toBeVisible();
  await expect(page.getByRole("region", { name: "New Messages" })).toHaveCount(0);
  const message = await createContactMessage(
    { name: "Bente Holm", email: "bente@example.com", message: "Do you have room for a two-year-old this autumn?" },
    { attemptLimit: 3 },
  );
  await page.reload();
  const inbox = page.getByRole("region", { name: "New Messages" });
  await expect(inbox).toContainText("1 unread message");
  await expect(inbox).toContainText("Bente Holm");
  await expect(tabs(page).getByRole("link", { name: "Messages, 1 unread" })).toBeVisible();

  await inbox.getByRole("button", { name: "Open the message from Bente Holm" }).click();
  const opened = page.getByRole("article", { name: "Message from Bente Holm" });
  await expect(opened).toContainText("Do you have room for a two-year-old this autumn?");
  await expect(opened).toBeInViewport();
  await expect(opened.getByRole("link", { name: "Reply by e-mail" })).toHaveAttribute(
    "href",
    "mailto:bente@example.com",
  );
  await expect(tabs(page).getByRole("link", { name: "Messages", exact: true })).toBeVisible();
  expect((await getContactMessage(message.id))!.readAt).not.toBeNull();
  await tabs(page).getByRole("link", { name: "Home" }).click();
  await expect(page.getByRole("region", { name: "New Messages" })).toContainText("No new messages.");
});

test("the team is reordered in place from the keyboard: focus stays on the moved member's button, one toast", async ({
  adminPage: page,
}) => {
  for (const name of ["Anna", "Bo", "Carl", "Dorte"]) await createTeamMember({ name, role: "Groom" });
  await page.goto("/admin/team");
  // A full page load would lose this.
  await page.evaluate(() => Object.assign(window, { stayedOnPage: true }));
  const list = page.getByRole("region", { name: "Team Members" });
  const up = list.getByRole("button", { name: "Move Dorte up" });
  await up.focus();
  await page.keyboard.press("Enter");
  await expect(list.getByRole("listitem").nth(2)).toContainText("Dorte");
  await expect(up).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(list.getByRole("listitem").nth(1)).toContainText("Dorte");
  await expect(up).toBeFocused();
  await expect(toasts(page).filter({ hasText: "Order Updated" })).toHaveCount(1);
  await page.keyboard.press("Enter");
  await expect(list.getByRole("listitem").first()).toContainText("Dorte");
  // At the top Up is disabled: focus moves to the member's other move button.
  await expect(up).toBeDisabled();
  await expect(list.getByRole("button", { name: "Move Dorte down" })).toBeFocused();
  expect((await listTeamMembers()).map((m) => m.name)).toEqual(["Dorte", "Anna", "Bo", "Carl"]);

  // A long move in one go.
  await list.getByLabel("Move Anna to position").selectOption("4");
  await list.getByRole("button", { name: "Move Anna to the chosen position" }).click();
  await expect(list.getByRole("listitem").last()).toContainText("Anna");
  expect((await listTeamMembers()).map((m) => m.name)).toEqual(["Dorte", "Bo", "Carl", "Anna"]);
  await expect(toasts(page).filter({ hasText: "Order Updated" })).toHaveCount(1);
  expect(await page.evaluate(() => (window as unknown as { stayedOnPage?: boolean }).stayedOnPage)).toBe(true);
});

// Its own browser context: the same size in either project.
test(
  "without JavaScript, a required field left empty shows its error beside the field",
  { tag: "@any-width" },
  async ({ browser, app, admin }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, baseURL: app.url });
    const page = await context.newPage();
    await signInAs(page, app, admin);
    await page.goto("/admin/team");
    const add = page.getByRole("form", { name: "Add Team Member" });
    await expect(add.getByText("Fields marked * must be filled in.")).toBeVisible();
    const name = add.getByLabel("Full Name", { exact: true });
    await expect(name).toHaveAttribute("required", "");
    await add.getByLabel("Role", { exact: true }).fill("Groom");
    await add.getByRole("button", { name: "Add Member" }).click();

    const again = page.getByRole("form", { name: "Add Team Member" });
    const field = again.getByLabel("Full Name", { exact: true });
    await expect(field).toHaveAttribute("aria-invalid", "true");
    await expect(field).toHaveAccessibleDescription("Full name is required");
    await expect(again.getByLabel("Role", { exact: true })).toHaveValue("Groom");
    expect(await listTeamMembers()).toEqual([]);

    // Filled in, it is added, and the page opens at the new member, highlighted, with its public page.
    await field.fill("Bo");
    await again.getByRole("button", { name: "Add Member" }).click();
    const row = page.getByRole("region", { name: "Team Members" }).getByRole("listitem").filter({ hasText: "Bo" });
    await expect(row).toContainText("Saved");
    await expect(row.getByRole("link", { name: "View Bo on the site" })).toHaveAttribute("href", "/team");
    await context.close();
  },
);

test("after a save the page stays where the saved item is, which is highlighted and links to its page", async ({
  adminPage: page,
}) => {
  for (let i = 1; i <= 8; i++) await createTeamMember({ name: `Member ${i}`, role: "Groom" });
  await page.goto("/admin/team");
  const add = page.getByRole("form", { name: "Add Team Member" });
  await add.getByLabel("Full Name", { exact: true }).fill("Ida Holm");
  await add.getByLabel("Role", { exact: true }).fill("Rider");
  await add.getByRole("button", { name: "Add Member" }).click();
  await expect(toasts(page).filter({ hasText: "Team Member Added" })).toBeVisible();
  const row = page.getByRole("region", { name: "Team Members" }).getByRole("listitem").filter({ hasText: "Ida Holm" });
  await expect(row).toBeInViewport();
  await expect(row).toContainText("Saved");
  await expect(row.getByRole("link", { name: "View Ida Holm on the site" })).toBeVisible();

  // The toast leaves the navigation free: Sign Out (or the menu on a phone) is not under it.
  const header = page.getByRole("banner");
  const toastBox = await toasts(page).first().boundingBox();
  const headerBox = await header.boundingBox();
  expect(toastBox!.y).toBeGreaterThanOrEqual(headerBox!.y + headerBox!.height);
});

test(
  "every tab can be reached at 390 px without scrolling sideways",
  { tag: "@any-width" },
  async ({ adminPage: page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto("/admin");
    const links = tabs(page).getByRole("link");
    await expect(links).toHaveCount(13);
    for (let i = 0; i < 13; i++) {
      const box = (await links.nth(i).boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(390);
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    for (const name of [
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
    ]) {
      await tabs(page).getByRole("link", { name }).click();
      await expect(tabs(page).getByRole("link", { name })).toHaveAttribute("aria-current", "page");
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    }
  },
);

test(
  "Winners and Runners with no horse yet say so and lead to the Horses tab",
  { tag: "@any-width" },
  async ({ adminPage: page }) => {
    for (const tab of ["/admin/winners", "/admin/runners"]) {
      await page.goto(tab);
      await expect(page.getByRole("note")).toContainText("There are no horses yet");
      await expect(page.getByRole("combobox", { name: "Horse" })).toHaveCount(0);
    }
    await page.getByRole("link", { name: "Add a horse in the Horses tab" }).click();
    await expect(page.getByRole("heading", { name: "Add New Horse" })).toBeVisible();
  },
);

test(
  "a new site starts with a checklist, each step ticked once done",
  { tag: "@any-width" },
  async ({ adminPage: page }) => {
    await page.goto("/admin");
    const checklist = page.getByRole("region", { name: "Getting Started" });
    await expect(checklist).toContainText("0 of 4 done");
    await expect(page.getByRole("region", { name: "Results to Record" })).toHaveCount(0);
    await expect(checklist.getByRole("link", { name: "Set the stable's name and photos" })).toHaveAttribute(
      "href",
      "/admin/site",
    );
    await createHorse({ name: "Nordlys", age: 4, color: "Brown", sire: "S", dam: "D" });
    await page.reload();
    await expect(checklist).toContainText("1 of 4 done");
    await expect(checklist.getByRole("listitem").filter({ hasText: "Add a horse" })).toContainText("Done");
  },
);

// At desktop width only: the tabs' layout at phone width is scanned in English (accessibility.spec.ts),
// and the language changes their words, not their structure.
test(
  "the dashboard works in Danish, chosen on the Account page and kept with the account",
  { tag: "@desktop" },
  async ({ adminPage: page }) => {
    await seedRaceDay();
    await page.goto("/admin");
    await page.getByRole("link", { name: "Account and sign-out" }).click();
    await page.getByRole("radio", { name: "Dansk" }).check();
    await page.getByRole("button", { name: "Save Language" }).click();
    await expect(toasts(page).filter({ hasText: "Sprog gemt" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Kontrolpanel", level: 1 })).toBeVisible();
    await expect(page.locator("html")).toHaveAttribute("lang", "da");

    await tabs(page).getByRole("link", { name: "Forside" }).click();
    await expect(page.getByRole("heading", { name: "I dag i stalden" })).toBeVisible();
    await expect(tabs(page).getByRole("link", { name: "Starter, 1 resultat mangler" })).toBeVisible();
    const form = page.getByRole("region", { name: "Resultater der mangler" });
    await form.getByRole("link", { name: "Registrér resultat: Dansk Derby (Kongens Ære)" }).click();
    await page.getByRole("form", { name: "Registrér resultat" }).getByRole("button", { name: "Gem resultat" }).click();
    await expect(page.getByRole("form", { name: "Registrér resultat" }).getByText("Vælg placeringen")).toBeVisible();

    await tabs(page).getByRole("link", { name: "Heste" }).click();
    const add = page.getByRole("form", { name: "Tilføj ny hest" });
    await add.getByRole("button", { name: "Tilføj hest" }).click();
    await expect(add.getByText("Skriv hestens navn")).toBeVisible();
    await page.reload();
    await expect(page.getByRole("heading", { name: "Heste i træning" })).toBeVisible();
    await expectNoAxeViolations(page);
  },
);
