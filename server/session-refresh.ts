import type { RequestHandler } from "express";
import { hasSessionCookie, refreshSession } from "~/auth/auth.server";
import { CLIENT_IP_HEADER } from "~/platform/client-ip.server";
import { log } from "~/platform/log.server";
import { matchPath } from "~/pages/page-match";

/**
 * Whether a request may push its session's expiry forward (and so set a cookie): a page, never a
 * feed, site file or download (app/pages/registry.ts), which may be shared by caches in front of the
 * site or opened many at a time (a page's private photos). Media and built assets are answered before
 * this point.
 */
export function mayRefreshSession(pathname: string) {
  const entry = matchPath(pathname)?.entry;
  return !entry || entry.kind === "page";
}

/** Rolling sessions: a signed-in GET of a page pushes the session's expiry (and cookie) forward when due. */
export function sessionRefresh(): RequestHandler {
  return async (req, res, next) => {
    if (req.method !== "GET" || !hasSessionCookie(req.headers.cookie) || !mayRefreshSession(req.path)) return next();
    try {
      const headers = new Headers();
      for (const name of ["cookie", "user-agent", CLIENT_IP_HEADER]) {
        const value = req.headers[name];
        if (typeof value === "string") headers.set(name, value);
      }
      for (const cookie of await refreshSession(headers, req.secure)) res.append("Set-Cookie", cookie);
    } catch (error) {
      log.error("session refresh failed", { error });
    }
    next();
  };
}
