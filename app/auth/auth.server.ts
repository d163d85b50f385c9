import { AsyncLocalStorage } from "node:async_hooks";
import crypto from "node:crypto";
import { APIError, betterAuth } from "better-auth";
import { redirect } from "react-router";
import { recordAuthActivity, recordFailedSignIn } from "~/models/activity.server";
import { isAdminUser } from "~/models/user-role.server";
import { getAdminLanguage, type AdminLanguage } from "~/models/admin-language.server";
import { ownerStanding } from "~/models/owner-account.server";
import type { OwnerLanguage, OwnerRole } from "~/models/owner-account";
import { langFromPath } from "~/i18n/lang";
import { pathTo } from "~/pages/registry";
import { CLIENT_IP_HEADER, clientNetwork } from "~/platform/client-ip.server";
import { db, engine, type DB } from "~/platform/db.server";
import { env, pinLibraryEnv } from "~/platform/env.server";
import { log } from "~/platform/log.server";
import { getSecret } from "~/platform/secrets.server";
import { redirectWithToast } from "~/toast/toast.server";
import { gatedPassword, isHashingBusy, withTrustedHashing } from "./password-hashing.server";
import { PASSWORD_MAX, PASSWORD_MIN } from "./password-rules";

/** An owner's or guest's account, as a session carries it (only while it has access). */
export type OwnerSession = { role: OwnerRole; name: string; language: OwnerLanguage; hostId: string | null };

/**
 * `adminLang`: the language the account chose for the admin dashboard. `owner`: the account is an
 * owner's or a guest's (never also an administrator's).
 */
export type SessionUser = {
  id: string;
  email: string;
  isAdmin: boolean;
  adminLang: AdminLanguage;
  owner: OwnerSession | null;
};

/** A session ends after this long without a request; each use within it extends it again. */
export const SESSION_IDLE_TIMEOUT_SECONDS = 12 * 60 * 60;
/** How often an active session's expiry is pushed forward (one write per interval, not per request). */
export const SESSION_REFRESH_INTERVAL_SECONDS = 15 * 60;
export const RESET_TOKEN_TTL_SECONDS = 60 * 60;
export const COOKIE_PREFIX = "stable";
export const SESSION_COOKIE = `${COOKIE_PREFIX}.session_token`;

// The library's usage reporting is off by default; this also overrides an inherited variable.
pinLibraryEnv();

function createAuth(database: DB, secure: boolean) {
  const timestamps = { createdAt: "created_at", updatedAt: "updated_at" };
  return betterAuth({
    appName: "Stable website",
    secret: env().BETTER_AUTH_SECRET ?? getSecret("SESSION_SECRET"),
    // Only used for links the library would build itself; ours are built in auth routes.
    baseURL: env().PUBLIC_ORIGIN ?? "http://localhost",
    database: { db: database, type: engine() === "postgres" ? "postgres" : "sqlite", transaction: true },
    telemetry: { enabled: false },
    // Our own limits (stored in the database) guard the forms; the library's HTTP handler is not mounted.
    rateLimit: { enabled: false },
    logger: {
      level: "warn",
      log: (level, message) => {
        const fn =
          level === "error" ? log.error : level === "warn" ? log.warn : level === "debug" ? log.debug : log.info;
        fn(`auth: ${message}`);
      },
    },
    emailAndPassword: {
      enabled: true,
      disableSignUp: true,
      minPasswordLength: PASSWORD_MIN,
      maxPasswordLength: PASSWORD_MAX,
      resetPasswordTokenExpiresIn: RESET_TOKEN_TTL_SECONDS,
      // The library's own scrypt, a few hashes at a time (password-hashing.server.ts).
      password: gatedPassword,
      revokeSessionsOnPasswordReset: true,
      // The link just used is consumed by the library; every other one of the account ends with it.
      onPasswordReset: async ({ user }) => {
        await retireResetTokens(user.id);
        await recordAuthActivity(
          "password-reset",
          { userId: user.id, email: user.email },
          "Password changed with a reset link",
        );
      },
    },
    user: {
      modelName: "users",
      fields: { emailVerified: "email_verified", ...timestamps },
    },
    session: {
      modelName: "sessions",
      fields: {
        userId: "user_id",
        expiresAt: "expires_at",
        ipAddress: "ip_address",
        userAgent: "user_agent",
        ...timestamps,
      },
      expiresIn: SESSION_IDLE_TIMEOUT_SECONDS,
      updateAge: SESSION_REFRESH_INTERVAL_SECONDS,
    },
    account: {
      modelName: "accounts",
      fields: {
        userId: "user_id",
        accountId: "account_id",
        providerId: "provider_id",
        accessToken: "access_token",
        refreshToken: "refresh_token",
        idToken: "id_token",
        accessTokenExpiresAt: "access_token_expires_at",
        refreshTokenExpiresAt: "refresh_token_expires_at",
        ...timestamps,
      },
    },
    verification: {
      modelName: "verifications",
      fields: { expiresAt: "expires_at", ...timestamps },
      storeIdentifier: "hashed",
    },
    advanced: {
      cookiePrefix: COOKIE_PREFIX,
      useSecureCookies: secure,
      defaultCookieAttributes: { httpOnly: true, sameSite: "lax", path: "/" },
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
    },
  });
}

export type StableAuth = ReturnType<typeof createAuth>;

const instances = new WeakMap<DB, { secure?: StableAuth; plain?: StableAuth }>();

/**
 * The auth instance for the current database. Cookies carry `Secure` (and the `__Secure-` name
 * prefix) only when the request came over HTTPS, as Express sees it (TRUST_PROXY behind a proxy).
 */
export function getAuth({ secure = false }: { secure?: boolean } = {}): StableAuth {
  const database = db();
  let pair = instances.get(database);
  if (!pair) instances.set(database, (pair = {}));
  const key = secure ? "secure" : "plain";
  return (pair[key] ??= createAuth(database, secure));
}

export function isSecureRequest(request: Request) {
  return new URL(request.url).protocol === "https:";
}

export function authFor(request: Request) {
  return getAuth({ secure: isSecureRequest(request) });
}

/** Whether a Cookie header carries a session cookie at all (saves a lookup for anonymous visitors). */
export function hasSessionCookie(cookieHeader: string | null | undefined) {
  return !!cookieHeader && cookieHeader.includes(`${SESSION_COOKIE}=`);
}

type SessionLookups = Map<string, Promise<SessionUser | null>>;

/** The session lookups of the HTTP request being handled, by Cookie header (see withRequestSession). */
const requestSessions = new AsyncLocalStorage<SessionLookups>();
/** Outside an HTTP request (tests, scripts): one lookup per Request object. */
const lookupsByRequest = new WeakMap<Request, SessionLookups>();

/**
 * Runs `fn` as one HTTP request whose session is looked up once, whichever Request object asks:
 * the body-limit check, the action, and the loaders React Router runs after an action on a Request
 * of their own all share the lookup. The Express app wraps every request in it.
 */
export function withRequestSession<T>(fn: () => T): T {
  return requestSessions.run(new Map(), fn);
}

function lookupsFor(request?: Request): SessionLookups {
  const scoped = requestSessions.getStore();
  if (scoped || !request) return scoped ?? new Map();
  let lookups = lookupsByRequest.get(request);
  if (!lookups) lookupsByRequest.set(request, (lookups = new Map()));
  return lookups;
}

/** Signing in or out changes what the request's cookie stands for: later checks look again. */
function forgetSessions(request: Request) {
  requestSessions.getStore()?.clear();
  lookupsByRequest.delete(request);
}

/** The signed-in user of this request, or null. Looked up once per request. */
export function getUser(request: Request): Promise<SessionUser | null> {
  return userByCookie(request.headers.get("Cookie"), { secure: isSecureRequest(request) }, request);
}

/** The signed-in user for a Cookie header, or null: for checks made before React Router has a Request. */
export function userByCookie(
  cookie: string | null | undefined,
  { secure }: { secure: boolean },
  request?: Request,
): Promise<SessionUser | null> {
  if (!cookie || !hasSessionCookie(cookie)) return Promise.resolve(null);
  const lookups = lookupsFor(request);
  let pending = lookups.get(cookie);
  if (!pending) {
    pending = lookupUser(cookie, secure);
    lookups.set(cookie, pending);
  }
  return pending;
}

async function lookupUser(cookie: string, secure: boolean): Promise<SessionUser | null> {
  const result = await getAuth({ secure }).api.getSession({
    headers: new Headers({ cookie }),
    // The Express layer refreshes the rolling expiry (it can set the cookie); loaders only read.
    query: { disableRefresh: true },
  });
  if (!result) return null;
  const [isAdmin, adminLang, standing] = await Promise.all([
    isAdminUser(result.user.id),
    getAdminLanguage(result.user.id),
    ownerStanding(result.user.id),
  ]);
  // An owner's or guest's account whose access ended (or whose owner's did) is signed out, whatever
  // session it still holds: revoking deletes the sessions too, this holds even if one is left.
  if (standing && !standing.active) return null;
  const owner = standing && {
    role: standing.role,
    name: standing.name,
    language: standing.language,
    hostId: standing.hostId,
  };
  return { id: result.user.id, email: result.user.email, isAdmin: isAdmin && !owner, adminLang, owner };
}

export const ACCESS_DENIED = "Access denied. Admin privileges required.";

function pathOf(request: Request) {
  const url = new URL(request.url);
  return `${url.pathname}${url.search}`;
}

/**
 * The one admin check: every admin loader and action starts with it. Signed out -> /auth (and back
 * here afterwards); signed in without the admin role -> / with the access-denied message.
 */
export async function requireAdmin(request: Request): Promise<SessionUser> {
  const user = await getUser(request);
  if (!user) {
    const back = request.method === "GET" ? pathOf(request) : new URL(request.url).pathname;
    throw redirect(`${pathTo("auth")}?redirectTo=${encodeURIComponent(back)}`);
  }
  if (!user.isAdmin) {
    log.warn("admin access refused", { userId: user.id, path: new URL(request.url).pathname, method: request.method });
    throw await redirectWithToast(pathTo("home"), { type: "error", title: ACCESS_DENIED });
  }
  return user;
}

/** Where an owner or guest starts: My Horses, in their language. */
export function ownersHome(language: OwnerLanguage) {
  return pathTo("owners", { lang: language });
}

/** Where an account lands after signing in: an owner or guest on My Horses, anyone else on the home page. */
export async function landingAfterSignIn(userId: string): Promise<string> {
  const standing = await ownerStanding(userId);
  return standing?.active ? ownersHome(standing.language) : pathTo("home");
}

/**
 * The one owners' area check: every owners' page loader and action starts with it. Signed out ->
 * /auth (and back here afterwards); an administrator -> the Owners tab, where owners are managed;
 * any other account -> the home page. Nothing of the page is read before it.
 */
export async function requireOwner(request: Request): Promise<SessionUser & { owner: OwnerSession }> {
  const user = await getUser(request);
  if (!user) {
    const back = request.method === "GET" ? pathOf(request) : new URL(request.url).pathname;
    // The sign-in page in the language of the page asked for (a Danish owner's notice links to /da/…).
    const signIn = pathTo("auth", { lang: langFromPath(new URL(request.url).pathname) });
    throw redirect(`${signIn}?redirectTo=${encodeURIComponent(back)}`);
  }
  if (user.owner) return { ...user, owner: user.owner };
  throw redirect(user.isAdmin ? "/admin/owners" : pathTo("home"));
}

export type SignInResult =
  | { ok: true; headers: Headers; userId: string }
  | { ok: false; status: number; message: string; retryAfterSeconds?: number };

export const HASHING_BUSY_MESSAGE = "The site is busy checking other sign-ins. Please try again in a few seconds.";

/**
 * Signs in with e-mail and password; the attempt, either way, goes into the activity log. A
 * `trusted` attempt (a browser the account signed in from, the setup link) checks its password
 * ahead of anonymous ones; an anonymous one is refused with 503 while too many are waiting.
 */
export async function signIn(
  request: Request,
  email: string,
  password: string,
  { trusted = false }: { trusted?: boolean } = {},
): Promise<SignInResult> {
  const address = email.trim().toLowerCase();
  try {
    const call = () =>
      authFor(request).api.signInEmail({
        body: { email: address, password, rememberMe: true },
        headers: request.headers,
        returnHeaders: true,
      });
    const { headers, response } = trusted ? await withTrustedHashing(call) : await call();
    forgetSessions(request);
    await recordAuthActivity("sign-in", { userId: response.user.id, email: response.user.email }, "Signed in");
    return { ok: true, headers: setCookiesOnly(headers), userId: response.user.id };
  } catch (error) {
    if (isHashingBusy(error)) {
      return { ok: false, status: 503, message: HASHING_BUSY_MESSAGE, retryAfterSeconds: error.retryAfterSeconds };
    }
    if (error instanceof APIError) {
      await recordFailedSignIn(address, clientNetwork(request));
      return {
        ok: false,
        status: error.statusCode === 401 ? 401 : 400,
        message: error.message || "Invalid email or password",
      };
    }
    throw error;
  }
}

export type SignOutScope = "local" | "others" | "global";

const SIGN_OUT_SUMMARY: Record<SignOutScope, string> = {
  local: "Signed out",
  others: "Signed out every other device",
  global: "Signed out everywhere",
};

/**
 * Ends this session, every other session of the user, or all of them; returns cookie headers.
 * The activity log records it in the user's name.
 */
export async function signOut(request: Request, scope: SignOutScope): Promise<Headers> {
  const auth = authFor(request);
  const headers = request.headers;
  const user = await getUser(request);
  let out = new Headers();
  if (scope === "others") {
    await auth.api.revokeOtherSessions({ headers });
  } else {
    if (scope === "global") await auth.api.revokeSessions({ headers });
    const result = await auth.api.signOut({ headers, returnHeaders: true });
    out = setCookiesOnly(result.headers);
  }
  forgetSessions(request);
  if (user) await recordAuthActivity("sign-out", { userId: user.id, email: user.email }, SIGN_OUT_SUMMARY[scope]);
  return out;
}

function setCookiesOnly(source: Headers) {
  const out = new Headers();
  for (const cookie of source.getSetCookie()) out.append("Set-Cookie", cookie);
  return out;
}

/**
 * Extends an active session's expiry when due and returns the refreshed cookie; called by the
 * Express layer for requests that carry a session cookie.
 */
export async function refreshSession(headers: Headers, secure: boolean): Promise<string[]> {
  const { headers: out } = await getAuth({ secure }).api.getSession({ headers, returnHeaders: true });
  return out.getSetCookie();
}

const RESET_PREFIX = "reset-password:";

/**
 * A new reset token for the account with this e-mail, or null when there is none. The account
 * keeps one live link: the older ones are retired as soon as the new one is stored (only the
 * newest survives, even when two requests race). Tokens are stored hashed, as the library does.
 */
export async function issuePasswordResetToken(
  email: string,
): Promise<{ token: string; email: string; userId: string } | null> {
  const ctx = await getAuth().$context;
  const found = await ctx.internalAdapter.findUserByEmail(email.trim().toLowerCase());
  if (!found) return null;
  // An owner's or guest's account without access (invited, revoked) gets its password by invitation only.
  const standing = await ownerStanding(found.user.id);
  if (standing && !standing.active) return null;
  const token = crypto.randomBytes(32).toString("base64url");
  await ctx.internalAdapter.createVerificationValue({
    identifier: `${RESET_PREFIX}${token}`,
    value: found.user.id,
    expiresAt: new Date(Date.now() + RESET_TOKEN_TTL_SECONDS * 1000),
  });
  await retireResetTokens(found.user.id, { keepNewest: true });
  return { token, email: found.user.email, userId: found.user.id };
}

/** Ends the account's reset links (a reset link's row holds the user id; no other row does). */
async function retireResetTokens(userId: string, { keepNewest = false } = {}) {
  let query = db().deleteFrom("verifications").where("value", "=", userId);
  if (keepNewest) {
    const newest = db()
      .selectFrom("verifications")
      .select("id")
      .where("value", "=", userId)
      .orderBy("created_at", "desc")
      .orderBy("id", "desc")
      .limit(1);
    query = query.where("id", "not in", newest);
  }
  await query.execute();
}

/** The reset link's row while it is live, else null. */
async function liveResetToken(token: string) {
  const ctx = await getAuth().$context;
  const row = await ctx.internalAdapter.findVerificationValue(`${RESET_PREFIX}${token}`);
  return row && new Date(row.expiresAt).getTime() > Date.now() ? { ctx, userId: row.value } : null;
}

export async function isResetTokenValid(token: string) {
  return (await liveResetToken(token)) !== null;
}

/** The e-mail of the account a live reset link belongs to, or null when the link is not live. */
export async function resetTokenEmail(token: string): Promise<string | null> {
  const live = await liveResetToken(token);
  const user = live ? await live.ctx.internalAdapter.findUserById(live.userId) : null;
  return user?.email ?? null;
}

export type ResetResult = { ok: true } | { ok: false; message: string };

/** Sets the new password; the token is consumed and every session of the user ends. */
export async function resetPassword(request: Request, token: string, newPassword: string): Promise<ResetResult> {
  try {
    // The link is the authority: its hash waits ahead of anonymous sign-ins.
    await withTrustedHashing(() =>
      authFor(request).api.resetPassword({ body: { token, newPassword }, headers: request.headers }),
    );
    forgetSessions(request);
    return { ok: true };
  } catch (error) {
    if (error instanceof APIError) {
      const message =
        error.body?.code === "INVALID_TOKEN"
          ? "This reset link is invalid or has expired. Please request a new one."
          : error.message || "The password could not be changed.";
      return { ok: false, message };
    }
    throw error;
  }
}
