import os from "node:os";
import { defineConfig, devices } from "@playwright/test";
import { CHROMIUM_ARGS, findChromium } from "./tests/e2e/chromium";

const executablePath = findChromium();

export default defineConfig({
  testDir: "./tests/e2e",
  testMatch: "**/*.spec.ts",
  // *.pg.spec.ts run several instances on one PostgreSQL database: only when TEST_DATABASE_URL names a server.
  testIgnore: process.env.TEST_DATABASE_URL ? [] : ["**/*.pg.spec.ts"],
  fullyParallel: true,
  // Two workers even on two cores: a test waits on the browser and the site in turn, so one worker
  // leaves a core idle (docs/decisions/0072).
  workers: Math.max(2, Math.floor(os.availableParallelism() / 2)),
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
    // Tests tagged @any-width check what no viewport changes (HTTP answers, stored data, redirects):
    // they run at desktop width only (docs/decisions/0072).
    { name: "phone", use: { ...devices["Pixel 7"] }, grepInvert: /@any-width/ },
  ],
});
