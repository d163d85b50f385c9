import "react-router";
import path from "node:path";
import compression from "compression";
import express, { type RequestHandler } from "express";
import { announceSetupLinkIfNeeded } from "~/auth/admin-setup.server";
import { userByCookie, withRequestSession } from "~/auth/auth.server";
import { startMailDelivery, stopMailDelivery } from "~/jobs/mail-delivery.server";
import { startScheduler, stopScheduler } from "~/jobs/scheduler.server";
import { closeDatabase, dataVersion, engine } from "~/platform/db.server";
import { env } from "~/platform/env.server";
import { startHousekeeping, type Housekeeping } from "~/jobs/housekeeping.server";
import { log } from "~/platform/log.server";
import { createCacheSync } from "./cache-sync";
import { registerFeatureJobs } from "./jobs";
import { mediaRouter } from "./media";
import { PageCache } from "./page-cache";
import { renderApp } from "./render-app";
import { FORM_STAMP_SLOT, FORM_STAMP_SLOT_HEADER, issueFormStamp } from "~/contact/form-stamp.server";
import { setDraining } from "~/platform/health.server";
import { canonicalAddresses } from "./address-variants";
import { bodyLimits, closeWhenBodyUnread } from "./body-limit";
import { bodyDeadlines, type BodyTimeouts } from "./body-timeout";
import { cacheFront, renderThroughCache } from "./cache-front";
import { hostCheck } from "./host-check";
import { errorHandler, noSharedCookies, precompressed, requestLog, securityHeaders } from "./http";
import type { Slot } from "./page-encoding";
import { clientIpHeader, crossSiteGuard } from "./security";
import { sessionRefresh } from "./session-refresh";
import { parseTrustProxy } from "./trust-proxy";

/**
 * The whole request path, in order (docs/architecture.md). This module is bundled with the app
 * build, so everything here shares one copy of the app's modules (database, storage, auth);
 * server/start.ts only checks the settings, loads this and listens.
 */

export const pageCache = new PageCache();
const cacheSync = createCacheSync(pageCache, { log, dataVersion });

/** The contact form's stamp, put into each response of a stamped page at the edge (app/pages/registry.ts). */
const formStamp: Slot = { slot: FORM_STAMP_SLOT, header: FORM_STAMP_SLOT_HEADER, fill: () => issueFormStamp() };

const renderPages = renderApp(() => import("virtual:react-router/server-build"), env().NODE_ENV);

/** The limits on how long a request body may take (server/body-timeout.ts), from the settings. */
export function bodyTimeouts(): BodyTimeouts {
  const config = env();
  return {
    windowMs: config.BODY_TIMEOUT_MS,
    uploadMinBytesPerSecond: config.UPLOAD_MIN_BYTES_PER_SECOND,
    uploadMaxBytes: config.UPLOAD_MAX_BYTES,
  };
}

/** The built client files: hashed assets (pre-compressed, immutable) and the public folder. */
function builtFiles(buildDir: string): RequestHandler[] {
  const assets = path.join(buildDir, "client/assets");
  const files = express.Router();
  // Hashed file names: a changed file gets a new name, so browsers may keep these forever.
  files.use("/assets", precompressed(assets, { immutable: true }));
  files.use("/assets", express.static(assets, { immutable: true, maxAge: "1y", fallthrough: false }));
  files.use(express.static(path.join(buildDir, "client"), { maxAge: "1h" }));
  return [files];
}

/** Whether the sender of an upload is an administrator (before the upload parser may read a large body). */
async function isAdmin(req: express.Request) {
  const user = await userByCookie(req.headers.cookie, { secure: req.secure }).catch(() => null);
  return !!user?.isAdmin;
}

/**
 * The site: `buildDir` serves the production build's files; in development `files` are Vite's
 * middlewares (which serve and transform the sources).
 */
export function createSite({ buildDir, files }: { buildDir?: string; files?: RequestHandler[] }) {
  const config = env();
  const site = express();
  site.disable("x-powered-by");
  // Behind a TLS-terminating proxy, TRUST_PROXY lets Express see HTTPS and the client's address.
  site.set("trust proxy", parseTrustProxy(config.TRUST_PROXY));
  let draining = false;

  // 1. One JSON log line per request when it ends, with its id.
  site.use(requestLog(log));
  // 2. Once stopping, every answer closes its connection.
  site.use((_req, res, next) => {
    if (draining) res.setHeader("Connection", "close");
    next();
  });
  // 3. Security headers (CSP off in development).
  site.use(securityHeaders({ csp: config.NODE_ENV !== "development" }));
  // 4. Before anything reads the Host header (cache keys, links) or a body: only the site's own hosts.
  site.use(hostCheck({ publicOrigin: config.PUBLIC_ORIGIN }));
  // 5. The page cache, looked up once: an anonymous request for a shared page found there is answered here.
  site.use(cacheFront(pageCache, { beforeLookup: cacheSync.checkOtherWriters }));
  // 6. A response that sets a cookie is never publicly cacheable.
  site.use(noSharedCookies());
  // 7. A body nobody read is not waited for; one that arrives too slowly is answered 408.
  site.use(closeWhenBodyUnread());
  site.use(bodyDeadlines(bodyTimeouts()));
  // 8. Case, trailing-slash and escaped variants of a public page: 301 to its address.
  site.use(canonicalAddresses());
  // 9. Rendered responses and plain files compressed (stored pages are compressed already).
  site.use(compression());
  // 10. Files: the build's (production) or Vite's (development).
  site.use(files ?? builtFiles(buildDir ?? "build"));
  // 11. Uploaded media: plain files that need no session or cross-site checks.
  site.use(mediaRouter);
  // 12. POST from another site → 403; methods other than GET, HEAD and POST → 405.
  site.use(crossSiteGuard({ publicOrigin: config.PUBLIC_ORIGIN }));
  // From here on the request's session is looked up once: the body limit, the action and the loaders share it.
  site.use((_req, _res, next) => withRequestSession(next));
  // 13. Every form body bounded before an action reads it; large uploads only from administrators.
  site.use(bodyLimits({ isAdmin }));
  // 14. The client's address, as TRUST_PROXY allows, for rate limits (whatever the client sent is replaced).
  site.use(clientIpHeader());
  // 15. Rolling sessions: a signed-in GET of a page pushes the session's expiry forward when due.
  site.use(sessionRefresh());
  // 16. React Router, through the page cache: a miss is rendered (and stored if it may be shared).
  site.use(renderThroughCache(renderPages, pageCache, { slot: formStamp }));
  // 17. An unexpected error: a plain 500 page, the details in the log.
  site.use(errorHandler(log));

  return {
    app: site,
    /** Stopping: answers close their connections and /healthz says 503. */
    setDraining() {
      draining = true;
      setDraining();
    },
  };
}

let housekeeping: Housekeeping | undefined;

/** Runs after migrations, before the server accepts requests. */
export async function startServices() {
  registerFeatureJobs();
  startMailDelivery();
  housekeeping ??= startHousekeeping();
  // The scheduled jobs the features registered: the 07:00 reminder, scheduled posts, backups.
  startScheduler();
  const url = env().DATABASE_URL;
  if (engine() === "postgres" && url) cacheSync.startListening(url);
}

/** Runs on shutdown after the server stopped accepting and in-flight requests finished. */
export async function stopServices() {
  // Pages still being compressed in the background: stopped, not waited for to the end.
  await pageCache.close();
  // The mail queue finishes the step it is in (a message being sent is not cut off).
  await stopMailDelivery();
  await housekeeping?.stop();
  housekeeping = undefined;
  // A backup in progress stops between two files and removes what it wrote; other runs finish.
  await stopScheduler();
  await cacheSync.stop();
  await closeDatabase();
}

export { migrate, closeDatabase } from "~/platform/db.server";
export { setDraining } from "~/platform/health.server";
export { log };
export { exitOnProgrammingErrors } from "./process-errors";
export { serverTimeouts } from "./body-timeout";

/** Runs once the server listens: prints the first-administrator link while none exists. */
export async function afterStart({ port }: { port: number }) {
  await announceSetupLinkIfNeeded({ port });
}
