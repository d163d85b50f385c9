import { defineConfig, devices } from "@playwright/test";
import { CHROMIUM_ARGS, findChromium } from "./tests/e2e/chromium";

const executablePath = findChromium();

export default defineConfig({
  testDir: "./tests/e2e",
  testMatch: "**/*.spec.ts",
  fullyParallel: true,
  workers: process.env.CI ? 2 : undefined,
  retries: process.env.CI ? 1 : 0,
  timeout: 30_000,
  expect: { timeout: 10_000 },
  reporter: process.env.PLAYWRIGHT_JSON ? [["list"], ["json", { outputFile: process.env.PLAYWRIGHT_JSON }]] : "list",
  use: {
    trace: "retain-on-failure",
    launchOptions: { executablePath, args: CHROMIUM_ARGS },
  },
  projects: [
    { name: "desktop", use: { ...devices["Desktop Chrome"], viewport: { width: 1280, height: 900 } } },
    { name: "phone", use: { ...devices["Pixel 7"] } },
  ],
});
