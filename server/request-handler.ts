import type { Request as ExpressRequest, Response as ExpressResponse } from "express";
import { createReadableStreamFromReadable, writeReadableStreamToWritable } from "@react-router/node";
import { checkedBody } from "./body-limit";

export type FetchHandler = (request: Request) => Promise<Response>;

/**
 * The origin the request came to. The host check has already refused hosts other than the
 * configured ones, except on /healthz, which any host may ask for: an unusable host becomes localhost.
 */
export function requestOrigin(req: ExpressRequest) {
  const origin = `${req.protocol}://${req.host ?? "localhost"}`;
  return URL.canParse(origin) ? new URL(origin).origin : `${req.protocol}://localhost`;
}

/** The request's URL; a path the URL parser refuses cannot name a page (400 from the caller). */
export function requestUrl(req: ExpressRequest): URL | null {
  const url = `${requestOrigin(req)}${req.originalUrl}`;
  return URL.canParse(url) ? new URL(url) : null;
}

/**
 * The Fetch API request React Router expects, built from Express's (as @react-router/express does).
 * It is aborted when the response closes before it was written, or before the request's body
 * arrived (a body that took too long: server/body-timeout.ts).
 */
export function toFetchRequest(req: ExpressRequest, res: ExpressResponse, url: URL, method = req.method): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (Array.isArray(value)) for (const v of value) headers.append(name, v);
    else if (value !== undefined) headers.set(name, value);
  }
  const controller = new AbortController();
  res.on("close", () => {
    if (!res.writableFinished || !req.complete) controller.abort();
  });
  const init: RequestInit & { duplex?: "half" } = { method, headers, signal: controller.signal };
  if (method !== "GET" && method !== "HEAD") {
    // A form body was read and checked by bodyLimits; an admin upload streams on to its parser.
    const checked = checkedBody(req);
    if (checked) init.body = new Uint8Array(checked);
    else {
      init.body = createReadableStreamFromReadable(req);
      init.duplex = "half";
    }
  }
  return new Request(url.href, init);
}

/** A cookie set over HTTPS is never sent back over plain HTTP, whichever part of the app set it. */
export function secureCookie(cookie: string) {
  return /;\s*secure\s*(;|$)/i.test(cookie) ? cookie : `${cookie}; Secure`;
}

function applyHeaders(req: ExpressRequest, res: ExpressResponse, headers: Headers) {
  headers.forEach((value, name) => {
    if (name !== "set-cookie") res.setHeader(name, value);
  });
  // Middleware before us (the rolling session) may have set cookies already: keep them.
  for (const cookie of headers.getSetCookie()) res.append("Set-Cookie", req.secure ? secureCookie(cookie) : cookie);
}

/** Streams a rendered response (one nobody shares: `private, no-cache` unless it says otherwise). */
export async function sendResponse(
  req: ExpressRequest,
  res: ExpressResponse,
  response: Response,
  cacheStatus?: string,
) {
  if (res.destroyed || res.writableEnded) {
    await response.body?.cancel();
    return;
  }
  res.statusMessage = response.statusText;
  res.status(response.status);
  applyHeaders(req, res, response.headers);
  if (!response.headers.has("cache-control")) res.setHeader("Cache-Control", "private, no-cache");
  if (cacheStatus) res.setHeader("X-Cache", cacheStatus);
  if (response.body) await writeReadableStreamToWritable(response.body, res);
  else res.end();
}
