import fs from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { buildRequest, createSession, createUser } from "../../tests/auth";
import { useFreshDatabase } from "../../tests/db";
import { AUTH_LIMITS } from "~/utils/auth-limits.server";
import { getUser } from "~/utils/auth.server";
import { env, resetEnvCache } from "~/utils/env.server";
import { action, loader } from "./auth";

useFreshDatabase();

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

  it("sends a signed-in visitor away from /auth", async () => {
    const user = await createUser();
    const { cookie } = await createSession(user);
    await expect(
      loader({ request: buildRequest("/auth", { cookie }), params: {}, context: {} } as Parameters<typeof loader>[0]),
    ).rejects.toMatchObject({ status: 302 });
  });
});

describe("rate limits", () => {
  it("limits sign-in attempts per e-mail with 429, and lets them through again after the window", async () => {
    vi.useFakeTimers({ toFake: ["Date"], now: new Date("2026-03-01T10:00:00Z") });
    const user = await createUser();
    for (let i = 0; i < AUTH_LIMITS.signInPerEmail.limit; i++) {
      expect((await post(signInForm(user.email, "Wrong-password-1"), { ip: `198.51.100.${i}` })).status).toBe(401);
    }
    const limited = await post(signInForm(user.email, user.password), { ip: "198.51.100.99" });
    expect(limited.status).toBe(429);
    expect(limited.data?.toast).toMatchObject({
      title: "Sign In Error",
      description: "Too many sign-in attempts. Please wait 15 minutes and try again.",
    });
    expect(limited.cookies).toEqual([]);

    vi.setSystemTime(new Date(Date.now() + AUTH_LIMITS.signInPerEmail.windowMs + 1000));
    expect((await post(signInForm(user.email, user.password), { ip: "198.51.100.99" })).status).toBe(302);
  });

  it("limits sign-in attempts per address across e-mails", async () => {
    vi.useFakeTimers({ toFake: ["Date"], now: new Date("2026-03-01T10:00:00Z") });
    for (let i = 0; i < AUTH_LIMITS.signInPerIp.limit; i++) {
      expect((await post(signInForm(`guess${i}@example.com`, "Wrong-password-1"))).status).toBe(401);
    }
    expect((await post(signInForm("another@example.com", "Wrong-password-1"))).status).toBe(429);
    expect((await post(signInForm("another@example.com", "Wrong-password-1"), { ip: "192.0.2.1" })).status).toBe(401);
    vi.setSystemTime(new Date(Date.now() + AUTH_LIMITS.signInPerIp.windowMs + 1000));
    expect((await post(signInForm("another@example.com", "Wrong-password-1"))).status).toBe(401);
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

describe("password reset", () => {
  it("answers the same for unknown and known addresses, and mails a one-hour link to the known one", async () => {
    const user = await createUser({ email: "owner@example.com" });
    const unknown = await post({ intent: "request-reset", email: "nobody@example.com" });
    const known = await post({ intent: "request-reset", email: "Owner@Example.com" });
    expect(unknown.status).toBe(302);
    expect(known.status).toBe(302);
    expect(unknown.location).toBe(known.location);
    expect(unknown.cookies.length).toBe(known.cookies.length);
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

    const weak = await post({ intent: "reset-password", token, password: "aaaaaaaaaaaa", confirm: "aaaaaaaaaaaa" });
    expect(weak.status).toBe(400);
    expect(weak.data?.toast).toMatchObject({
      title: "Reset Password Error",
      description: "Password is too repetitive. Use at least 4 different characters.",
    });
    const short = await post({ intent: "reset-password", token, password: "short", confirm: "short" });
    expect(short.data?.toast?.description).toBe("Password must be at least 10 characters.");
    const mismatch = await post({
      intent: "reset-password",
      token,
      password: "Good-Password-11",
      confirm: "Good-Password-12",
    });
    expect(mismatch.data?.toast?.description).toBe("The two passwords do not match.");

    const done = await post({
      intent: "reset-password",
      token,
      password: "Good-Password-11",
      confirm: "Good-Password-11",
    });
    expect(done.status).toBe(302);
    expect(done.location).toBe("/auth");
    const reused = await post({
      intent: "reset-password",
      token,
      password: "Other-Password-22",
      confirm: "Other-Password-22",
    });
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

  it("reports 'Reset Password Error' when the mail server cannot be reached", async () => {
    await createUser({ email: "owner@example.com" });
    process.env.SMTP_URL = "smtp://127.0.0.1:9";
    resetEnvCache();
    const failed = await post({ intent: "request-reset", email: "owner@example.com" });
    expect(failed.status).toBe(502);
    expect(failed.data?.toast).toMatchObject({ title: "Reset Password Error" });
  });
});
