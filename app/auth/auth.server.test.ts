import { describe, expect, it, vi } from "vitest";
import { buildRequest, createSession, createUser, expireVerifications, signedInUser } from "@tests/auth";
import { useFreshDatabase } from "@tests/db";
import {
  ACCESS_DENIED,
  getUser,
  isResetTokenValid,
  requireAdmin,
  resetPassword,
  signIn,
  signOut,
  getAuth,
  issuePasswordResetToken,
  userByCookie,
  withRequestSession,
} from "./auth.server";
import { db } from "~/platform/db.server";

useFreshDatabase();

async function thrown(p: Promise<unknown>): Promise<Response> {
  try {
    await p;
  } catch (error) {
    if (error instanceof Response) return error;
    throw error;
  }
  throw new Error("expected a thrown response");
}

describe("sessions and the admin check", () => {
  it("knows nobody without a cookie and the signed-in user with one", async () => {
    expect(await getUser(buildRequest("/"))).toBeNull();
    const { user, cookie } = await signedInUser({ admin: true });
    expect(await getUser(buildRequest("/", { cookie }))).toEqual({
      id: user.id,
      email: user.email,
      isAdmin: true,
      adminLang: "en",
      owner: null,
    });
    expect(await getUser(buildRequest("/", { cookie: cookie.replace(/.$/, "x") }))).toBeNull();
  });

  it("sends the signed-out to /auth with the way back, and non-admins home with the message", async () => {
    const anon = await thrown(requireAdmin(buildRequest("/admin/horses?x=1")));
    expect(anon.status).toBe(302);
    expect(anon.headers.get("Location")).toBe(`/auth?redirectTo=${encodeURIComponent("/admin/horses?x=1")}`);

    const { cookie } = await signedInUser();
    const denied = await thrown(requireAdmin(buildRequest("/admin", { cookie })));
    expect(denied.headers.get("Location")).toBe("/");
    expect(denied.headers.get("Set-Cookie")).toContain("stable_toast=");

    const admin = await signedInUser({ admin: true });
    await expect(requireAdmin(buildRequest("/admin", { cookie: admin.cookie }))).resolves.toMatchObject({
      isAdmin: true,
    });
    expect(ACCESS_DENIED).toBe("Access denied. Admin privileges required.");
  });

  it("looks the session up once per HTTP request, whichever Request object asks", async () => {
    const { cookie } = await signedInUser({ admin: true });
    const lookups = vi.spyOn(getAuth().api, "getSession");
    const posted = buildRequest("/admin/horses", { cookie, form: { intent: "delete", id: "x" } });
    await withRequestSession(async () => {
      // The body-limit check (a Cookie header only), the action, then the root and tab loaders that
      // React Router runs after an action on a Request of their own.
      expect(await userByCookie(cookie, { secure: false })).toMatchObject({ isAdmin: true });
      await requireAdmin(posted);
      const afterAction = new Request(posted.url, { headers: posted.headers });
      expect(await getUser(afterAction)).toMatchObject({ isAdmin: true });
      await requireAdmin(afterAction);
    });
    expect(lookups).toHaveBeenCalledTimes(1);

    // Each request looks again, and so does a check after a sign-out within the same request.
    await withRequestSession(async () => {
      expect(await getUser(buildRequest("/", { cookie }))).toMatchObject({ isAdmin: true });
      await signOut(buildRequest("/sign-out", { cookie, form: { scope: "local" } }), "local");
      expect(await getUser(buildRequest("/", { cookie }))).toBeNull();
    });
    expect(lookups).toHaveBeenCalledTimes(3);
    lookups.mockRestore();
  });

  it("treats a failing role check as not admin", async () => {
    const { cookie } = await signedInUser({ admin: true });
    await db().schema.dropTable("user_roles").execute();
    expect(await getUser(buildRequest("/", { cookie }))).toMatchObject({ isAdmin: false });
  });

  it("signs in with the right password only, stores the session server-side and ends it", async () => {
    const user = await createUser({ email: "Owner@Example.com" });
    const bad = await signIn(buildRequest("/auth"), "owner@example.com", "wrong-password-123");
    expect(bad).toEqual({ ok: false, status: 401, message: "Invalid email or password" });

    const ok = await signIn(buildRequest("/auth"), " OWNER@example.com ", user.password);
    expect(ok.ok).toBe(true);
    if (!ok.ok) return;
    const setCookie = ok.headers.get("Set-Cookie")!;
    expect(setCookie).toMatch(/^stable\.session_token=/);
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);
    expect(setCookie).not.toMatch(/Secure/i);
    const cookie = setCookie.split(";")[0]!;
    expect(await db().selectFrom("sessions").select("id").where("user_id", "=", user.id).execute()).toHaveLength(1);

    await signOut(buildRequest("/sign-out", { cookie, form: {} }), "local");
    expect(await getUser(buildRequest("/", { cookie }))).toBeNull();
    expect(await db().selectFrom("sessions").select("id").execute()).toHaveLength(0);
  });

  it("ends the other sessions, or all of them", async () => {
    const user = await createUser();
    const a = await createSession(user);
    const b = await createSession(user);
    const c = await createSession(user);
    await signOut(buildRequest("/sign-out", { cookie: a.cookie, form: {} }), "others");
    expect(await getUser(buildRequest("/", { cookie: a.cookie }))).not.toBeNull();
    expect(await getUser(buildRequest("/", { cookie: b.cookie }))).toBeNull();
    const d = await createSession(user);
    await signOut(buildRequest("/sign-out", { cookie: d.cookie, form: {} }), "global");
    expect(await getUser(buildRequest("/", { cookie: a.cookie }))).toBeNull();
    expect(await getUser(buildRequest("/", { cookie: c.cookie }))).toBeNull();
    expect(await db().selectFrom("sessions").select("id").execute()).toHaveLength(0);
  });

  it("uses Secure cookies over HTTPS", async () => {
    const user = await createUser();
    const ok = await signIn(new Request("https://stable.example/auth", { method: "POST" }), user.email, user.password);
    expect(ok.ok && ok.headers.get("Set-Cookie")).toMatch(/^__Secure-stable\.session_token=.*; Secure/i);
  });
});

describe("password reset tokens", () => {
  it("are stored hashed, work once, and end every session", async () => {
    const user = await createUser();
    const session = await createSession(user);
    expect(await issuePasswordResetToken("nobody@example.com")).toBeNull();
    const reset = await issuePasswordResetToken(user.email.toUpperCase());
    expect(reset?.email).toBe(user.email);
    const token = reset!.token;
    const rows = await db().selectFrom("verifications").select(["identifier", "value"]).execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]!.identifier).not.toContain(token);
    expect(await isResetTokenValid(token)).toBe(true);

    expect(await resetPassword(buildRequest("/auth"), token, "Another-Good-Password-9")).toEqual({ ok: true });
    expect(await getUser(buildRequest("/", { cookie: session.cookie }))).toBeNull();
    expect(await isResetTokenValid(token)).toBe(false);
    const again = await resetPassword(buildRequest("/auth"), token, "Yet-Another-Password-7");
    expect(again.ok).toBe(false);
    expect((await signIn(buildRequest("/auth"), user.email, "Another-Good-Password-9")).ok).toBe(true);
    expect((await signIn(buildRequest("/auth"), user.email, user.password)).ok).toBe(false);
  });

  it("leave one live link per account: a new one retires the older ones, a completed reset retires all", async () => {
    const user = await createUser();
    const other = await createUser();
    const otherToken = (await issuePasswordResetToken(other.email))!.token;
    const tokens: string[] = [];
    for (let i = 0; i < 3; i++) tokens.push((await issuePasswordResetToken(user.email))!.token);
    expect(await Promise.all(tokens.map(isResetTokenValid))).toEqual([false, false, true]);
    const older = await resetPassword(buildRequest("/auth"), tokens[0]!, "Another-Good-Password-9");
    expect(older.ok).toBe(false);

    // Two requests at once still leave exactly one live link.
    const raced = await Promise.all([issuePasswordResetToken(user.email), issuePasswordResetToken(user.email)]);
    const live = await Promise.all(raced.map((r) => isResetTokenValid(r!.token)));
    expect(live.filter(Boolean)).toHaveLength(1);
    const newest = raced[live.indexOf(true)]!.token;

    expect(await resetPassword(buildRequest("/auth"), newest, "Another-Good-Password-9")).toEqual({ ok: true });
    for (const token of [...tokens, ...raced.map((r) => r!.token)]) expect(await isResetTokenValid(token)).toBe(false);
    const rows = await db().selectFrom("verifications").select("value").execute();
    expect(rows.map((r) => r.value)).toEqual([other.id]);
    expect(await isResetTokenValid(otherToken)).toBe(true);

    // Links stored some other way (an older version kept several): completing one ends them all.
    const ctx = await getAuth().$context;
    const expiresAt = new Date(Date.now() + 3_600_000);
    for (const t of ["left-over-1", "left-over-2"]) {
      await ctx.internalAdapter.createVerificationValue({
        identifier: `reset-password:${t}`,
        value: other.id,
        expiresAt,
      });
    }
    expect(await resetPassword(buildRequest("/auth"), "left-over-1", "Third-Good-Password-5")).toEqual({ ok: true });
    for (const t of ["left-over-2", otherToken]) expect(await isResetTokenValid(t)).toBe(false);
  });

  it("expire after an hour", async () => {
    const user = await createUser();
    const { token } = (await issuePasswordResetToken(user.email))!;
    await expireVerifications();
    expect(await isResetTokenValid(token)).toBe(false);
    expect((await resetPassword(buildRequest("/auth"), token, "Another-Good-Password-9")).ok).toBe(false);
  });
});

describe("rolling expiry", () => {
  it("extends an active session when used, and an idle one ends after the timeout", async () => {
    const { vi } = await import("vitest");
    const { refreshSession, SESSION_IDLE_TIMEOUT_SECONDS, SESSION_REFRESH_INTERVAL_SECONDS } =
      await import("./auth.server");
    const start = new Date("2026-04-01T08:00:00Z");
    vi.useFakeTimers({ toFake: ["Date"], now: start });
    try {
      const user = await createUser();
      const { cookie } = await createSession(user);
      const expiry = async () =>
        new Date(
          (await db().selectFrom("sessions").select("expires_at").executeTakeFirstOrThrow()).expires_at,
        ).getTime();
      expect(await expiry()).toBe(start.getTime() + SESSION_IDLE_TIMEOUT_SECONDS * 1000);

      // Within the refresh interval nothing is written.
      vi.setSystemTime(start.getTime() + 60_000);
      expect(await refreshSession(new Headers({ cookie }), false)).toEqual([]);

      // Working on: the expiry moves forward and the cookie is re-issued.
      const later = start.getTime() + (SESSION_REFRESH_INTERVAL_SECONDS + 60) * 1000;
      vi.setSystemTime(later);
      const set = await refreshSession(new Headers({ cookie }), false);
      expect(set.some((c) => c.startsWith("stable.session_token="))).toBe(true);
      expect(await expiry()).toBe(later + SESSION_IDLE_TIMEOUT_SECONDS * 1000);

      // Idle past the timeout: signed out.
      vi.setSystemTime(later + SESSION_IDLE_TIMEOUT_SECONDS * 1000 + 1000);
      expect(await getUser(buildRequest("/", { cookie }))).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });
});
