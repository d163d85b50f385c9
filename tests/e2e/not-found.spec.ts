import { test, expect } from "./fixtures";

test(
  "the 404 page leads into the site and to the other language, in the page's language",
  { tag: "@any-width" },
  async ({ page }) => {
    const response = await page.goto("/da/ingen-side");
    expect(response?.status()).toBe(404);
    await expect(page.locator("html")).toHaveAttribute("lang", "da");
    await expect(page).toHaveTitle("Siden findes ikke");
    const main = page.getByRole("main");
    await expect(main.getByText("Ups! Siden findes ikke")).toBeVisible();
    await expect(main.getByRole("link", { name: "Tilbage til forsiden" })).toHaveAttribute("href", "/da");
    await expect(main.getByRole("link", { name: "Heste", exact: true })).toHaveAttribute("href", "/da/horses");
    await expect(main.getByRole("link", { name: "Kontakt", exact: true })).toHaveAttribute("href", "/da/contact");
    await main.getByRole("link", { name: "English", exact: true }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
  },
);
