/**
 * `npm run bench`: builds if needed, starts the built site on a temporary database filled with the
 * demo content, and prints in one run, for every public page (read from /sitemap.xml, one page per
 * kind of detail page):
 *   - requests/s, p50/p99 latency and errors with 20 concurrent visitors (browsers' Accept-Encoding)
 *     on each page, /contact included (its form stamp is put in per response), then for the same
 *     bytes served as a static file by the same server (with the ratio), and with `--compare-nginx`
 *     by nginx from a temporary configuration;
 *   - the server's peak memory with the visitors on every page, and /contact's rate beside the
 *     cached pages';
 *   - Lighthouse 12 (mobile defaults) scores, LCP, TBT, CLS and bytes, the median of three runs;
 *   - gzipped JavaScript per page;
 *   - the server's peak memory over the whole run;
 *   - a cached page's latency and an administrator's sign-in time before and during a flood of
 *     failed sign-ins from many addresses (scripts/bench-sign-in-flood.ts);
 *   - a post sent as newsletter to 2,000 subscribers: the publishing request, the time until every
 *     mail is delivered, a cached page's latency meanwhile (scripts/bench-newsletter.ts);
 *   - the big yard: ten seasons of a big stable built through the models, each heavy page's first
 *     render beside the demo's, its size and the peak memory (scripts/bench-big-yard.ts);
 *   - billing: how long the monthly run and Issue Invoices take for 300 owners and 150 horses
 *     (scripts/bench-billing.ts);
 * and at the end every target of the performance issue with its measured value and MET/MISSED.
 * Targets are reported, never asserted.
 * Options: --duration <seconds> (default 5), --runs <n> (Lighthouse runs per page, default 3),
 * --no-load, --no-lighthouse, --no-flood, --no-newsletter, --no-big-yard, --no-billing, --compare-nginx, --hero-photo <file> (the
 * home page's hero; default: a real photograph that ships with a dev dependency, so Home is measured
 * with a photo's weight rather than the demo's light drawing; "drawn" keeps the drawing)
 */
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import autocannon from "autocannon";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { matchPath } from "~/pages/page-match";
import { freePort, processMemoryMb, root, runBench, startBuiltServer, stopServer, tsx } from "./bench-server";
import { FLOOD_SERVER_ENV, measureSignInFlood, printFlood, type FloodFigures } from "./bench-sign-in-flood";
import { measureNewsletter, printNewsletter, type NewsletterFigures } from "./bench-newsletter";
import { measureBigYard, printBigYard, summariseBigYard } from "./bench-big-yard";
import { measureBilling, printBilling, summariseBilling } from "./bench-billing";

const args = process.argv.slice(2);
const option = (name: string) => (args.includes(name) ? Number(args[args.indexOf(name) + 1]) : NaN);
const duration = option("--duration") || 5;
const lighthouseRuns = option("--runs") || 3;
const withLighthouse = !args.includes("--no-lighthouse");
const withLoad = !args.includes("--no-load");
const withNginx = args.includes("--compare-nginx");
const withFlood = !args.includes("--no-flood");
const withNewsletter = !args.includes("--no-newsletter");
const withBigYard = !args.includes("--no-big-yard");
const withBilling = !args.includes("--no-billing");
const textOption = (name: string) => (args.includes(name) ? args[args.indexOf(name) + 1] : undefined);
/** A street photograph of 1169 × 584 px (241 kB JPEG) in autocannon's package. */
const SAMPLE_PHOTO = path.join(root, "node_modules/autocannon/test/j5.jpeg");
const heroOption = textOption("--hero-photo");
const heroPhoto =
  heroOption === "drawn" ? undefined : (heroOption ?? (fs.existsSync(SAMPLE_PHOTO) ? SAMPLE_PHOTO : undefined));
const CONNECTIONS = 20;
/** What browsers send: the pages are measured as visitors get them (compressed). */
const BROWSER_HEADERS = { "accept-encoding": "gzip, deflate, br" };
const NGINX = process.env.NGINX_PATH ?? "/usr/sbin/nginx";
const buildDir = path.resolve(root, process.env.BUILD_DIR ?? "build");
/** The targets of the performance issue; reported, never asserted. */
const TARGET = {
  score: 100,
  lcpMs: 1500,
  tbtMs: 50,
  jsKb: 30,
  jsKbForm: 50,
  rssMb: 200,
  ratio: 0.5,
  p99: 50,
  floodSlowdown: 2,
  /** "Minutes, not hours" for 2,000 subscribers; the publishing request itself stays short. */
  newsletterMinutes: 10,
  publishMs: 1000,
};

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "stable-bench-"));
const benchStaticDir = path.join(buildDir, "client", "__bench");
const logFile = path.join(dataDir, "server.log");

function cleanUp() {
  fs.rmSync(benchStaticDir, { recursive: true, force: true });
  fs.rmSync(dataDir, { recursive: true, force: true });
}

type Load = { rps: number; p50: number; p99: number; errors: number };

async function load(url: string): Promise<Load> {
  const result = await autocannon({ url, connections: CONNECTIONS, duration, headers: BROWSER_HEADERS });
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts + result.non2xx,
  };
}

const pad = (s: string | number, n: number) => String(s).padStart(n);
const mark = (ok: boolean) => (ok ? "MET" : "MISSED");
const median = (values: number[]) => {
  const sorted = values.filter((v) => !Number.isNaN(v)).sort((a, b) => a - b);
  if (!sorted.length) return NaN;
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};
const fileName = (page: string) => `${page === "/" ? "home" : page.slice(1).replaceAll("/", "_")}.html`;

/**
 * The public pages: every path the sitemap lists, in each language, except that a page listed once
 * per record (a horse's) is measured for one record, so pages added later are measured without
 * editing this.
 */
async function publicPages(base: string) {
  const locs = (xml: string) =>
    [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!.replaceAll("&#38;", "&")));
  const first = await (await fetch(`${base}/sitemap.xml`)).text();
  // A sitemap split into parts (decision 0302) lists them: their addresses are the pages'.
  const xmls = first.includes("<sitemapindex")
    ? await Promise.all(locs(first).map(async (part) => (await fetch(`${base}${part.pathname}${part.search}`)).text()))
    : [first];
  const paths = xmls.flatMap(locs).map((url) => url.pathname);
  const seen = new Set<string>();
  return paths.filter((p) => {
    const id = matchPath(p)?.id ?? p;
    if (seen.has(id)) return false;
    seen.add(id);
    return true;
  });
}

/** nginx (one worker, as the site is one process) serving the bench's static copies from a temporary configuration. */
async function startNginx(): Promise<{ child: ChildProcess; url: string } | null> {
  if (!fs.existsSync(NGINX)) {
    console.log(`--compare-nginx: ${NGINX} not found (Debian: apt-get install nginx); skipped.`);
    return null;
  }
  const prefix = path.join(dataDir, "nginx");
  fs.mkdirSync(path.join(prefix, "logs"), { recursive: true });
  const port = await freePort();
  const conf = path.join(prefix, "nginx.conf");
  fs.writeFileSync(
    conf,
    `daemon off;
worker_processes 1;
pid ${prefix}/nginx.pid;
error_log ${prefix}/logs/error.log warn;
events { worker_connections 1024; }
http {
  access_log off;
  client_body_temp_path ${prefix}/body;
  proxy_temp_path ${prefix}/proxy;
  fastcgi_temp_path ${prefix}/fastcgi;
  uwsgi_temp_path ${prefix}/uwsgi;
  scgi_temp_path ${prefix}/scgi;
  sendfile on;
  tcp_nopush on;
  keepalive_requests 100000;
  default_type text/html;
  server {
    listen 127.0.0.1:${port};
    root ${path.dirname(benchStaticDir)};
  }
}
`,
  );
  const child = spawn(NGINX, ["-e", path.join(prefix, "logs", "error.log"), "-p", prefix, "-c", conf], {
    stdio: "ignore",
  });
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 50; i++) {
    if (child.exitCode !== null) break;
    try {
      await fetch(`${url}/`);
      return { child, url };
    } catch {
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  child.kill("SIGTERM");
  console.log(`--compare-nginx: nginx did not start (${path.join(prefix, "logs", "error.log")}); skipped.`);
  return null;
}

type LoadRow = { page: string; cached: Load; file: Load | null; nginx: Load | null; stamped: boolean };
type LoadResult = { rows: LoadRow[]; peakRssMb: number | undefined };

async function measureLoad(base: string, pages: string[], serverPid: number): Promise<LoadResult> {
  fs.mkdirSync(benchStaticDir, { recursive: true });
  const rows: LoadRow[] = [];
  console.log(`\n== Load: ${CONNECTIONS} concurrent visitors, ${duration} s on each public page`);
  console.log(`${"page".padEnd(20)}${pad("req/s", 9)}${pad("p50", 6)}${pad("p99", 6)}${pad("err", 5)}`);
  for (const page of pages) {
    const res = await fetch(base + page); // the cache now holds it
    const body = Buffer.from(await res.arrayBuffer());
    fs.writeFileSync(path.join(benchStaticDir, fileName(page)), body);
    const stamped = /private/.test(res.headers.get("cache-control") ?? "");
    const cached = await load(base + page);
    rows.push({ page, cached, file: null, nginx: null, stamped });
    console.log(
      `${page.padEnd(20)}${pad(Math.round(cached.rps), 9)}${pad(cached.p50, 6)}${pad(cached.p99, 6)}${pad(cached.errors, 5)}` +
        (stamped ? "  (a fresh form stamp in each response)" : ""),
    );
  }
  const peakRssMb = processMemoryMb(serverPid, "VmHWM");
  console.log(
    `Server peak memory with ${CONNECTIONS} visitors on every page (VmHWM): ${peakRssMb?.toFixed(0) ?? "?"} MB`,
  );
  const shared = rows.filter((r) => !r.stamped).map((r) => r.cached.rps);
  for (const row of rows.filter((r) => r.stamped))
    console.log(
      `${row.page}: ${Math.round(row.cached.rps)} req/s, ${(row.cached.rps / median(shared)).toFixed(2)}× the cached pages' median (${Math.round(median(shared))} req/s)`,
    );

  const nginx = withNginx ? await startNginx() : null;
  console.log(
    `\n== The same bytes as a static file from the same server${nginx ? ", and from nginx" : ""} (${CONNECTIONS} connections, ${duration} s)`,
  );
  console.log(
    `${"page".padEnd(20)}${pad("static/s", 10)}${pad("p99", 6)}${pad("ratio", 7)}` +
      (nginx ? ` |${pad("nginx/s", 9)}${pad("p99", 6)}${pad("ratio", 7)}` : ""),
  );
  try {
    for (const row of rows) {
      row.file = await load(`${base}/__bench/${fileName(row.page)}`);
      row.nginx = nginx ? await load(`${nginx.url}/__bench/${fileName(row.page)}`) : null;
      console.log(
        `${row.page.padEnd(20)}${pad(Math.round(row.file.rps), 10)}${pad(row.file.p99, 6)}${pad((row.cached.rps / row.file.rps).toFixed(2), 7)}` +
          (row.nginx
            ? ` |${pad(Math.round(row.nginx.rps), 9)}${pad(row.nginx.p99, 6)}${pad((row.cached.rps / row.nginx.rps).toFixed(2), 7)}`
            : ""),
      );
    }
  } finally {
    if (nginx) {
      nginx.child.kill("SIGTERM");
      await new Promise((r) => nginx.child.once("exit", r));
    }
  }
  return { rows, peakRssMb };
}

const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"] as const;
type LighthouseRow = { page: string; scores: number[]; lcp: number; tbt: number; cls: number; kb: number };

async function measureLighthouse(base: string, pages: string[]): Promise<LighthouseRow[]> {
  console.log(`\n== Lighthouse 12, mobile defaults (Chromium headless), median of ${lighthouseRuns} runs`);
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
    `${"page".padEnd(12)}${pad("perf", 5)}${pad("a11y", 5)}${pad("bp", 5)}${pad("seo", 5)}${pad("LCP ms", 8)}${pad("TBT ms", 8)}${pad("CLS", 7)}${pad("kB", 7)}`,
  );
  const rows: LighthouseRow[] = [];
  try {
    for (const page of pages) {
      const runs: LighthouseRow[] = [];
      const losses = new Set<string>();
      let failed = 0;
      // A run the browser could not finish (a page-load timeout on a busy machine) is not a score:
      // it is repeated, up to as many extra attempts as there are runs.
      for (let run = 0; runs.length < lighthouseRuns && run < 2 * lighthouseRuns; run++) {
        const result = await lighthouse(base + page, {
          port: chrome.port,
          output: "json",
          logLevel: "error",
          onlyCategories: [...CATEGORIES],
        });
        const lhr = result?.lhr;
        if (!lhr) throw new Error(`Lighthouse gave no result for ${page}`);
        if (lhr.runtimeError || Number.isNaN(lhr.audits["largest-contentful-paint"]?.numericValue ?? NaN)) {
          failed += 1;
          losses.add(`run not counted: ${lhr.runtimeError?.code ?? "no LCP measured"}`);
          continue;
        }
        const a = (id: string) => lhr.audits[id]?.numericValue ?? NaN;
        const lcpNode = (
          lhr.audits["largest-contentful-paint-element"]?.details as
            { items?: { items?: { node?: { snippet?: string } }[] }[] } | undefined
        )?.items?.[0]?.items?.[0]?.node?.snippet;
        if (lcpNode) losses.add(`LCP element: ${lcpNode.replace(/\s+/g, " ").slice(0, 110)}`);
        runs.push({
          page,
          scores: CATEGORIES.map((k) => Math.round((lhr.categories[k]?.score ?? 0) * 100)),
          lcp: a("largest-contentful-paint"),
          tbt: a("total-blocking-time"),
          cls: a("cumulative-layout-shift"),
          kb: a("total-byte-weight") / 1024,
        });
        // What costs points: scored audits below full marks, per category.
        for (const [key, category] of Object.entries(lhr.categories)) {
          for (const ref of category.auditRefs) {
            const audit = lhr.audits[ref.id];
            if (!audit || ref.weight === 0 || audit.score === null || audit.score >= 1) continue;
            const items = (audit.details as { items?: { issueType?: string }[] } | undefined)?.items ?? [];
            const issues = items.map((i) => i.issueType).filter(Boolean);
            losses.add(
              `${key}: ${audit.id}: ${audit.title}${audit.displayValue ? ` (${audit.displayValue})` : ""}${issues.length ? ` [${issues.join(", ")}]` : ""}`,
            );
          }
        }
      }
      if (!runs.length) throw new Error(`Lighthouse could not finish a run of ${page} (${failed} attempts)`);
      const row: LighthouseRow = {
        page,
        scores: CATEGORIES.map((_, i) => median(runs.map((r) => r.scores[i]!))),
        lcp: median(runs.map((r) => r.lcp)),
        tbt: median(runs.map((r) => r.tbt)),
        cls: median(runs.map((r) => r.cls)),
        kb: median(runs.map((r) => r.kb)),
      };
      rows.push(row);
      console.log(
        `${page.padEnd(12)}${row.scores.map((s) => pad(s, 5)).join("")}${pad(Math.round(row.lcp), 8)}` +
          `${pad(Math.round(row.tbt), 8)}${pad(row.cls.toFixed(3), 7)}${pad(row.kb.toFixed(1), 7)}`,
      );
      for (const loss of losses) console.log(`              - ${loss}`);
    }
  } finally {
    chrome.kill();
  }
  return rows;
}

type JsRow = { page: string; kb: number; hasForm: boolean };

/** JavaScript a first visit to the page downloads: its module scripts and modulepreloads, gzipped. */
async function measureJs(base: string, pages: string[]): Promise<JsRow[]> {
  console.log("\n== JavaScript per public page (gzip -9)");
  const rows: JsRow[] = [];
  for (const page of pages) {
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
    // A page's own form (the footer's Subscribe form, on every page, needs no script of its own).
    const hasForm = [...html.matchAll(/<form[^>]*>/gi)].some(
      ([tag]) => /method="post"/i.test(tag) && !/action="\/sign-out"/i.test(tag) && !/data-stamp-on-demand/i.test(tag),
    );
    rows.push({ page, kb: gz / 1024, hasForm });
    console.log(
      `${page.padEnd(12)}${pad((gz / 1024).toFixed(1), 7)} kB gzipped (${(raw / 1024).toFixed(1)} kB raw, ${urls.size} files)${hasForm ? "  a page with a form" : ""}`,
    );
  }
  return rows;
}

type Summary = { target: string; value: string; met: boolean | null }[];

function summarise(
  loadResult: LoadResult | null,
  lh: LighthouseRow[] | null,
  js: JsRow[],
  rssMb: number | undefined,
  flood: FloodFigures | null,
): Summary {
  const load = loadResult?.rows;
  const out: Summary = [];
  const range = (values: number[], digits = 0) => {
    const lo = Math.min(...values);
    const hi = Math.max(...values);
    return lo === hi ? lo.toFixed(digits) : `${lo.toFixed(digits)}-${hi.toFixed(digits)}`;
  };
  const worst = <T>(rows: T[], bad: (r: T) => boolean, name: (r: T) => string) => rows.filter(bad).map(name).join(", ");
  if (lh?.length) {
    const below = worst(
      lh,
      (r) => r.scores.some((s) => s < TARGET.score),
      (r) => `${r.page} ${r.scores.join("/")}`,
    );
    out.push({
      target: `Lighthouse ${TARGET.score} in all four categories (median of ${lighthouseRuns})`,
      value: below ? `below on ${below}` : `all ${TARGET.score} on ${lh.length} pages`,
      met: !below,
    });
    const slowLcp = worst(
      lh,
      (r) => r.lcp > TARGET.lcpMs,
      (r) => `${r.page} ${Math.round(r.lcp)}`,
    );
    out.push({
      target: `LCP <= ${TARGET.lcpMs} ms`,
      value: `${range(lh.map((r) => r.lcp))} ms${slowLcp ? ` (over: ${slowLcp})` : ""}`,
      met: !slowLcp,
    });
    const slowTbt = worst(
      lh,
      (r) => r.tbt > TARGET.tbtMs,
      (r) => `${r.page} ${Math.round(r.tbt)}`,
    );
    out.push({
      target: `TBT <= ${TARGET.tbtMs} ms`,
      value: `${range(lh.map((r) => r.tbt))} ms${slowTbt ? ` (over: ${slowTbt})` : ""}`,
      met: !slowTbt,
    });
  } else {
    out.push({ target: "Lighthouse, LCP, TBT", value: "not measured (--no-lighthouse)", met: null });
  }
  const plain = js.filter((r) => !r.hasForm);
  const forms = js.filter((r) => r.hasForm);
  if (plain.length)
    out.push({
      target: `JavaScript <= ${TARGET.jsKb} kB gzipped (pages without a form)`,
      value: `${range(
        plain.map((r) => r.kb),
        1,
      )} kB`,
      met: plain.every((r) => r.kb <= TARGET.jsKb),
    });
  if (forms.length)
    out.push({
      target: `JavaScript <= ${TARGET.jsKbForm} kB gzipped (pages with a form: ${forms.map((r) => r.page).join(", ")})`,
      value: `${range(
        forms.map((r) => r.kb),
        1,
      )} kB`,
      met: forms.every((r) => r.kb <= TARGET.jsKbForm),
    });
  const peak = loadResult?.peakRssMb;
  if (loadResult)
    out.push({
      target: `Server peak RSS <= ${TARGET.rssMb} MB with ${CONNECTIONS} visitors on every public page`,
      value: peak ? `${peak.toFixed(0)} MB` : "not available on this system",
      met: peak ? peak <= TARGET.rssMb : null,
    });
  out.push({
    target: `Server peak RSS (whole run, static files and Lighthouse included)`,
    value: rssMb ? `${rssMb.toFixed(0)} MB` : "not available on this system",
    met: null,
  });
  if (load?.length) {
    const shared = load.filter((r) => !r.stamped);
    for (const row of load.filter((r) => r.stamped)) {
      const ratio = row.cached.rps / median(shared.map((r) => r.cached.rps));
      out.push({
        target: `${row.page} >= ${TARGET.ratio}× a cached page's rate`,
        value: `${ratio.toFixed(2)}× (${Math.round(row.cached.rps)} req/s)`,
        met: ratio >= TARGET.ratio,
      });
    }
    const ratios = load.map((r) => r.cached.rps / r.file!.rps);
    out.push({
      target: `Pages >= ${TARGET.ratio * 100}% of the static-file rate, 0 errors`,
      value: `ratio ${range(ratios, 2)} (${range(load.map((r) => r.cached.rps))} req/s), ${load.reduce((n, r) => n + r.cached.errors, 0)} errors`,
      met: ratios.every((r) => r >= TARGET.ratio) && load.every((r) => r.cached.errors === 0),
    });
    out.push({
      target: `Pages p99 <= ${TARGET.p99} ms at ${CONNECTIONS} connections`,
      value: `${range(load.map((r) => r.cached.p99))} ms`,
      met: load.every((r) => r.cached.p99 <= TARGET.p99),
    });
    const withNginxRows = load.filter((r) => r.nginx);
    if (withNginxRows.length)
      out.push({
        target: "Cached pages vs nginx serving the same bytes (reported)",
        value: `ratio ${range(
          withNginxRows.map((r) => r.cached.rps / r.nginx!.rps),
          2,
        )} (nginx ${range(withNginxRows.map((r) => r.nginx!.rps))} req/s, p99 ${range(withNginxRows.map((r) => r.nginx!.p99))} ms)`,
        met: null,
      });
  } else {
    out.push({ target: "Cached pages under load", value: "not measured (--no-load)", met: null });
  }
  if (flood) {
    const slowdown = flood.flood.pageP50 / flood.quiet.pageP50;
    out.push({
      target: `Cached page p50 during a sign-in flood <= ${TARGET.floodSlowdown}x quiet`,
      value: `${slowdown.toFixed(2)}x (${flood.quiet.pageP50.toFixed(1)} -> ${flood.flood.pageP50.toFixed(1)} ms)`,
      met: slowdown <= TARGET.floodSlowdown,
    });
    const signedIn = [...flood.flood.signIn, ...flood.flood.knownSignIn].filter((s) => s.status === 302).length;
    out.push({
      target: "The administrator signs in during the flood (known browser every time)",
      value: `${signedIn}/${flood.flood.signIn.length + flood.flood.knownSignIn.length} sign-ins`,
      met: flood.flood.knownSignIn.every((s) => s.status === 302),
    });
  }
  return out;
}

function summariseNewsletter(newsletter: NewsletterFigures): Summary {
  return [
    {
      target: `Newsletter to ${newsletter.subscribers} subscribers delivered within ${TARGET.newsletterMinutes} minutes`,
      value: `${(newsletter.allDeliveredMs / 1000).toFixed(1)} s (${newsletter.delivered} delivered)`,
      met:
        newsletter.delivered >= newsletter.subscribers &&
        newsletter.allDeliveredMs <= TARGET.newsletterMinutes * 60_000,
    },
    {
      target: `Publishing with Send as Newsletter answers within ${TARGET.publishMs} ms`,
      value: `${Math.round(newsletter.publishMs)} ms`,
      met: newsletter.publishMs <= TARGET.publishMs,
    },
    {
      target: "Cached page during the send (reported)",
      value: `p50 ${newsletter.during.p50.toFixed(1)} ms (quiet ${newsletter.quiet.p50.toFixed(1)} ms), p95 ${newsletter.during.p95.toFixed(1)} ms`,
      met: null,
    },
  ];
}

async function main() {
  console.log(`Benchmark data directory: ${dataDir}`);
  const demo = path.join(root, "scripts", "demo.ts");
  if (fs.existsSync(demo)) {
    console.log("Filling a temporary database with the demo content…");
    const demoArgs = heroPhoto ? ["--hero-photo", heroPhoto] : [];
    if (tsx(demo, { ...process.env, DATA_DIR: dataDir, DATABASE_URL: "", LOG_LEVEL: "warn" }, demoArgs) !== 0)
      throw new Error("npm run demo failed");
    console.log(
      `Home's hero: ${heroPhoto ? `the photograph ${path.relative(root, heroPhoto)}` : "the demo's drawing"}`,
    );
  } else {
    console.log("No scripts/demo.ts: measuring the empty site.");
  }
  const admin = { email: "bench-admin@example.com", password: `Bench-${crypto.randomUUID()}` };
  if (withFlood) {
    const adminScript = path.join(root, "scripts", "admin.ts");
    const env = { ...process.env, DATA_DIR: dataDir, DATABASE_URL: "", LOG_LEVEL: "warn" };
    if (tsx(adminScript, env, ["create", "--email", admin.email, "--password", admin.password]) !== 0)
      throw new Error("npm run admin failed");
  }
  console.log("Starting the built site (it builds first when the sources changed)…");
  const { child, url } = await startBuiltServer({ dataDir, buildDir, logFile, env: FLOOD_SERVER_ENV });
  const [cpu] = os.loadavg();
  let summary: Summary;
  try {
    const pages = await publicPages(url);
    console.log(`Public pages (from /sitemap.xml): ${pages.join(" ")}`);
    const loadRows = withLoad ? await measureLoad(url, pages, child.pid!) : null;
    const js = await measureJs(url, pages);
    const lh = withLighthouse ? await measureLighthouse(url, pages) : null;
    const flood = withFlood ? await measureSignInFlood(url, admin) : null;
    if (flood) printFlood(flood);
    const rss = processMemoryMb(child.pid!, "VmHWM");
    console.log(`\n== Server peak memory (VmHWM, whole run): ${rss ? `${rss.toFixed(0)} MB` : "not available"}`);
    summary = summarise(loadRows, lh, js, rss, flood);
  } finally {
    await stopServer(child);
  }
  // A site of its own (its subscribers, a mail sink), after the other one has stopped.
  if (withNewsletter) {
    const newsletter = await measureNewsletter(buildDir);
    printNewsletter(newsletter);
    summary.push(...summariseNewsletter(newsletter));
  }
  // Two more sites of their own: the demo and the big yard, each first render with the cache emptied.
  if (withBigYard) {
    const bigYard = await measureBigYard(buildDir);
    printBigYard(bigYard);
    summary.push(...summariseBigYard(bigYard));
  }
  // Billing through the models on a database of its own: the monthly run and Issue Invoices, timed.
  if (withBilling) {
    const billing = await measureBilling();
    printBilling(billing);
    summary.push(...summariseBilling(billing));
  }
  const [cpuAfter] = os.loadavg();
  console.log(
    `\n== Targets (${os.cpus().length} CPUs, load average ${cpu!.toFixed(1)} at the start, ${cpuAfter!.toFixed(1)} at the end${Math.max(cpu!, cpuAfter!) > os.cpus().length / 2 ? ": the machine was busy, timings are pessimistic" : ""})`,
  );
  const width = Math.max(...summary.map((s) => s.target.length));
  for (const s of summary)
    console.log(`${s.target.padEnd(width)}  ${(s.met === null ? "-" : mark(s.met)).padEnd(6)}  ${s.value}`);
}

runBench(main, cleanUp);
