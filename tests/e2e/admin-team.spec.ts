import { test, expect } from "./fixtures";
import { createTeamMember, listTeamMembers } from "~/models/team-member.server";

// Multi-step flows against a freshly started site; give them room on a busy machine.
test.describe.configure({ timeout: 60_000 });

const order = async () => (await listTeamMembers()).map((m) => `${m.position}:${m.name}`);

test("add a member with the default description, reorder, edit and delete", async ({ adminPage: page }) => {
  await createTeamMember({ name: "Anna", role: "Head Trainer", description: "Thirty years with horses." });
  await page.goto("/admin/team");
  const add = page.getByRole("form", { name: "Add Team Member" });
  await add.getByLabel("Full Name", { exact: true }).fill("Bo");
  await add.getByLabel("Role", { exact: true }).fill("Groom");
  await add.getByRole("button", { name: "Add Member" }).click();
  await expect(page.getByText("Team Member Added", { exact: true })).toBeVisible();
  const list = page.getByRole("region", { name: "Team Members" });
  const rows = list.getByRole("listitem");
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(1)).toContainText("Experienced professional dedicated to excellence in horse racing.");
  await expect(rows.nth(1).getByRole("img")).toHaveAttribute("src", "/placeholder.svg");
  expect(await order()).toEqual(["1:Anna", "2:Bo"]);

  await expect(list.getByRole("button", { name: "Move Anna up" })).toBeDisabled();
  await expect(list.getByRole("button", { name: "Move Bo down" })).toBeDisabled();
  await list.getByRole("button", { name: "Move Bo up" }).click();
  await expect(page.getByText("Order Updated", { exact: true })).toBeVisible();
  await expect(page.getByText("Team member position has been updated.")).toBeVisible();
  await expect(rows.first()).toContainText("Bo");
  await expect(list.getByRole("button", { name: "Move Bo up" })).toBeDisabled();
  expect(await order()).toEqual(["1:Bo", "2:Anna"]);

  await page.goto("/team");
  await expect(page.getByText("Bo", { exact: true })).toBeVisible();

  await page.goto("/admin/team");
  await list.getByRole("link", { name: "Edit Anna" }).click();
  const edit = page.getByRole("form", { name: "Edit Team Member: Anna" });
  await expect(edit).toBeInViewport();
  await expect(edit.getByLabel("Description", { exact: true })).toHaveValue("Thirty years with horses.");
  await edit.getByLabel("Role", { exact: true }).fill("Trainer");
  await edit.getByRole("button", { name: "Save Changes" }).click();
  await expect(page.getByText("Team Member Updated", { exact: true })).toBeVisible();
  await expect(rows.nth(1)).toContainText("Trainer");

  await list.getByRole("button", { name: "Delete Bo" }).click();
  await expect(page.getByText("Item Deleted", { exact: true })).toBeVisible();
  await expect(rows).toHaveCount(1);
  expect(await order()).toEqual(["1:Anna"]);
});

test("name and role are required", { tag: "@any-width" }, async ({ adminPage: page }) => {
  await page.goto("/admin/team");
  const add = page.getByRole("form", { name: "Add Team Member" });
  await add.evaluate((form) => form.setAttribute("novalidate", ""));
  await add.getByLabel("Full Name", { exact: true }).fill("   ");
  await add.getByRole("button", { name: "Add Member" }).click();
  await expect(add.getByText("Full name is required")).toBeVisible();
  await expect(add.getByText("Role is required")).toBeVisible();
  expect(await listTeamMembers()).toEqual([]);
});

test(
  "moving a member that is already gone gives the error toast",
  { tag: "@any-width" },
  async ({ adminPage: page }) => {
    const a = await createTeamMember({ name: "Anna", role: "Trainer" });
    await createTeamMember({ name: "Bo", role: "Groom" });
    await page.goto("/admin/team");
    const { deleteTeamMember } = await import("~/models/team-member.server");
    await deleteTeamMember(a.id);
    await page.getByRole("button", { name: "Move Anna down" }).click();
    const toast = page.getByRole("listitem").filter({ hasText: "Failed to update team member position" });
    await expect(toast).toHaveAttribute("data-type", "error");
  },
);
