import type { Request as ExpressRequest, Response as ExpressResponse, NextFunction } from "express";
import { createReadableStreamFromReadable, writeReadableStreamToWritable } from "@react-router/node";
import { checkedBody } from "./body-limit";
import { cacheKeyFor, etagMatches, isStorable, pickEncoding, type CachedPage, type PageCache } from "./page-cache";

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
function requestUrl(req: ExpressRequest): URL | null {
  const url = `${requestOrigin(req)}${req.originalUrl}`;
  return URL.canParse(url) ? new URL(url) : null;
}

/** The Fetch API request React Router expects, built from Express's (as @react-router/express does). */
export function toFetchRequest(req: ExpressRequest, res: ExpressResponse, url: URL): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (Array.isArray(value)) for (const v of value) headers.append(name, v);
    else if (value !== undefined) headers.set(name, value);
  }
  const controller = new AbortController();
  res.on("close", () => {
    if (!res.writableFinished) controller.abort();
  });
  const init: RequestInit & { duplex?: "half" } = { method: req.method, headers, signal: controller.signal };
  if (req.method !== "GET" && req.method !== "HEAD") {
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

/** Marks a last good copy served because rendering the page failed (RFC 5861 stale-if-error). */
export const STALE_IF_ERROR = "STALE-IF-ERROR";

function sendCached(
  req: ExpressRequest,
  res: ExpressResponse,
  entry: CachedPage,
  status: "HIT" | "MISS" | "OFF" | typeof STALE_IF_ERROR,
  ageSeconds?: number,
) {
  res.status(entry.status);
  for (const [name, value] of entry.headers) res.setHeader(name, value);
  res.setHeader("ETag", entry.etag);
  res.setHeader("Cache-Control", "public, no-cache");
  res.setHeader("Vary", "Accept-Encoding, Cookie");
  res.setHeader("X-Cache", status);
  if (ageSeconds !== undefined) res.setHeader("Age", ageSeconds);
  if (etagMatches(req.headers["if-none-match"], entry.etag)) {
    res.status(304).end();
    return;
  }
  const encoding = pickEncoding(req.headers["accept-encoding"]);
  const body = encoding === "br" ? entry.br : encoding === "gzip" ? entry.gzip : entry.body;
  if (encoding !== "identity") res.setHeader("Content-Encoding", encoding);
  res.setHeader("Content-Length", body.length);
  if (req.method === "HEAD") res.end();
  else res.end(body);
}

async function sendResponse(req: ExpressRequest, res: ExpressResponse, response: Response, cacheStatus?: string) {
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

/** The request's cache key (null when it may not be shared) and the servable entry, if any. */
function lookup(req: ExpressRequest, url: URL, cache: PageCache, beforeLookup?: () => void) {
  const decision = cacheKeyFor(req.method, url, {
    cookie: req.headers.cookie,
    authorization: req.headers.authorization,
  });
  if (decision.key === null) return { key: null, entry: undefined };
  beforeLookup?.();
  return { key: decision.key, entry: cache.get(decision.key) };
}

/**
 * Answers cache hits before anything else runs (mounted ahead of the static files); everything else
 * passes on.
 */
export function createCacheHits(cache: PageCache, options: { beforeLookup?: () => void } = {}) {
  return (req: ExpressRequest, res: ExpressResponse, next: NextFunction) => {
    const url = requestUrl(req);
    const { entry } = url ? lookup(req, url, cache, options.beforeLookup) : { entry: undefined };
    if (entry) sendCached(req, res, entry, "HIT");
    else next();
  };
}

/**
 * Serves React Router through the page cache: shared public pages come from memory (with an ETag
 * and pre-compressed variants); everything else is rendered for the request and streamed. When a
 * shared page fails to render (5xx) its last good copy is served, marked STALE-IF-ERROR.
 */
export function createCachedHandler(
  handle: FetchHandler,
  cache: PageCache,
  options: { beforeLookup?: () => void } = {},
) {
  return async (req: ExpressRequest, res: ExpressResponse, next: NextFunction) => {
    try {
      const url = requestUrl(req);
      if (!url) {
        res.status(400).set("Cache-Control", "no-store").type("text/plain").send("Bad Request: malformed URL.");
        return;
      }
      const { key, entry } = lookup(req, url, cache, options.beforeLookup);
      if (entry) return sendCached(req, res, entry, "HIT");
      const request = toFetchRequest(req, res, url);
      if (key === null) {
        return await sendResponse(req, res, await handle(request), cache.isAvailable ? "BYPASS" : "OFF");
      }

      const startedAt = cache.generation;
      // HEAD renders no body; render the page as GET so the stored entry is complete.
      const render =
        req.method === "HEAD"
          ? new Request(request.url, { headers: request.headers, signal: request.signal })
          : request;
      const response = await handle(render);
      const stale = response.status >= 500 ? cache.stale(key) : undefined;
      if (stale) {
        await response.body?.cancel();
        return sendCached(req, res, stale.entry, STALE_IF_ERROR, stale.ageSeconds);
      }
      // While other instances' changes cannot be heard, renders are kept only as last good copies.
      const fresh = cache.isAvailable ? "MISS" : "OFF";
      if (!isStorable(response.status, response.headers)) return await sendResponse(req, res, response, fresh);
      const body = Buffer.from(await response.arrayBuffer());
      const stored = await cache.store(key, startedAt, response.status, response.headers, body);
      if (stored) return sendCached(req, res, stored, fresh);
      // Content changed while rendering: this visitor asked before the save finished, so the
      // render is fine for them, but it is not kept.
      return await sendResponse(
        req,
        res,
        new Response(req.method === "HEAD" ? null : body, { status: response.status, headers: response.headers }),
        "STALE",
      );
    } catch (error) {
      next(error);
    }
  };
}
