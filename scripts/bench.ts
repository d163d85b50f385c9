/**
 * `npm run bench`: builds if needed, starts the built site on a temporary database filled with the
 * demo content, and prints in one run:
 *   - requests/s, p50/p99 latency and errors at 50 connections for each public page, and for the
 *     same bytes served as a static file by the same server (with the ratio);
 *   - the server's peak memory;
 *   - Lighthouse (mobile defaults) scores, LCP, TBT, CLS and bytes for each public page;
 *   - gzipped JavaScript per public route.
 * Targets are reported, never asserted.   Options: --duration <seconds> (default 8), --no-load, --no-lighthouse
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import autocannon from "autocannon";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { processMemoryMb, root, runBench, startBuiltServer, stopServer } from "./bench-server";

const args = process.argv.slice(2);
const duration = Number(args[args.indexOf("--duration") + 1]) || 8;
const withLighthouse = !args.includes("--no-lighthouse");
const withLoad = !args.includes("--no-load");
const PAGES = ["/", "/horses", "/winners", "/runners", "/horses/nordlys", "/team"];
const LIGHTHOUSE_PAGES = [
  "/",
  "/horses",
  "/winners",
  "/runners",
  "/horses/nordlys",
  "/team",
  "/contact",
  "/da",
  "/da/horses",
  "/da/winners",
  "/da/runners",
  "/da/horses/nordlys",
  "/da/team",
  "/da/contact",
];
const CONNECTIONS = 50;
const buildDir = path.resolve(root, process.env.BUILD_DIR ?? "build");
const TARGET = { score: 100, jsKb: 100, ratio: 0.5, p99: 50 };

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "stable-bench-"));
const benchStaticDir = path.join(buildDir, "client", "__bench");
const logFile = path.join(dataDir, "server.log");

function cleanUp() {
  fs.rmSync(benchStaticDir, { recursive: true, force: true });
  fs.rmSync(dataDir, { recursive: true, force: true });
}

function tsx(script: string, env: NodeJS.ProcessEnv) {
  return spawnSync(process.execPath, ["--import", "tsx", script], { cwd: root, env, stdio: "inherit" }).status;
}

type Load = { rps: number; p50: number; p99: number; errors: number };

async function load(url: string): Promise<Load> {
  const result = await autocannon({ url, connections: CONNECTIONS, duration });
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts + result.non2xx,
  };
}

const pad = (s: string | number, n: number) => String(s).padStart(n);
const mark = (ok: boolean) => (ok ? "ok" : "MISSED");

async function measureLoad(base: string) {
  fs.mkdirSync(benchStaticDir, { recursive: true });
  console.log(
    `\n== Load: ${CONNECTIONS} connections, ${duration} s each (cached page vs the same bytes as a static file)`,
  );
  console.log(
    `${"page".padEnd(16)}${pad("req/s", 9)}${pad("p50", 6)}${pad("p99", 6)}${pad("err", 5)} |${pad("static/s", 10)}${pad("p50", 6)}${pad("p99", 6)}${pad("err", 5)} |${pad("ratio", 7)}  targets`,
  );
  const rows: { page: string; page_: Load; file: Load; ratio: number }[] = [];
  for (const page of PAGES) {
    const res = await fetch(base + page);
    const body = Buffer.from(await res.arrayBuffer());
    const name = `${page === "/" ? "home" : page.slice(1)}.html`;
    fs.writeFileSync(path.join(benchStaticDir, name), body);
    await fetch(base + page); // the cache now holds it
    const pageLoad = await load(base + page);
    const fileLoad = await load(`${base}/__bench/${name}`);
    const ratio = pageLoad.rps / fileLoad.rps;
    rows.push({ page, page_: pageLoad, file: fileLoad, ratio });
    const ok = ratio >= TARGET.ratio && pageLoad.errors === 0 && pageLoad.p99 <= TARGET.p99;
    console.log(
      `${page.padEnd(16)}${pad(Math.round(pageLoad.rps), 9)}${pad(pageLoad.p50, 6)}${pad(pageLoad.p99, 6)}${pad(pageLoad.errors, 5)} |` +
        `${pad(Math.round(fileLoad.rps), 10)}${pad(fileLoad.p50, 6)}${pad(fileLoad.p99, 6)}${pad(fileLoad.errors, 5)} |` +
        `${pad(ratio.toFixed(2), 7)}  ${mark(ok)} (ratio >= ${TARGET.ratio}, p99 <= ${TARGET.p99} ms, 0 errors)`,
    );
  }
  return rows;
}

async function measureLighthouse(base: string) {
  console.log("\n== Lighthouse 12, mobile defaults (Chromium headless)");
  const chromePath =
    process.env.CHROMIUM_PATH ??
    ["/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome"].find((p) => fs.existsSync(p));
  const chrome = await chromeLauncher.launch({
    chromePath,
    chromeFlags: [
      "--headless=new",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-dev-shm-usage",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-default-apps",
      "--disable-sync",
      "--disable-extensions",
      "--disable-domain-reliability",
      "--metrics-recording-only",
    ],
  });
  console.log(
    `${"page".padEnd(16)}${pad("perf", 5)}${pad("a11y", 5)}${pad("bp", 5)}${pad("seo", 5)}${pad("LCP ms", 8)}${pad("TBT ms", 8)}${pad("CLS", 7)}${pad("kB", 7)}  target`,
  );
  const rows: { page: string; scores: number[] }[] = [];
  try {
    for (const page of LIGHTHOUSE_PAGES) {
      const result = await lighthouse(base + page, {
        port: chrome.port,
        output: "json",
        logLevel: "error",
        onlyCategories: ["performance", "accessibility", "best-practices", "seo"],
      });
      const lhr = result?.lhr;
      if (!lhr) throw new Error(`Lighthouse gave no result for ${page}`);
      const c = lhr.categories;
      const scores = ["performance", "accessibility", "best-practices", "seo"].map((k) =>
        Math.round((c[k]?.score ?? 0) * 100),
      );
      const a = (id: string) => lhr.audits[id]?.numericValue ?? NaN;
      rows.push({ page, scores });
      console.log(
        `${page.padEnd(16)}${scores.map((s) => pad(s, 5)).join("")}${pad(Math.round(a("largest-contentful-paint")), 8)}` +
          `${pad(Math.round(a("total-blocking-time")), 8)}${pad(a("cumulative-layout-shift").toFixed(3), 7)}${pad((a("total-byte-weight") / 1024).toFixed(1), 7)}  ${mark(scores.every((s) => s >= TARGET.score))}`,
      );
      // What costs points: scored audits below full marks, per category.
      for (const [key, category] of Object.entries(c)) {
        for (const ref of category.auditRefs) {
          const audit = lhr.audits[ref.id];
          if (!audit || ref.weight === 0 || audit.score === null || audit.score >= 1) continue;
          console.log(
            `            - ${key}: ${audit.id}: ${audit.title}${audit.displayValue ? ` (${audit.displayValue})` : ""}`,
          );
        }
      }
    }
  } finally {
    chrome.kill();
  }
  return rows;
}

/** JavaScript a first visit to the page downloads: its module scripts and modulepreloads, gzipped. */
async function measureJs(base: string) {
  console.log("\n== JavaScript per public route (gzip -9)");
  for (const page of LIGHTHOUSE_PAGES) {
    const html = await (await fetch(base + page)).text();
    const urls = new Set<string>();
    for (const m of html.matchAll(/<link rel="modulepreload" href="([^"]+)"/g)) urls.add(m[1]!);
    for (const m of html.matchAll(/<script[^>]*src="([^"]+\.js)"/g)) urls.add(m[1]!);
    for (const m of html.matchAll(/import\("([^"]+\.js)"\)/g)) urls.add(m[1]!);
    let raw = 0;
    let gz = 0;
    for (const u of urls) {
      const body = Buffer.from(await (await fetch(new URL(u, base))).arrayBuffer());
      raw += body.length;
      gz += zlib.gzipSync(body, { level: 9 }).length;
    }
    console.log(
      `${page.padEnd(16)}${pad((gz / 1024).toFixed(1), 7)} kB gzipped (${(raw / 1024).toFixed(1)} kB raw, ${urls.size} files)  ${mark(gz / 1024 <= TARGET.jsKb)} (<= ${TARGET.jsKb} kB)`,
    );
  }
}

async function main() {
  console.log(`Benchmark data directory: ${dataDir}`);
  const demo = path.join(root, "scripts", "demo.ts");
  if (fs.existsSync(demo)) {
    console.log("Filling a temporary database with the demo content…");
    if (tsx(demo, { ...process.env, DATA_DIR: dataDir, DATABASE_URL: "", LOG_LEVEL: "warn" }) !== 0)
      throw new Error("npm run demo failed");
  } else {
    console.log("No scripts/demo.ts: measuring the empty site.");
  }
  console.log("Starting the built site (it builds first when the sources changed)…");
  const { child, url } = await startBuiltServer({ dataDir, buildDir, logFile });
  try {
    if (withLoad) await measureLoad(url);
    const mb = processMemoryMb(child.pid!, "VmHWM");
    console.log(`\n== Server peak memory (VmHWM): ${mb ? `${mb.toFixed(0)} MB` : "not available on this system"}`);
    await measureJs(url);
    if (withLighthouse) await measureLighthouse(url);
  } finally {
    await stopServer(child);
  }
}

runBench(main, cleanUp);
