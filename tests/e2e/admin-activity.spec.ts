import { createUser } from "@tests/auth";
import { expect, signInAs, test } from "./fixtures";
import { createHorse } from "~/models/horse.server";

// A whole admin session against a freshly started site; give it room on a busy machine.
test.describe.configure({ timeout: 90_000 });

const DANISH_TIME = /\d{1,2}\.\d{1,2}\.\d{4}, \d{2}\.\d{2}\.\d{2}/;

test("the Activity tab shows a whole admin session, newest first, filterable, with nothing secret", async ({
  page,
  app,
}) => {
  const owner = await createUser({ email: "owner@stable.test", admin: true });
  await createHorse({ name: "Nordlys", age: 4, color: "Bay", sire: "S", dam: "D" });

  // A mistyped password, then the right one: through the form, as a person signs in.
  await page.goto("/auth?redirectTo=/admin/horses");
  await page.getByLabel("Email").fill(owner.email);
  await page.getByLabel("Password").fill("Wrong-Password-123");
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page.locator("[data-sonner-toast]")).toContainText("Sign In Error");
  await page.getByLabel("Password").fill(owner.password);
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page).toHaveURL(/\/admin\/horses$/);

  await page.getByRole("link", { name: "Edit Nordlys" }).click();
  const edit = page.getByRole("form", { name: "Edit Horse: Nordlys" });
  await edit.getByLabel("Age", { exact: true }).fill("5");
  await edit.getByLabel("Color", { exact: true }).fill("Brown");
  await edit.getByRole("button", { name: "Save Changes" }).click();
  await expect(page.getByText("Horse Updated", { exact: true })).toBeVisible();

  await page.goto("/admin/contact-info");
  await page.getByLabel("Phone Number").fill("+45 70 20 30 40");
  await page.getByRole("button", { name: "Save Contact Information" }).click();
  await expect(page.getByText("Contact Information Updated", { exact: true })).toBeVisible();

  await page.goto("/admin/horses");
  await page.getByRole("button", { name: "Delete Nordlys" }).click();
  await expect(page.getByText("Horse Deleted", { exact: true })).toBeVisible();
  // The delete toast stays up for its Undo button; close it, as it sits over the header.
  await page
    .locator("[data-sonner-toast]")
    .filter({ hasText: "Horse Deleted" })
    .getByRole("button", { name: "Close toast" })
    .click();

  const nav = page.getByRole("navigation", { name: "Main" });
  if (!(await nav.getByRole("button", { name: "Sign Out" }).isVisible())) await nav.getByText("Menu").click();
  await nav.getByRole("button", { name: "Sign Out" }).click();
  await expect(page).toHaveURL(/\/$/);

  // Back in (without the form) to read the log.
  await signInAs(page, app, owner);
  await page.goto("/admin/activity");
  const log = page.getByRole("list", { name: "Activity log" });
  const entries = log.locator(":scope > li");
  await expect(entries).toHaveCount(6);
  const expected = [
    ["Signed out", "Signed out"],
    ["Deleted", "Horse deleted: Nordlys"],
    ["Updated", "Contact information updated"],
    ["Updated", "Horse updated: Nordlys"],
    ["Signed in", "Signed in"],
    ["Failed sign-in", "Sign-in refused: wrong e-mail or password"],
  ];
  for (const [i, [kind, summary]] of expected.entries()) {
    await expect(entries.nth(i)).toContainText(kind!);
    await expect(entries.nth(i)).toContainText(summary!);
    await expect(entries.nth(i)).toContainText(owner.email);
    await expect(entries.nth(i)).toContainText(DANISH_TIME);
  }
  await expect(entries.nth(3)).toContainText("Age: 4 → 5");
  await expect(entries.nth(3)).toContainText("Color: Bay → Brown");
  await expect(entries.nth(2)).toContainText("Phone Number: (empty) → +45 70 20 30 40");
  const text = await log.innerText();
  expect(text).not.toContain(owner.password);
  expect(text).not.toContain("Wrong-Password-123");

  await page.getByLabel("Kind").selectOption({ label: "Failed sign-in" });
  await page.getByRole("button", { name: "Filter" }).click();
  await expect(page).toHaveURL(/kind=sign-in-failed/);
  await expect(entries).toHaveCount(1);
  await expect(entries.first()).toContainText("Sign-in refused");
  // Signing back in for this check is itself in the log.
  await page.getByLabel("Kind").selectOption({ label: "Signed in" });
  await page.getByRole("button", { name: "Filter" }).click();
  await expect(entries).toHaveCount(1);
});
