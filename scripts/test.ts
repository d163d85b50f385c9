/**
 * `npm test`: unit and database tests (Vitest), then a production build and the browser tests
 * (Playwright in Chromium). Provisions a browser on a fresh machine first.
 *   --unit-only / --e2e-only   run one half; other arguments go to both runners.
 */
import { spawnSync, type SpawnSyncOptions } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { stripVTControlCharacters } from "node:util";
import { findChromium } from "@tests/e2e/chromium";
import { buildForTests } from "@tests/test-build";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const args = process.argv.slice(2);
const unitOnly = args.includes("--unit-only");
const e2eOnly = args.includes("--e2e-only");
const passthrough = args.filter((a) => a !== "--unit-only" && a !== "--e2e-only");
const bin = (name: string) => path.join(root, "node_modules", ".bin", name);

function run(cmd: string, argv: string[], opts: SpawnSyncOptions = {}) {
  return spawnSync(cmd, argv, { cwd: root, stdio: "inherit", ...opts }).status ?? 1;
}

function quiet(cmd: string, argv: string[]) {
  return spawnSync(cmd, argv, { cwd: root, stdio: "ignore" }).status === 0;
}

function playwrightHasOwnChromium() {
  const r = spawnSync(
    process.execPath,
    ["-e", "const {chromium}=require('playwright-core');process.stdout.write(chromium.executablePath())"],
    {
      cwd: root,
      encoding: "utf8",
    },
  );
  return r.status === 0 && r.stdout && fs.existsSync(r.stdout);
}

/** A Chromium on the machine, else Playwright's download, else Debian/Ubuntu's package; else one line and stop. */
function ensureBrowser() {
  if (findChromium() || playwrightHasOwnChromium()) return;
  console.log("No Chromium found; trying Playwright's installer…");
  if (quiet(bin("playwright"), ["install", "chromium"]) && playwrightHasOwnChromium()) return;
  const isRoot = process.getuid?.() === 0;
  if (isRoot && fs.existsSync("/usr/bin/apt-get")) {
    console.log("Installing Chromium's headless shell with apt-get…");
    if (
      quiet("apt-get", ["update", "-qq"]) &&
      quiet("apt-get", ["install", "-y", "-qq", "chromium-headless-shell"]) &&
      findChromium()
    )
      return;
  }
  console.error(
    "Browser tests need Chromium: install it (e.g. `sudo apt-get install chromium-headless-shell`) or set CHROMIUM_PATH.",
  );
  process.exit(1);
}

const started = performance.now();
const phases: string[] = [];
/** Runs one phase of the suite and notes how long it took, for the summary line. */
function timed<T>(name: string, fn: () => T): T {
  const t0 = performance.now();
  try {
    return fn();
  } finally {
    phases.push(`${name} ${duration(performance.now() - t0)}`);
  }
}
function duration(ms: number) {
  const s = Math.round(ms / 1000);
  return s < 60 ? `${s}s` : `${Math.floor(s / 60)}m ${String(s % 60).padStart(2, "0")}s`;
}

type Counts = { passed: number; failed: number; skipped: number };
const total: Counts = { passed: 0, failed: 0, skipped: 0 };
const reports = fs.mkdtempSync(path.join(os.tmpdir(), "stable-test-report-"));
let failed = false;
// Named again under the totals, so the last lines of a long run say what failed.
const failures: string[] = [];
function firstLine(message: unknown) {
  return (
    stripVTControlCharacters(String(message ?? ""))
      .split("\n")
      .find((l) => l.trim()) ?? ""
  );
}
type PlaywrightSuite = {
  file?: string;
  suites?: PlaywrightSuite[];
  specs?: {
    title: string;
    line: number;
    tests: { projectName: string; status: string; results: { error?: { message?: string } }[] }[];
  }[];
};
function playwrightFailures(suite: PlaywrightSuite, rootDir: string, file = suite.file ?? "") {
  for (const spec of suite.specs ?? []) {
    // A spec runs once per project (width): name each run that failed.
    for (const test of spec.tests) {
      if (test.status !== "unexpected") continue;
      const error = test.results.find((r) => r.error)?.error?.message;
      const where = path.relative(process.cwd(), path.join(rootDir, file));
      failures.push(`[${test.projectName}] ${where}:${spec.line} › ${spec.title}\n    ${firstLine(error)}`);
    }
  }
  for (const child of suite.suites ?? []) playwrightFailures(child, rootDir, child.file ?? file);
}

if (!e2eOnly) {
  const out = path.join(reports, "vitest.json");
  const status = timed("unit", () =>
    run(bin("vitest"), ["run", "--reporter=default", "--reporter=json", `--outputFile.json=${out}`, ...passthrough]),
  );
  if (status !== 0) failed = true;
  if (fs.existsSync(out)) {
    const r = JSON.parse(fs.readFileSync(out, "utf8"));
    total.passed += r.numPassedTests ?? 0;
    total.failed += r.numFailedTests ?? 0;
    total.skipped += (r.numPendingTests ?? 0) + (r.numTodoTests ?? 0);
    for (const file of r.testResults ?? []) {
      for (const t of file.assertionResults ?? []) {
        if (t.status !== "failed") continue;
        const where = path.relative(process.cwd(), file.name);
        failures.push(`${where} › ${t.fullName}\n    ${firstLine(t.failureMessages?.[0])}`);
      }
    }
  } else failed = true;
}

if (!unitOnly) {
  ensureBrowser();
  const buildDir = process.env.BUILD_DIR ?? "build-test";
  const env = { ...process.env, BUILD_DIR: buildDir };
  console.log(`Building the site into ${buildDir}/ for the browser tests…`);
  // Test-only pages (app/routes.ts) exist only in this build, never in `npm start`'s.
  if (timed("build", () => buildForTests(buildDir)) !== 0) {
    console.error("The build failed.");
    process.exit(1);
  }
  const out = path.join(reports, "playwright.json");
  const status = timed("browser", () =>
    run(bin("playwright"), ["test", ...passthrough], { env: { ...env, PLAYWRIGHT_JSON: out } }),
  );
  if (status !== 0) failed = true;
  if (fs.existsSync(out)) {
    const report = JSON.parse(fs.readFileSync(out, "utf8"));
    const s = report.stats ?? {};
    for (const suite of report.suites ?? []) playwrightFailures(suite, report.config?.rootDir ?? "");
    total.passed += (s.expected ?? 0) + (s.flaky ?? 0);
    total.failed += s.unexpected ?? 0;
    total.skipped += s.skipped ?? 0;
  } else failed = true;
}

if (failures.length) console.log(`\nfailed:\n${failures.map((f) => `  ${f}`).join("\n")}`);
console.log(
  `\ntests: ${total.passed} passed, ${total.failed} failed, ${total.skipped} skipped ` +
    `in ${duration(performance.now() - started)} (${phases.join(", ")})`,
);
process.exit(failed || total.failed > 0 ? 1 : 0);
