import type { NextFunction, Request, Response } from "express";
import { CLIENT_IP_HEADER } from "~/platform/client-ip.server";

const SAFE_METHODS = new Set(["GET", "HEAD"]);

/**
 * Refuses cross-site writes and anything but GET/HEAD/POST (OPTIONS included: the site answers no
 * cross-origin requests, so there is nothing to pre-flight; the 405 is an ordinary answer, logged
 * with the request at info). A browser tells us where a request
 * comes from with Sec-Fetch-Site (modern browsers) and Origin (every POST); when either says
 * another site, the request is refused before any action runs. Requests without either header
 * (command-line clients, old browsers) carry no ambient browser credentials from another site.
 */
export function crossSiteGuard({ publicOrigin }: { publicOrigin?: string } = {}) {
  const allowedHosts = new Set<string>();
  if (publicOrigin) allowedHosts.add(new URL(publicOrigin).host);
  return (req: Request, res: Response, next: NextFunction) => {
    if (SAFE_METHODS.has(req.method)) return next();
    if (req.method !== "POST") {
      res.status(405).set("Allow", "GET, HEAD, POST").type("text/plain").send("Method Not Allowed");
      return;
    }
    const site = req.get("sec-fetch-site");
    if (site && site !== "same-origin" && site !== "none") return refuse(res);
    const origin = req.get("origin");
    if (origin !== undefined) {
      let host: string | null = null;
      try {
        host = origin === "null" ? null : new URL(origin).host;
      } catch {
        host = null;
      }
      // Host as the client addressed us (X-Forwarded-Host when TRUST_PROXY is set).
      const ownHost = req.app.enabled("trust proxy")
        ? (req.get("x-forwarded-host") ?? req.get("host"))
        : req.get("host");
      if (!host || (host !== ownHost && !allowedHosts.has(host))) return refuse(res);
    }
    next();
  };
}

function refuse(res: Response) {
  res.status(403).type("text/plain").send("Cross-site form submissions are not accepted.");
}

/**
 * Replaces whatever the client sent in the internal client-address header with the address Express
 * determined (honouring TRUST_PROXY), so rate limits cannot be dodged by sending the header.
 */
export function clientIpHeader() {
  return (req: Request, _res: Response, next: NextFunction) => {
    req.headers[CLIENT_IP_HEADER] = req.ip ?? "unknown";
    next();
  };
}
