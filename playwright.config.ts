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
  // One worker more than cores: a test waits on the browser and the site in turn, so fewer leave a
  // core idle (2 cores: 8 min 35 s with two workers, 6 min 52 s with three, 7 min 2 s with four;
  // docs/decisions/0072).
  workers: Math.min(os.availableParallelism() + 1, 8),
  retries: process.env.CI ? 1 : 0,
  timeout: 30_000,
  expect: { timeout: 10_000 },
  reporter: process.env.PLAYWRIGHT_JSON ? [["list"], ["json", { outputFile: process.env.PLAYWRIGHT_JSON }]] : "list",
  use: {
    trace: "retain-on-failure",
    launchOptions: { executablePath, args: CHROMIUM_ARGS },
  },
  projects: [
    // Tests tagged @phone check at phone width what another test checks at desktop width: they run
    // at phone width only (docs/decisions/0265).
    {
      name: "desktop",
      use: { ...devices["Desktop Chrome"], viewport: { width: 1280, height: 900 } },
      grepInvert: /@phone/,
    },
    // Tests tagged @any-width check what no viewport changes (HTTP answers, stored data, redirects),
    // and @desktop what another test checks at phone width too: both run at desktop width only
    // (docs/decisions/0072).
    { name: "phone", use: { ...devices["Pixel 7"] }, grepInvert: /@any-width|@desktop/ },
  ],
});
