import type { Request as ExpressRequest, Response as ExpressResponse, NextFunction } from "express";
import { createReadableStreamFromReadable, writeReadableStreamToWritable } from "@react-router/node";
import { cacheKeyFor, etagMatches, isStorable, pickEncoding, type CachedPage, type PageCache } from "./page-cache";

export type FetchHandler = (request: Request) => Promise<Response>;

/** The Fetch API request React Router expects, built from Express's (as @react-router/express does). */
export function toFetchRequest(req: ExpressRequest, res: ExpressResponse): Request {
  const url = new URL(`${req.protocol}://${req.get("host") ?? "localhost"}${req.originalUrl}`);
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
    init.body = createReadableStreamFromReadable(req);
    init.duplex = "half";
  }
  return new Request(url.href, init);
}

function applyHeaders(res: ExpressResponse, headers: Headers) {
  headers.forEach((value, name) => {
    if (name !== "set-cookie") res.setHeader(name, value);
  });
  // Middleware before us (the rolling session) may have set cookies already: keep them.
  for (const cookie of headers.getSetCookie()) res.append("Set-Cookie", cookie);
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

async function sendResponse(res: ExpressResponse, response: Response, cacheStatus?: string) {
  if (res.destroyed || res.writableEnded) {
    await response.body?.cancel();
    return;
  }
  res.statusMessage = response.statusText;
  res.status(response.status);
  applyHeaders(res, response.headers);
  if (!response.headers.has("cache-control")) res.setHeader("Cache-Control", "private, no-cache");
  if (cacheStatus) res.setHeader("X-Cache", cacheStatus);
  if (response.body) await writeReadableStreamToWritable(response.body, res);
  else res.end();
}

function requestUrl(req: ExpressRequest) {
  return new URL(`${req.protocol}://${req.get("host") ?? "localhost"}${req.originalUrl}`);
}

/** The request's cache key (null when it may not be shared) and the servable entry, if any. */
function lookup(req: ExpressRequest, cache: PageCache, beforeLookup?: () => void) {
  const decision = cacheKeyFor(req.method, requestUrl(req), {
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
    const { entry } = lookup(req, cache, options.beforeLookup);
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
      const { key, entry } = lookup(req, cache, options.beforeLookup);
      if (entry) return sendCached(req, res, entry, "HIT");
      const request = toFetchRequest(req, res);
      if (key === null) return await sendResponse(res, await handle(request), cache.isAvailable ? "BYPASS" : "OFF");

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
      if (!isStorable(response.status, response.headers)) return await sendResponse(res, response, fresh);
      const body = Buffer.from(await response.arrayBuffer());
      const stored = await cache.store(key, startedAt, response.status, response.headers, body);
      if (stored) return sendCached(req, res, stored, fresh);
      // Content changed while rendering: this visitor asked before the save finished, so the
      // render is fine for them, but it is not kept.
      return await sendResponse(
        res,
        new Response(req.method === "HEAD" ? null : body, { status: response.status, headers: response.headers }),
        "STALE",
      );
    } catch (error) {
      next(error);
    }
  };
}
