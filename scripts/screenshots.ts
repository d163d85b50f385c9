/**
 * `npm run screenshots`: fills a temporary database with the demo content, starts the built site
 * and saves full-page screenshots of Home, /horses, a horse page, /winners and /runners at phone
 * (390 × 844) and desktop (1366 × 900) width into docs/screenshots/, so they can be remade after a
 * change of looks.
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { chromium, type Page } from "@playwright/test";
import { root, startBuiltServer, stopServer } from "./bench-server";

const PAGES = [
  ["home", "/"],
  ["horses", "/horses"],
  ["horse", "/horses/nordlys"],
  ["winners", "/winners"],
  ["runners", "/runners"],
] as const;

const SIZES = {
  phone: { width: 390, height: 844 },
  desktop: { width: 1366, height: 900 },
} as const;

const outDir = path.join(root, "docs", "screenshots");
const buildDir = path.resolve(root, process.env.BUILD_DIR ?? "build");
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "stable-screenshots-"));
const chromiumPath =
  process.env.CHROMIUM_PATH ??
  ["/usr/bin/chromium-headless-shell", "/usr/bin/chromium", "/usr/bin/google-chrome"].find((p) => fs.existsSync(p));

/** Lazy images load only near the viewport: scroll through the page once, then back to the top. */
async function loadEverything(page: Page) {
  await page.evaluate(async () => {
    for (let y = 0; y < document.body.scrollHeight; y += window.innerHeight / 2) {
      window.scrollTo(0, y);
      await new Promise((r) => setTimeout(r, 60));
    }
    window.scrollTo(0, 0);
  });
  await page.waitForLoadState("networkidle");
  await page.evaluate(() => Promise.all([...document.images].map((img) => img.decode().catch(() => undefined))));
}

const env = { ...process.env, DATA_DIR: dataDir, DATABASE_URL: "", LOG_LEVEL: "warn" };
const demo = spawnSync(process.execPath, ["--import", "tsx", "scripts/demo.ts"], { cwd: root, env, stdio: "inherit" });
if (demo.status !== 0) throw new Error("npm run demo failed");

const { child, url } = await startBuiltServer({ dataDir, buildDir, logFile: path.join(dataDir, "server.log"), env });
const browser = await chromium.launch({ executablePath: chromiumPath, args: ["--no-sandbox", "--disable-gpu"] });
try {
  fs.mkdirSync(outDir, { recursive: true });
  for (const [size, viewport] of Object.entries(SIZES)) {
    const context = await browser.newContext({ viewport, reducedMotion: "reduce" });
    const page = await context.newPage();
    for (const [name, pagePath] of PAGES) {
      const response = await page.goto(`${url}${pagePath}`);
      if (!response?.ok()) throw new Error(`${pagePath} answered ${response?.status()}`);
      await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
      await loadEverything(page);
      const file = path.join(outDir, `${name}-${size}.png`);
      await page.screenshot({ path: file, fullPage: true });
      console.log(`  ${path.relative(root, file)}`);
    }
    await context.close();
  }
} finally {
  await browser.close();
  await stopServer(child);
  fs.rmSync(dataDir, { recursive: true, force: true });
}
