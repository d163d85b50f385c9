import type { NextFunction, Request, Response } from "express";
import { pathTo } from "~/pages/registry";

/** The names this machine answers to when no PUBLIC_ORIGIN is configured. */
export const LOCAL_HOSTNAMES = ["localhost", "127.0.0.1", "[::1]"];

/** Paths any host may ask for: a load balancer's health check addresses the instance directly. */
const ANY_HOST_PATHS = new Set([pathTo("healthz")]);

/**
 * Which Host a request may name. With PUBLIC_ORIGIN only its host; without it only this machine's
 * own names on the port the request arrived on, so the embedded default works at
 * http://localhost:PORT and nothing a visitor writes in Host ever reaches links, canonical URLs or
 * cache keys (as Django's ALLOWED_HOSTS and Rails' host authorization do).
 */
export function hostAllowed(
  host: string | undefined,
  { publicHost, localPort }: { publicHost?: string; localPort?: number },
) {
  const given = normaliseHost(host);
  if (given === null) return false;
  if (publicHost) return given === publicHost;
  if (localPort === undefined) return false;
  return LOCAL_HOSTNAMES.some((name) => given === `${name}:${localPort}` || (localPort === 80 && given === name));
}

/** The host as a URL would hold it (lower case, default port dropped), or null when it is not a host. */
function normaliseHost(host: string | undefined): string | null {
  if (!host || host.length > 255 || !/^[\w.:[\]-]+$/.test(host)) return null;
  try {
    const url = new URL(`http://${host}`);
    // Anything with user info, a path or a changed form was not a plain host[:port].
    if (url.username || url.password || url.pathname !== "/" || url.host !== host.toLowerCase().replace(/:80$/, ""))
      return null;
    return url.host;
  } catch {
    return null;
  }
}

/** Refuses (400) requests naming another host before anything else reads the Host header. */
export function hostCheck({ publicOrigin }: { publicOrigin?: string }) {
  // An unparsable PUBLIC_ORIGIN stops the start with the variable's name (env.server.ts).
  const publicHost = publicOrigin && URL.canParse(publicOrigin) ? new URL(publicOrigin).host : undefined;
  return (req: Request, res: Response, next: NextFunction) => {
    if (ANY_HOST_PATHS.has(req.path)) return next();
    if (hostAllowed(req.host, { publicHost, localPort: req.socket.localPort })) return next();
    res
      .status(400)
      .set({ "Cache-Control": "no-store", Connection: "close" })
      .type("text/plain")
      .send("Bad Request: this site does not answer to that host name.");
  };
}

/** The start-up notice when PUBLIC_ORIGIN is unset: what is accepted, what is not, and what to set. */
export function localOnlyNotice(port: number) {
  const accepted = LOCAL_HOSTNAMES.map((name) => `http://${name}:${port}`).join(", ");
  return (
    `PUBLIC_ORIGIN is not set, so only ${accepted} are accepted; requests for any other host name ` +
    `(the server's public name or address included) get 400. Set PUBLIC_ORIGIN to the site's public address ` +
    `(e.g. https://stald.example) to serve it there.`
  );
}
