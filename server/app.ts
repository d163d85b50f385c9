import "react-router";
import express from "express";
import { createRequestHandler } from "react-router";
import { startScheduledBackups, stopScheduledBackups } from "~/backup/schedule.server";
import { announceSetupLinkIfNeeded } from "~/auth/admin-setup.server";
import { hasSessionCookie, refreshSession, userByCookie, withRequestSession } from "~/auth/auth.server";
import { CLIENT_IP_HEADER } from "~/platform/client-ip.server";
import { startMailDelivery, stopMailDelivery } from "~/jobs/mail-delivery.server";
import { closeDatabase, dataVersion, engine } from "~/platform/db.server";
import { env } from "~/platform/env.server";
import { startHousekeeping, type Housekeeping } from "~/jobs/housekeeping.server";
import { log } from "~/platform/log.server";
import { bodyLimits } from "./body-limit";
import { createCacheSync } from "./cache-sync";
import { registerFeatureJobs } from "./jobs";
import { mediaRouter } from "./media";
import { withOutageAnswers } from "./outage";
import { PageCache } from "./page-cache";
import { createCacheHits, createCachedHandler } from "./request-handler";
import { clientIpHeader, crossSiteGuard } from "./security";

/**
 * The request handling that is bundled with the app build: everything that needs the app's own
 * modules (database, storage, auth) is mounted here so that it shares one copy of them.
 */
export const app = express.Router();

// Uploaded media first: plain files that need no session or cross-site checks.
app.use(mediaRouter);

app.use(crossSiteGuard({ publicOrigin: env().PUBLIC_ORIGIN }));

// From here on the request's session is looked up once: the body limit, the action and the loaders share it.
app.use((_req, _res, next) => withRequestSession(next));

// Every form body is bounded before an action reads it; the upload limit only for administrators.
app.use(
  bodyLimits({
    isAdmin: async (req) => {
      const user = await userByCookie(req.headers.cookie, { secure: req.secure }).catch(() => null);
      return !!user?.isAdmin;
    },
  }),
);

// Routes read the client's address from this header; whatever the client sent is replaced.
app.use(clientIpHeader());

// Rolling sessions: a signed-in request pushes the session's expiry (and cookie) forward when due.
app.use(async (req, res, next) => {
  if (req.method !== "GET" || !hasSessionCookie(req.headers.cookie)) return next();
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
});

export const pageCache = new PageCache();
const cacheSync = createCacheSync(pageCache, { log, dataVersion });

const handleRequest = withOutageAnswers(
  createRequestHandler(() => import("virtual:react-router/server-build"), env().NODE_ENV),
);

// React Router behind the page cache (anonymous public pages from memory, the rest rendered).
app.use(createCachedHandler(handleRequest, pageCache, { beforeLookup: cacheSync.checkOtherWriters }));

/** Mounted by start.ts ahead of the static files, so a cached page costs one map lookup. */
export const cacheHits = createCacheHits(pageCache, { beforeLookup: cacheSync.checkOtherWriters });

let housekeeping: Housekeeping | undefined;

/** Runs after migrations, before the server accepts requests. */
export async function startServices() {
  registerFeatureJobs();
  startMailDelivery();
  housekeeping ??= startHousekeeping();
  startScheduledBackups();
  const url = env().DATABASE_URL;
  if (engine() === "postgres" && url) cacheSync.startListening(url);
}

/** Runs on shutdown after the server stopped accepting and in-flight requests finished. */
export async function stopServices() {
  // The mail queue finishes the step it is in (a message being sent is not cut off).
  await stopMailDelivery();
  await housekeeping?.stop();
  housekeeping = undefined;
  // A backup in progress stops between two files and removes what it wrote.
  await stopScheduledBackups();
  await cacheSync.stop();
  await closeDatabase();
}

export { migrate, closeDatabase } from "~/platform/db.server";
export { setDraining } from "~/platform/health.server";

/** Runs once the server listens: prints the first-administrator link while none exists. */
export async function afterStart({ port }: { port: number }) {
  await announceSetupLinkIfNeeded({ port });
}

export { startMailDelivery, stopMailDelivery };
