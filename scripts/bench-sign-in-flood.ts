/**
 * The sign-in flood scenario of `npm run bench`: a cached page's latency and an administrator's
 * sign-in time, first on a quiet site, then during ~300 failed sign-ins over 30 s, each from an
 * address of its own (the server runs with TRUST_PROXY=loopback, so X-Forwarded-For names the
 * sender). Figures are printed, never asserted.
 */
import { percentile, samplePage, sleep } from "./bench-server";

export const FLOOD_SERVER_ENV = { TRUST_PROXY: "loopback" };

export type FloodAdmin = { email: string; password: string };

type Sample = { ms: number; status: number };

export type FloodFigures = {
  quiet: { pageP50: number; pageP95: number; signIn: Sample[]; knownSignIn: Sample[] };
  flood: { pageP50: number; pageP95: number; signIn: Sample[]; knownSignIn: Sample[] };
  attempts: Record<string, number>;
};

const FLOOD_ATTEMPTS = 300;
const FLOOD_SECONDS = 30;
const QUIET_SECONDS = 10;
const PAGE_EVERY_MS = 100;

async function timed(run: () => Promise<Response>): Promise<Sample> {
  const started = performance.now();
  const res = await run();
  await res.arrayBuffer();
  return { ms: performance.now() - started, status: res.status };
}

function signIn(base: string, email: string, password: string, from: string, cookie?: string) {
  return fetch(`${base}/auth`, {
    method: "POST",
    redirect: "manual",
    headers: {
      "Content-Type": "application/x-www-form-urlencoded",
      "X-Forwarded-For": from,
      ...(cookie ? { Cookie: cookie } : {}),
    },
    body: new URLSearchParams({ intent: "sign-in", email, password }).toString(),
  });
}

let adminAddress = 10;

/**
 * The administrator signs in `count` times, `everyMs` apart, from a new browser or a known one,
 * from an address of its own each series (so the figures never meet the per-address limit).
 */
async function adminSignIns(base: string, admin: FloodAdmin, count: number, everyMs: number, device?: string) {
  const samples: Sample[] = [];
  const from = `192.0.2.${adminAddress++}`;
  for (let i = 0; i < count; i++) {
    samples.push(await timed(() => signIn(base, admin.email, admin.password, from, device)));
    await sleep(everyMs);
  }
  return samples;
}

async function phase(base: string, page: string, admin: FloodAdmin, seconds: number, device: string) {
  const stopPage = samplePage(base + page, PAGE_EVERY_MS);
  const signInEvery = (seconds * 1000) / 6;
  const [fresh, known] = await Promise.all([
    adminSignIns(base, admin, 5, signInEvery),
    sleep(signInEvery / 2).then(() => adminSignIns(base, admin, 5, signInEvery, device)),
  ]);
  const times = await stopPage();
  return { pageP50: percentile(times, 50), pageP95: percentile(times, 95), signIn: fresh, knownSignIn: known };
}

export async function measureSignInFlood(base: string, admin: FloodAdmin, page = "/"): Promise<FloodFigures> {
  await fetch(base + page).then((r) => r.arrayBuffer());
  const first = await signIn(base, admin.email, admin.password, "192.0.2.10");
  const device = first.headers
    .getSetCookie()
    .find((c) => c.startsWith("stable_known_device="))
    ?.split(";")[0];
  if (first.status !== 302 || !device) throw new Error(`The administrator could not sign in (${first.status})`);

  const quiet = await phase(base, page, admin, QUIET_SECONDS, device);
  const attempts: Record<string, number> = {};
  const flood = (async () => {
    const pending: Promise<void>[] = [];
    for (let i = 0; i < FLOOD_ATTEMPTS; i++) {
      // Every attempt from a network of its own: IPv4 addresses and IPv6 /64s alternate.
      const from = i % 2 ? `198.18.${i >> 8}.${i & 255}` : `2001:db8:${i.toString(16)}::1`;
      pending.push(
        signIn(base, `guess${i}@example.com`, `Wrong-password-${i}`, from).then(async (res) => {
          await res.arrayBuffer();
          attempts[res.status] = (attempts[res.status] ?? 0) + 1;
        }),
      );
      await sleep((FLOOD_SECONDS * 1000) / FLOOD_ATTEMPTS);
    }
    await Promise.all(pending);
  })();
  const during = await phase(base, page, admin, FLOOD_SECONDS, device);
  await flood;
  return { quiet, flood: during, attempts };
}

export function printFlood(figures: FloodFigures) {
  const ms = (n: number) => `${Math.round(n)} ms`;
  const signIns = (samples: Sample[]) => {
    const ok = samples.filter((s) => s.status === 302);
    const others = samples.filter((s) => s.status !== 302).map((s) => s.status);
    return `median ${ms(
      percentile(
        ok.map((s) => s.ms),
        50,
      ),
    )}, slowest ${ms(Math.max(...ok.map((s) => s.ms)))} (${ok.length}/${samples.length} signed in${others.length ? `; refused: ${others.join(", ")}` : ""})`;
  };
  console.log(
    `\n== Sign-in flood: ${FLOOD_ATTEMPTS} failed sign-ins over ${FLOOD_SECONDS} s, each from its own address`,
  );
  console.log(
    `answers to the flood: ${Object.entries(figures.attempts)
      .map(([s, n]) => `${n}× ${s}`)
      .join(", ")}`,
  );
  for (const [name, p] of [
    ["quiet", figures.quiet],
    ["during the flood", figures.flood],
  ] as const) {
    console.log(`${name}:`);
    console.log(`  cached page: p50 ${ms(p.pageP50)}, p95 ${ms(p.pageP95)}`);
    console.log(`  administrator, new browser:   ${signIns(p.signIn)}`);
    console.log(`  administrator, known browser: ${signIns(p.knownSignIn)}`);
  }
  console.log(
    `cached page p50 during / quiet: ${(figures.flood.pageP50 / figures.quiet.pageP50).toFixed(2)}× (target: at most 2×)`,
  );
}
