import type { NextFunction, Request as ExpressRequest, Response as ExpressResponse } from "express";
import { env } from "./env.server";

/**
 * The header through which Express hands the visitor's address to loaders and actions. Any value a
 * client sends under this name is replaced, so it can only carry what `attachClientIp` decided.
 */
export const CLIENT_IP_HEADER = "x-stable-client-ip";

/**
 * The client's address: the socket's, or, when TRUST_PROXY says N proxies stand in front of the
 * site, the address the outermost of them saw (N-th from the right in X-Forwarded-For). Entries
 * further left are written by the client and never believed.
 */
export function resolveClientIp(socketAddress: string | undefined, forwardedFor: string | string[] | undefined, trustedHops: number) {
  const socket = normalise(socketAddress ?? "") || "unknown";
  if (trustedHops <= 0) return socket;
  const chain = (Array.isArray(forwardedFor) ? forwardedFor.join(",") : (forwardedFor ?? ""))
    .split(",")
    .map((s) => normalise(s.trim()))
    .filter(Boolean);
  // The socket peer is the first trusted hop; each further hop vouches for the next entry leftwards.
  return chain[chain.length - trustedHops] ?? chain[0] ?? socket;
}

function normalise(address: string) {
  return address.startsWith("::ffff:") ? address.slice(7) : address;
}

/** Express middleware, mounted before the request handler in server/app.ts. */
export function attachClientIp(req: ExpressRequest, _res: ExpressResponse, next: NextFunction) {
  req.headers[CLIENT_IP_HEADER] = resolveClientIp(req.socket.remoteAddress, req.headers["x-forwarded-for"], env().TRUST_PROXY);
  next();
}

/** The visitor's address for rate limits and logs, in any loader or action. */
export function clientIp(request: Request): string {
  return request.headers.get(CLIENT_IP_HEADER) || "unknown";
}
