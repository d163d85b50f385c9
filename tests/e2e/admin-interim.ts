// Interim until the signed-in admin fixture lands: the local auth stand-in treats every request as admin.
import { test as base, expect } from "./fixtures";
import type { Page } from "@playwright/test";
export const test = base.extend<{ adminPage: Page }>({
  adminPage: async ({ page }, use) => {
    await use(page);
  },
});
export { expect };
