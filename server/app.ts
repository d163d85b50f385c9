import "react-router";
import { createRequestHandler } from "@react-router/express";
import express from "express";
import { announceSetupLinkIfNeeded } from "~/utils/admin-setup.server";
import { hasSessionCookie, refreshSession } from "~/utils/auth.server";
import { CLIENT_IP_HEADER } from "~/utils/client-ip.server";
import { env } from "~/utils/env.server";
import { log } from "~/utils/log.server";
import { mediaRouter } from "./media";
import { clientIpHeader, crossSiteGuard } from "./security";

/**
 * The request handling that is bundled with the app build: everything that needs the app's own
 * modules (database, storage, auth) is mounted here so that it shares one copy of them.
 */
export const app = express.Router();

// Uploaded media first: plain files that need no session or cross-site checks.
app.use(mediaRouter);

app.use(crossSiteGuard({ publicOrigin: env().PUBLIC_ORIGIN }));

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

app.use(
  createRequestHandler({
    build: () => import("virtual:react-router/server-build"),
  }),
);

export { migrate, closeDatabase } from "~/utils/db.server";

/** Runs once the server listens: prints the first-administrator link while none exists. */
export async function afterStart({ port }: { port: number }) {
  await announceSetupLinkIfNeeded({ port });
}

export { startContactDelivery, stopContactDelivery } from "~/utils/contact-delivery.server";
