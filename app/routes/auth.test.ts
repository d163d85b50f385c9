import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { buildRequest, createSession, createUser, WEAK_PASSWORDS } from "@tests/auth";
import { useFreshDatabase } from "@tests/db";
import { freePort, startSmtpServer } from "@tests/smtp";
import { AUTH_LIMITS } from "~/auth/auth-limits.server";
import { registerResetMail } from "~/auth/auth-mail.server";
import { HASHING, passwordHashingGate } from "~/auth/password-hashing.server";
import { createUserWithPassword } from "~/auth/accounts.server";
import { getUser, isResetTokenValid } from "~/auth/auth.server";
import { listQueuedMail } from "~/models/mail-queue.server";
import { db } from "~/platform/db.server";
import { env, resetEnvCache } from "~/platform/env.server";
import { deliverNextMail } from "~/jobs/mail-delivery.server";
import { listActivity } from "~/models/activity.server";
import { revokeOwner } from "~/models/owner-account.server";
import { createGuest, createOwner, testHorse } from "@tests/owners";
import { action, loader } from "./auth";

useFreshDatabase();
registerResetMail();

afterEach(() => {
  vi.useRealTimers();
  delete process.env.SMTP_URL;
  resetEnvCache();
});

type Outcome = {
  status: number;
  location: string | null;
  cookies: string[];
  data: { toast?: { title: string; description?: string } | null; errors?: unknown } | null;
};

async function post(
  form: Record<string, string>,
  { ip = "203.0.113.7", url = "/auth", cookie }: { ip?: string; url?: string; cookie?: string } = {},
): Promise<Outcome> {
  const request = buildRequest(url, { form, cookie, headers: { "x-client-ip": ip } });
  let result: unknown;
  try {
    result = await action({ request, params: {}, context: {} } as Parameters<typeof action>[0]);
  } catch (error) {
    if (!(error instanceof Response)) throw error;
    result = error;
  }
  if (result instanceof Response) {
    return {
      status: result.status,
      location: result.headers.get("Location"),
      cookies: result.headers.getSetCookie(),
      data: null,
    };
  }
  const d = result as { data: Outcome["data"]; init?: ResponseInit | null };
  return { status: d.init?.status ?? 200, location: null, cookies: [], data: d.data };
}

const signInForm = (email: string, password: string, extra: Record<string, string> = {}) => ({
  intent: "sign-in",
  email,
  password,
  ...extra,
});

function mailFiles() {
  const dir = path.join(env().dataDir, "mail");
  return fs.existsSync(dir) ? fs.readdirSync(dir).map((f) => fs.readFileSync(path.join(dir, f), "utf8")) : [];
}

describe("sign-in action", () => {
  it("signs in, sets the session cookie and goes home or back to a same-site page", async () => {
    const user = await createUser({ admin: true });
    const ok = await post(signInForm(user.email, user.password, { redirectTo: "/admin/horses" }));
    expect(ok.status).toBe(302);
    expect(ok.location).toBe("/admin/horses");
    const cookie = ok.cookies.find((c) => c.startsWith("stable.session_token="))!.split(";")[0]!;
    expect(await getUser(buildRequest("/", { cookie }))).toMatchObject({ email: user.email, isAdmin: true });

    for (const evil of ["https://evil.example/", "//evil.example/x", "/\\evil.example", "javascript:alert(1)"]) {
      expect((await post(signInForm(user.email, user.password, { redirectTo: evil }))).location).toBe("/");
    }
  });

  it("answers a wrong password with 'Sign In Error' and the server's message", async () => {
    const user = await createUser();
    const bad = await post(signInForm(user.email, "Wrong-password-1"));
    expect(bad.status).toBe(401);
    expect(bad.data?.toast).toMatchObject({ title: "Sign In Error", description: "Invalid email or password" });
    expect(bad.cookies).toEqual([]);
    const missing = await post(signInForm("", ""));
    expect(missing.status).toBe(400);
    expect(missing.data?.toast?.description).toBe("You must provide either an email or phone number and a password");
  });

  it("lets in an account whose password was set before the strength rules", async () => {
    const old = await createUserWithPassword({ email: "old@example.com", password: "password12" });
    expect((await post(signInForm(old.email, "password12"))).status).toBe(302);
  });

  it("sends a signed-in visitor away from /auth", async () => {
    const user = await createUser();
    const { cookie } = await createSession(user);
    await expect(
      loader({ request: buildRequest("/auth", { cookie }), params: {}, context: {} } as Parameters<typeof loader>[0]),
    ).rejects.toMatchObject({ status: 302 });
  });
});

describe("rate limits", () => {
  it("one address failing five times is locked out; the account still signs in from another address", async () => {
    vi.useFakeTimers({ toFake: ["Date"], now: new Date("2026-03-01T10:00:00Z") });
    const user = await createUser({ admin: true });
    for (let i = 0; i < AUTH_LIMITS.signInPerEmailAndIp.limit; i++) {
      expect((await post(signInForm(user.email, "Wrong-password-1"), { ip: "198.51.100.1" })).status).toBe(401);
    }
    const limited = await post(signInForm(user.email, user.password), { ip: "198.51.100.1" });
    expect(limited.status).toBe(429);
    expect(limited.data?.toast).toMatchObject({
      title: "Sign In Error",
      description: "Too many sign-in attempts. Please wait 15 minutes and try again.",
    });
    expect(limited.cookies).toEqual([]);
    // The real administrator, elsewhere.
    expect((await post(signInForm(user.email, user.password), { ip: "192.0.2.50" })).status).toBe(302);

    vi.setSystemTime(new Date(Date.now() + AUTH_LIMITS.signInPerEmailAndIp.windowMs + 1000));
    expect((await post(signInForm(user.email, user.password), { ip: "198.51.100.1" })).status).toBe(302);
  });

  it("slows guessing spread over many addresses, but not on a browser the account signed in from", async () => {
    vi.useFakeTimers({ toFake: ["Date"], now: new Date("2026-03-01T10:00:00Z") });
    const user = await createUser({ admin: true });
    const signedIn = await post(signInForm(user.email, user.password), { ip: "192.0.2.50" });
    const device = signedIn.cookies.find((c) => c.startsWith("stable_known_device="))!.split(";")[0]!;
    // The sign-in above was one attempt on the account too.
    for (let i = 1; i < AUTH_LIMITS.signInPerEmail.limit; i++) {
      expect((await post(signInForm(user.email, "Wrong-password-1"), { ip: `198.51.100.${i}` })).status).toBe(401);
    }
    // Every further guess, from any new address, is refused without checking the password.
    expect((await post(signInForm(user.email, user.password), { ip: "198.51.100.200" })).status).toBe(429);
    expect((await post(signInForm(user.email, user.password), { ip: "203.0.113.9", cookie: device })).status).toBe(
      302,
    );
    // The mark belongs to that account only.
    const other = await createUser();
    for (let i = 0; i < AUTH_LIMITS.signInPerEmail.limit; i++) {
      await post(signInForm(other.email, "Wrong-password-1"), { ip: `198.18.0.${i}` });
    }
    expect((await post(signInForm(other.email, other.password), { ip: "203.0.113.9", cookie: device })).status).toBe(
      429,
    );
    vi.setSystemTime(new Date(Date.now() + AUTH_LIMITS.signInPerEmail.windowMs + 1000));
    expect((await post(signInForm(other.email, other.password), { ip: "198.51.100.200" })).status).toBe(302);
    // About sixty password hashes, one after the other, by design.
  }, 90_000);

  it("limits sign-in attempts per address across e-mails", async () => {
    vi.useFakeTimers({ toFake: ["Date"], now: new Date("2026-03-01T10:00:00Z") });
    for (let i = 0; i < AUTH_LIMITS.signInPerIp.limit; i++) {
      expect((await post(signInForm(`guess${i}@example.com`, "Wrong-password-1"))).status).toBe(401);
    }
    expect((await post(signInForm("another@example.com", "Wrong-password-1"))).status).toBe(429);
    // Nothing more is written for an address already over its limit, whatever e-mails it tries.
    const rows = await db().selectFrom("rate_limits").selectAll().orderBy("key").execute();
    for (let i = 0; i < 30; i++) {
      expect((await post(signInForm(`more${i}@example.com`, "Wrong-password-1"))).status).toBe(429);
    }
    expect(await db().selectFrom("rate_limits").selectAll().orderBy("key").execute()).toEqual(rows);
    expect((await post(signInForm("another@example.com", "Wrong-password-1"), { ip: "192.0.2.1" })).status).toBe(401);
    vi.setSystemTime(new Date(Date.now() + AUTH_LIMITS.signInPerIp.windowMs + 1000));
    expect((await post(signInForm("another@example.com", "Wrong-password-1"))).status).toBe(401);
  });

  it("counts an IPv6 /64 as one client for sign-in and reset requests", async () => {
    vi.useFakeTimers({ toFake: ["Date"], now: new Date("2026-03-01T10:00:00Z") });
    const statuses = [];
    for (let i = 1; i <= 25; i++)
      statuses.push((await post(signInForm(`guess${i}@example.com`, "Wrong-password-1"), { ip: `2001:db8:1:2::${i}` })).status);
    expect(statuses.slice(0, AUTH_LIMITS.signInPerIp.limit).every((s) => s === 401)).toBe(true);
    expect(statuses.slice(AUTH_LIMITS.signInPerIp.limit)).toEqual([429, 429, 429, 429, 429]);
    // Written in another form, the same network is still the same client.
    expect((await post(signInForm("x@example.com", "Wrong-password-1"), { ip: "2001:0db8:0001:0002:ffff::9" })).status).toBe(429);
    expect((await post(signInForm("x@example.com", "Wrong-password-1"), { ip: "2001:db8:1:3::1" })).status).toBe(401);

    const resets = [];
    for (let i = 1; i <= AUTH_LIMITS.resetPerIp.limit + 1; i++)
      resets.push((await post({ intent: "request-reset", email: `r${i}@example.com` }, { ip: `2001:db8:9:9::${i}` })).status);
    expect(resets.at(-1)).toBe(429);
    expect(resets.slice(0, -1).every((s) => s === 302)).toBe(true);
  });

  it("refuses an e-mail over 255 characters before anything is counted or stored", async () => {
    const huge = `${"a".repeat(1_000_000)}@example.com`;
    for (let i = 0; i < 5; i++) {
      const signIn = await post(signInForm(huge, "Wrong-password-1"));
      expect(signIn.status).toBe(400);
      expect(signIn.data?.toast?.description).toBe("Email must be less than 255 characters");
      expect((await post({ intent: "request-reset", email: huge })).status).toBe(400);
    }
    expect(await db().selectFrom("rate_limits").selectAll().execute()).toEqual([]);
  });

  it("limits reset requests per e-mail and per address", async () => {
    vi.useFakeTimers({ toFake: ["Date"], now: new Date("2026-03-01T10:00:00Z") });
    const reset = (email: string, ip?: string) => post({ intent: "request-reset", email }, { ip });
    for (let i = 0; i < AUTH_LIMITS.resetPerEmail.limit; i++)
      expect((await reset("someone@example.com", `10.0.0.${i}`)).status).toBe(302);
    const limited = await reset("someone@example.com", "10.0.1.1");
    expect(limited.status).toBe(429);
    expect(limited.data?.toast).toMatchObject({
      title: "Reset Password Error",
      description: "Too many reset requests. Please wait 60 minutes and try again.",
    });

    for (let i = 0; i < AUTH_LIMITS.resetPerIp.limit; i++)
      expect((await reset(`p${i}@example.com`, "10.9.9.9")).status).toBe(302);
    expect((await reset("fresh@example.com", "10.9.9.9")).status).toBe(429);
    vi.setSystemTime(new Date(Date.now() + AUTH_LIMITS.resetPerIp.windowMs + 1000));
    expect((await reset("fresh@example.com", "10.9.9.9")).status).toBe(302);
    expect((await reset("someone@example.com", "10.0.1.1")).status).toBe(302);
  });
});

describe("the password-hashing budget", () => {
  /** Takes every slot and every place in the queue of the site's hashing gate until released. */
  function fillHashingGate() {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const tasks = Array.from({ length: HASHING.concurrency + HASHING.queue }, () =>
      passwordHashingGate().run(() => held, { priority: false }),
    );
    return async () => {
      release();
      await Promise.all(tasks);
    };
  }

  it("answers a sign-in 503 with Retry-After while the queue is full; a browser the account knows still gets in", async () => {
    const user = await createUser({ admin: true });
    const signedIn = await post(signInForm(user.email, user.password), { ip: "192.0.2.50" });
    const device = signedIn.cookies.find((c) => c.startsWith("stable_known_device="))!.split(";")[0]!;

    const release = fillHashingGate();
    const refused = await post(signInForm(user.email, user.password), { ip: "198.51.100.3" });
    expect(refused.status).toBe(503);
    expect(refused.data?.toast).toMatchObject({
      title: "Sign In Error",
      description: "The site is busy checking other sign-ins. Please try again in a few seconds.",
    });
    expect(refused.cookies).toEqual([]);
    const known = post(signInForm(user.email, user.password), { ip: "203.0.113.9", cookie: device });
    await release();
    expect((await known).status).toBe(302);
  });

  it("carries the Retry-After header on the refusal", async () => {
    const release = fillHashingGate();
    const request = buildRequest("/auth", {
      form: signInForm("someone@example.com", "Wrong-password-1"),
      headers: { "x-client-ip": "198.51.100.4" },
    });
    const result = (await action({ request, params: {}, context: {} } as Parameters<typeof action>[0])) as {
      init?: ResponseInit;
    };
    await release();
    expect(new Headers(result.init?.headers).get("Retry-After")).toBe(String(HASHING.retryAfterSeconds));
  });
});

describe("password reset", () => {
  it("answers the same for unknown and known addresses, and mails a one-hour link to the known one", async () => {
    const user = await createUser({ email: "owner@example.com" });
    const unknown = await post({ intent: "request-reset", email: "nobody@example.com" });
    const known = await post({ intent: "request-reset", email: "Owner@Example.com" });
    expect(unknown.status).toBe(302);
    expect(known.status).toBe(302);
    expect(unknown.location).toBe(known.location);
    expect(unknown.cookies.length).toBe(known.cookies.length);
    // Both requests only queued a row; the mail queue finds out which address has an account.
    expect(mailFiles()).toHaveLength(0);
    expect((await listQueuedMail({ kind: "password-reset" })).map((m) => m.toAddress)).toEqual([
      "nobody@example.com",
      "owner@example.com",
    ]);
    expect(await deliverNextMail()).toBe("dropped");
    expect(await deliverNextMail()).toBe("sent");
    expect(await listQueuedMail({ kind: "password-reset" })).toMatchObject([{ toAddress: "owner@example.com", state: "sent" }]);
    const mails = mailFiles();
    expect(mails).toHaveLength(1);
    expect(mails[0]).toContain(`To: ${user.email}`);
    const link = /http:\/\/localhost\/auth\?mode=reset&token=([\w-]+)/.exec(
      mails[0]!.replace(/=\r?\n/g, "").replace(/=3D/g, "="),
    );
    expect(link).not.toBeNull();
    const token = link![1]!;

    const pageData = await loader({
      request: buildRequest(`/auth?mode=reset&token=${token}`),
      params: {},
      context: {},
    } as Parameters<typeof loader>[0]);
    expect(pageData).toMatchObject({ mode: "reset", tokenValid: true });

    const reset = (password: string, confirm = password) =>
      post({ intent: "reset-password", token, password, confirm });
    for (const password of [...WEAK_PASSWORDS, "aaaaaaaaaaaa"]) {
      const weak = await reset(password);
      expect(weak.status).toBe(400);
      expect(weak.data?.toast).toMatchObject({
        title: "Reset Password Error",
        description: expect.stringMatching(/^This password is too easy to guess\. \S/),
      });
      expect(weak.data?.errors).toMatchObject({ password: [expect.stringMatching(/^This password is too easy/)] });
    }
    const short = await reset("short");
    expect(short.data?.toast?.description).toBe("Password must be at least 10 characters.");
    const mismatch = await reset("Good-Password-11", "Good-Password-12");
    expect(mismatch.data?.toast?.description).toBe("The two passwords do not match.");

    const done = await reset("Good-Password-11");
    expect(done.status).toBe(302);
    expect(done.location).toBe("/auth");
    const reused = await reset("Other-Password-22");
    expect(reused.status).toBe(400);
    expect(reused.data?.toast).toMatchObject({
      title: "Reset Password Error",
      description: "This reset link is invalid or has expired. Please request a new one.",
    });
    expect((await post(signInForm(user.email, "Good-Password-11"))).status).toBe(302);
  });

  it("logs the reset link when no mail server is configured", async () => {
    const user = await createUser({ email: "owner@example.com" });
    const level = process.env.LOG_LEVEL;
    process.env.LOG_LEVEL = "info";
    resetEnvCache();
    const lines: string[] = [];
    const spy = vi.spyOn(process.stdout, "write").mockImplementation((chunk: string | Uint8Array) => {
      lines.push(String(chunk));
      return true;
    });
    try {
      expect((await post({ intent: "request-reset", email: user.email })).status).toBe(302);
      expect(await deliverNextMail()).toBe("sent");
    } finally {
      spy.mockRestore();
      if (level === undefined) delete process.env.LOG_LEVEL;
      else process.env.LOG_LEVEL = level;
    }
    const logged = lines
      .map((l) => JSON.parse(l) as { msg: string; url?: string })
      .find((l) => l.msg.startsWith("password reset link"));
    expect(logged?.url).toMatch(/^http:\/\/localhost\/auth\?mode=reset&token=[\w-]+$/);
  });

  it("answers known and unknown addresses alike with the mail server down or silent; the link goes out later", async () => {
    await createUser({ email: "owner@example.com" });
    // A mail server that accepts connections and never answers: a request waiting for it would hang.
    const silent = net.createServer(() => {});
    await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
    const down = await freePort();
    try {
      for (const url of [`smtp://127.0.0.1:${(silent.address() as net.AddressInfo).port}`, `smtp://127.0.0.1:${down}`]) {
        process.env.SMTP_URL = url;
        resetEnvCache();
        const unknown = await post({ intent: "request-reset", email: "nobody@example.com" }, { ip: url });
        const known = await post({ intent: "request-reset", email: "owner@example.com" }, { ip: url });
        expect([unknown.status, known.status]).toEqual([302, 302]);
        expect(unknown.location).toBe(known.location);
      }
    } finally {
      silent.close();
    }
    // The mail server is down: unknown addresses are dropped, known ones wait for a retry.
    for (let i = 0; i < 4; i++) await deliverNextMail();
    const queued = await listQueuedMail({ kind: "password-reset" });
    expect(queued.map((m) => [m.toAddress, m.state, m.attempts])).toEqual([
      ["owner@example.com", "pending", 1],
      ["owner@example.com", "pending", 1],
    ]);

    const server = await startSmtpServer(down);
    try {
      await db().updateTable("mail_queue").set({ next_attempt_at: new Date().toISOString() }).execute();
      expect(await deliverNextMail()).toBe("sent");
      expect(await deliverNextMail()).toBe("sent");
      expect(server.received.map((m) => m.envelopeTo)).toEqual([["owner@example.com"], ["owner@example.com"]]);
      // The first link was retired by the second request: only the newest one works.
      const tokens = server.received.map(
        (m) => /token=([\w-]+)/.exec(m.body.replace(/=\r?\n/g, "").replace(/=3D/g, "="))![1]!,
      );
      expect(await Promise.all(tokens.map((t) => isResetTokenValid(t)))).toEqual([false, true]);
    } finally {
      await server.close();
    }
  });

  it("builds the link from PUBLIC_ORIGIN, whatever host the request named", async () => {
    await createUser({ email: "owner@example.com" });
    process.env.PUBLIC_ORIGIN = "https://stald.example";
    resetEnvCache();
    try {
      const request = buildRequest("/auth", {
        form: { intent: "request-reset", email: "owner@example.com" },
        headers: { "x-client-ip": "203.0.113.7" },
      });
      const forged = new Request(request.url.replace("localhost", "attacker.example"), request);
      await action({ request: forged, params: {}, context: {} } as Parameters<typeof action>[0]).catch((e: unknown) => e);
      expect(await deliverNextMail()).toBe("sent");
      const mail = mailFiles()
        .map((m) => m.replace(/=\r?\n/g, "").replace(/=3D/g, "="))
        .find((m) => m.includes("Reset your password") && m.includes("stald.example"));
      expect(mail).toContain("Choose a new password <https://stald.example/auth?mode=reset&token=");
      expect(mailFiles().some((m) => m.includes("attacker"))).toBe(false);
    } finally {
      delete process.env.PUBLIC_ORIGIN;
    }
  });
});

describe("the Danish sign-in page, /da/auth", () => {
  it("signs in and answers in Danish, and keeps its own address for the forms that come back to it", async () => {
    const horse = await testHorse("Xenia");
    const owner = await createOwner({ horseIds: [horse.id], language: "da" });
    const admin = await createUser({ admin: true });
    const url = "/da/auth";
    const wrong = await post(signInForm(owner.email, "not-the-password"), { ip: "203.0.113.60", url });
    expect(wrong.status).toBe(401);
    expect(wrong.data?.toast).toMatchObject({ title: "Login mislykkedes", description: "Forkert e-mail eller adgangskode." });
    const empty = await post({ intent: "sign-in", email: "", password: "" }, { ip: "203.0.113.61", url });
    expect(empty.data?.toast).toMatchObject({ description: "Skriv din e-mailadresse og din adgangskode." });
    expect((await post(signInForm(owner.email, owner.password), { ip: "203.0.113.62", url })).location).toBe(
      "/da/owners",
    );
    // An administrator signing in on the Danish page lands on the Danish home page.
    expect((await post(signInForm(admin.email, admin.password), { ip: "203.0.113.63", url })).location).toBe("/da");
    const reset = await post({ intent: "request-reset", email: owner.email }, { ip: "203.0.113.64", url });
    expect(reset.location).toBe("/da/auth");
    const short = await post(
      { intent: "reset-password", token: "x".repeat(43), password: "kort", confirm: "kort" },
      { ip: "203.0.113.65", url },
    );
    expect(short.data?.toast).toMatchObject({
      title: "Nulstilling mislykkedes",
      description: "Adgangskoden skal være mindst 10 tegn.",
    });
  });

  it("is where a signed-out visit to a Danish owners' page goes", async () => {
    const { requireOwner } = await import("~/auth/auth.server");
    const away = await requireOwner(buildRequest("/da/owners/horses/xenia")).catch((e: unknown) => e as Response);
    expect((away as Response).headers.get("Location")).toBe("/da/auth?redirectTo=%2Fda%2Fowners%2Fhorses%2Fxenia");
  });
});

describe("owners and guests at /auth", () => {
  it("land on My Horses in their language; administrators still go home", async () => {
    const horse = await testHorse("Xenia");
    const danish = await createOwner({ horseIds: [horse.id], language: "da" });
    const english = await createOwner({ horseIds: [horse.id] });
    const guest = await createGuest(danish.id);
    const admin = await createUser({ admin: true });
    expect((await post(signInForm(danish.email, danish.password), { ip: "203.0.113.20" })).location).toBe("/da/owners");
    expect((await post(signInForm(english.email, english.password), { ip: "203.0.113.21" })).location).toBe("/owners");
    expect((await post(signInForm(guest.email, guest.password), { ip: "203.0.113.22" })).location).toBe("/owners");
    expect((await post(signInForm(admin.email, admin.password), { ip: "203.0.113.23" })).location).toBe("/");
    const back = await post(signInForm(english.email, english.password, { redirectTo: `/owners/horses/${horse.slug}` }), {
      ip: "203.0.113.24",
    });
    expect(back.location).toBe(`/owners/horses/${horse.slug}`);
    const { entries } = await listActivity({ kind: "sign-in" });
    expect(entries.map((e) => e.actorEmail)).toEqual(
      expect.arrayContaining([danish.email, english.email, guest.email]),
    );

    const signedIn = await createSession(danish);
    const away = await loader({ request: buildRequest("/auth", { cookie: signedIn.cookie }), params: {}, context: {} } as never).catch(
      (e: unknown) => e as Response,
    );
    expect((away as Response).headers.get("Location")).toBe("/da/owners");
  });

  it("refuse a revoked owner and an invitation not yet accepted", async () => {
    const horse = await testHorse("Xenia");
    const owner = await createOwner({ horseIds: [horse.id] });
    const invited = await createOwner({ horseIds: [horse.id], active: false });
    await revokeOwner(owner.id);
    expect((await post(signInForm(owner.email, owner.password), { ip: "203.0.113.30" })).data?.toast?.title).toBe(
      "Sign In Error",
    );
    expect((await post(signInForm(invited.email, "Paddock-Gallop-2024"), { ip: "203.0.113.31" })).status).toBeGreaterThanOrEqual(
      400,
    );
  });

  it("mail an owner's reset link in their language, and none to an account without access", async () => {
    const horse = await testHorse("Xenia");
    const owner = await createOwner({ horseIds: [horse.id], language: "da", email: "anna@example.com" });
    await createOwner({ horseIds: [horse.id], active: false, email: "invited@example.com" });
    const revoked = await createOwner({ horseIds: [horse.id], email: "gone@example.com" });
    await revokeOwner(revoked.id);
    // The invitations are another kind of mail, sent elsewhere (app/owners).
    await db().deleteFrom("mail_queue").execute();
    for (const email of [owner.email, "invited@example.com", "gone@example.com"]) {
      expect((await post({ intent: "request-reset", email }, { ip: "203.0.113.40" })).location).toBe("/auth");
    }
    expect(await deliverNextMail()).toBe("sent");
    expect(await deliverNextMail()).toBe("dropped");
    expect(await deliverNextMail()).toBe("dropped");
    const mails = mailFiles().map((m) => m.replace(/=\r?\n/g, "").replace(/=3D/g, "="));
    const mail = mails.find((m) => m.includes("To: anna@example.com"));
    expect(mails.filter((m) => /To: (invited|gone)@example\.com/.test(m))).toEqual([]);
    expect(mail).toContain("Subject: Nulstil din adgangskode");
    // The Danish sign-in page, in a mail in the stable's name.
    expect(mail).toContain("/da/auth?mode=reset&token=");
    expect(mail).toContain("From: Stald Nordlys <no-reply@localhost>");
    expect(mail).not.toContain("admin access");
  });
});
