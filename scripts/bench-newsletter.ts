/**
 * The newsletter scenario of `npm run bench` (and `npm run bench:newsletter` on its own): the built
 * site on a temporary SQLite database with 2,000 confirmed subscribers, mailing to a local SMTP
 * sink. An administrator publishes a post with Send as Newsletter; printed are the publishing
 * request's time, how long until the sink has every mail (and the rate), and a cached public page's
 * latency quiet and during the send. Figures are printed, never asserted.
 * Options (standalone): --subscribers <n> (default 2000), --concurrency <n> (MAIL_CONCURRENCY, default
 * the site's), --page <path> (the page sampled, default /horses), --smtp-latency <ms> (the sink waits
 * this long before each of its three answers per mail, as a distant mail server would).
 */
import fs from "node:fs";
import type net from "node:net";
import os from "node:os";
import path from "node:path";
import { SMTPServer } from "smtp-server";
import {
  freePort,
  percentile,
  root,
  runBench,
  samplePage,
  sleep,
  startBuiltServer,
  stopServer,
  tsx,
} from "./bench-server";

export type NewsletterFigures = {
  subscribers: number;
  concurrency: string;
  smtpLatencyMs: number;
  publishMs: number;
  publishStatus: number;
  firstMailMs: number;
  allDeliveredMs: number;
  delivered: number;
  quiet: { p50: number; p95: number };
  during: { p50: number; p95: number; samples: number };
};

const PAGE_EVERY_MS = 100;
const QUIET_SECONDS = 5;
const DELIVERY_TIMEOUT_MS = 30 * 60_000;

/**
 * A mail server that accepts everything and only counts (the figures are the site's, not the
 * sink's); `latencyMs` before each answer to MAIL FROM, RCPT TO and the message stands for a mail
 * server across the internet.
 */
async function startSink(latencyMs: number) {
  const later = (callback: () => void) => (latencyMs ? setTimeout(callback, latencyMs) : callback());
  let received = 0;
  let firstAt = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    // Its own name lookups would be most of what is measured.
    disableReverseLookup: true,
    logger: false,
    onMailFrom: (_address, _session, callback) => later(callback),
    onRcptTo: (_address, _session, callback) => later(callback),
    onData(stream, _session, callback) {
      stream.on("data", () => {});
      stream.on("end", () =>
        later(() => {
          received++;
          firstAt ||= performance.now();
          callback();
        }),
      );
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.server.address() as net.AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received: () => received,
    firstAt: () => firstAt,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Writes `count` confirmed subscribers into the site's database, as a backup restore or an import would. */
async function addSubscribers(dataDir: string, secret: string, count: number) {
  process.env.DATA_DIR = dataDir;
  process.env.SESSION_SECRET = secret;
  process.env.DATABASE_URL = "";
  const { openSqlite, useDatabase, closeDatabase } = await import("~/platform/db.server");
  const { confirmedSubscribers } = await import("@tests/subscribers");
  useDatabase(openSqlite(path.join(dataDir, "stable.db")));
  try {
    await confirmedSubscribers(count);
  } finally {
    await closeDatabase();
  }
}

/** Signs in through the sign-in form as a browser would; the session's cookie. */
export async function signIn(base: string, email: string, password: string) {
  const res = await fetch(`${base}/auth`, {
    method: "POST",
    redirect: "manual",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ intent: "sign-in", email, password }).toString(),
  });
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0]!)
    .join("; ");
  if (res.status !== 302 || !cookie) throw new Error(`The administrator could not sign in (${res.status})`);
  return cookie;
}

export async function measureNewsletter(
  buildDir: string,
  {
    subscribers = 2000,
    concurrency,
    page = "/horses",
    smtpLatencyMs = 0,
  }: { subscribers?: number; concurrency?: number; page?: string; smtpLatencyMs?: number } = {},
): Promise<NewsletterFigures> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "stable-bench-newsletter-"));
  const sink = await startSink(smtpLatencyMs);
  let child: Awaited<ReturnType<typeof startBuiltServer>>["child"] | undefined;
  try {
    const port = await freePort();
    const origin = `http://127.0.0.1:${port}`;
    const secret = crypto.randomUUID() + crypto.randomUUID();
    const admin = { email: "bench-admin@example.com", password: `Bench-${crypto.randomUUID()}` };
    const env = {
      ...process.env,
      DATA_DIR: dataDir,
      DATABASE_URL: "",
      LOG_LEVEL: "warn",
      SESSION_SECRET: secret,
    };
    if (
      tsx(path.join(root, "scripts", "admin.ts"), env, [
        "create",
        "--email",
        admin.email,
        "--password",
        admin.password,
      ]) !== 0
    )
      throw new Error("npm run admin failed");
    await addSubscribers(dataDir, secret, subscribers);
    const started = await startBuiltServer({
      dataDir,
      buildDir,
      logFile: path.join(dataDir, "server.log"),
      env: {
        PORT: String(port),
        PUBLIC_ORIGIN: origin,
        SMTP_URL: sink.url,
        SESSION_SECRET: secret,
        // One request line per mail would measure the log; warnings and errors still show.
        LOG_LEVEL: "warn",
        ...(concurrency ? { MAIL_CONCURRENCY: String(concurrency) } : {}),
      },
    });
    child = started.child;
    const base = origin;
    await fetch(base + page).then((r) => r.arrayBuffer());
    const cookie = await signIn(base, admin.email, admin.password);

    const stopQuiet = samplePage(base + page, PAGE_EVERY_MS);
    await sleep(QUIET_SECONDS * 1000);
    const quietTimes = await stopQuiet();

    const stopDuring = samplePage(base + page, PAGE_EVERY_MS);
    const form = new FormData();
    for (const [name, value] of Object.entries({
      intent: "create",
      title: "Nordlys wins the Derby",
      body: "What a **day** at Klampenborg.\n\n- a clean start\n- a strong finish",
      publishAt: "",
      draft: "0",
      newsletter: "1",
    }))
      form.append(name, value);
    const publishStart = performance.now();
    const published = await fetch(`${base}/admin/news`, {
      method: "POST",
      redirect: "manual",
      headers: { Cookie: cookie, Origin: base },
      body: form,
    });
    await published.arrayBuffer();
    const publishMs = performance.now() - publishStart;
    const deadline = Date.now() + DELIVERY_TIMEOUT_MS;
    while (sink.received() < subscribers && Date.now() < deadline) await sleep(50);
    const allDeliveredMs = performance.now() - publishStart;
    const duringTimes = await stopDuring();
    return {
      subscribers,
      concurrency: concurrency ? String(concurrency) : "the default",
      smtpLatencyMs,
      publishMs,
      publishStatus: published.status,
      firstMailMs: sink.firstAt() - publishStart,
      allDeliveredMs,
      delivered: sink.received(),
      quiet: { p50: percentile(quietTimes, 50), p95: percentile(quietTimes, 95) },
      during: { p50: percentile(duringTimes, 50), p95: percentile(duringTimes, 95), samples: duringTimes.length },
    };
  } finally {
    if (child) await stopServer(child);
    await sink.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

export function printNewsletter(f: NewsletterFigures) {
  const ms = (n: number) => `${Math.round(n)} ms`;
  console.log(
    `\n== Newsletter: a post sent as newsletter to ${f.subscribers.toLocaleString("en")} confirmed subscribers (local SMTP sink${f.smtpLatencyMs ? ` answering after ${f.smtpLatencyMs} ms` : ""}, MAIL_CONCURRENCY ${f.concurrency})`,
  );
  console.log(
    `publishing request (Publish Post with Send as Newsletter): ${ms(f.publishMs)} (HTTP ${f.publishStatus})`,
  );
  console.log(`first mail delivered after ${ms(f.firstMailMs)}`);
  console.log(
    `all delivered after ${(f.allDeliveredMs / 1000).toFixed(1)} s: ${f.delivered}/${f.subscribers} mails, ${(f.delivered / (f.allDeliveredMs / 1000)).toFixed(0)} mails/s`,
  );
  console.log(`cached page, quiet: p50 ${ms(f.quiet.p50)}, p95 ${ms(f.quiet.p95)}`);
  console.log(
    `cached page, during the send: p50 ${ms(f.during.p50)}, p95 ${ms(f.during.p95)} (${f.during.samples} requests)`,
  );
}

// `npm run bench:newsletter`: this scenario alone.
if (import.meta.url === `file://${process.argv[1]}`) {
  const args = process.argv.slice(2);
  const option = (name: string) => (args.includes(name) ? args[args.indexOf(name) + 1] : undefined);
  const buildDir = path.resolve(root, process.env.BUILD_DIR ?? "build");
  runBench(
    async () => {
      const [load] = os.loadavg();
      printNewsletter(
        await measureNewsletter(buildDir, {
          subscribers: Number(option("--subscribers")) || 2000,
          concurrency: Number(option("--concurrency")) || undefined,
          page: option("--page") ?? "/horses",
          smtpLatencyMs: Number(option("--smtp-latency")) || 0,
        }),
      );
      const [after] = os.loadavg();
      console.log(
        `(${os.cpus().length} CPUs, load average ${load!.toFixed(1)} at the start, ${after!.toFixed(1)} at the end)`,
      );
    },
    () => {},
  );
}
