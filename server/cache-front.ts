import type { Request as ExpressRequest, Response as ExpressResponse, NextFunction, RequestHandler } from "express";
import { hasBody } from "./body-limit";
import { cacheKeyFor, isStamped, isStorable, type CacheDecision } from "./cache-policy";
import type { PageCache } from "./page-cache";
import { encodePage, fillSlots, sendPage, type CachedPage, type Slot } from "./page-encoding";
import { requestUrl, sendResponse, toFetchRequest, type FetchHandler } from "./request-handler";

type Options = {
  /** Before each lookup: notices writes by other processes (server/cache-sync.ts). */
  beforeLookup?: () => void;
  /** What stamped pages carry (the contact form's stamp) in the copies the cache shares. */
  slot?: Slot;
};

type Looked = { url: URL; decision: CacheDecision };

/** What the front found for a request that it passed on, so the render does not look again. */
const looked = new WeakMap<ExpressRequest, Looked>();

function decide(req: ExpressRequest, url: URL): CacheDecision {
  return cacheKeyFor(req.method, url, { cookie: req.headers.cookie, authorization: req.headers.authorization });
}

function lookUp(req: ExpressRequest, res: ExpressResponse): Looked | null {
  const url = requestUrl(req);
  if (!url) {
    res.status(400).set("Cache-Control", "no-store").type("text/plain").send("Bad Request: malformed URL.");
    return null;
  }
  return { url, decision: decide(req, url) };
}

/**
 * The one cache lookup, ahead of the static files and the app: an anonymous request for a shared
 * page found in the page cache is answered here; everything else goes on, carrying what was found.
 */
export function cacheFront(cache: PageCache, options: Options = {}): RequestHandler {
  return (req, res, next) => {
    const url = requestUrl(req);
    // A URL the parser refuses is answered 400 by the render, after the method checks.
    if (!url) return next();
    const found = { url, decision: decide(req, url) };
    if (found.decision.key !== null) {
      options.beforeLookup?.();
      const entry = cache.get(found.decision.key);
      if (entry) {
        // A GET that came with a body: the answer does not wait for it, and the connection closes.
        if (hasBody(req)) res.setHeader("Connection", "close");
        return sendPage(req, res, entry, "HIT");
      }
    }
    looked.set(req, found);
    next();
  };
}

/**
 * Renders what the front did not answer (React Router behind `handle`) and stores shared pages:
 * concurrent misses of one page wait for one render; a shared page that fails to render (5xx) is
 * answered with its last good copy, marked STALE-IF-ERROR, and one that answers 404 or 410 has its
 * copies dropped (server/page-cache.ts keeps no copy older than the last content change). A stamped page rendered to be shared is
 * asked for its slot (`slot.header`), which every response then gets filled; rendered for one
 * visitor, it carries a stamp of its own (the hashes of its inline scripts cover that stamp).
 */
export function renderThroughCache(handle: FetchHandler, cache: PageCache, options: Options = {}): RequestHandler {
  const inFlight = new Map<string, { generation: number; done: Promise<CachedPage | undefined> }>();

  return async (req: ExpressRequest, res: ExpressResponse, next: NextFunction) => {
    try {
      const found = looked.get(req) ?? lookUp(req, res);
      if (!found) return;
      const { url, decision } = found;
      if (decision.key === null) {
        const response = await handle(toFetchRequest(req, res, url));
        return await sendResponse(req, res, response, cache.isAvailable ? "BYPASS" : "OFF");
      }
      const slot = options.slot && isStamped(url.pathname) ? options.slot : undefined;
      const key = decision.key;

      // While other instances' changes cannot be heard, a render already under way may predate one.
      const leader = inFlight.get(key);
      if (leader && cache.isAvailable && leader.generation === cache.generation) {
        const entry = await leader.done;
        if (entry) return sendPage(req, res, entry, "HIT");
      }
      let finish!: (entry: CachedPage | undefined) => void;
      const done = new Promise<CachedPage | undefined>((resolve) => (finish = resolve));
      const startedAt = cache.generation;
      inFlight.set(key, { generation: startedAt, done });
      try {
        // The page as everyone sees it: rendered for the key's URL (parameters the page does not
        // read left out) and as GET, so that a HEAD request stores a complete entry too.
        const request = toFetchRequest(req, res, new URL(key), "GET");
        if (slot) request.headers.set(slot.header, slot.slot);
        const response = await handle(request);
        // Gone (a post withdrawn, say, by a change this instance may not have heard of): its copies go too.
        if (response.status === 404 || response.status === 410) cache.evict(key);
        const stale = response.status >= 500 ? cache.stale(key) : undefined;
        if (stale) {
          await response.body?.cancel();
          return sendPage(req, res, stale.entry, "STALE-IF-ERROR", stale.ageSeconds);
        }
        // While other instances' changes cannot be heard, renders are kept only as last good copies.
        const fresh = cache.isAvailable ? "MISS" : "OFF";
        if (!isStorable(response.status, response.headers)) {
          return await sendResponse(req, res, slot ? await filled(response, slot) : response, fresh);
        }
        const body = Buffer.from(await response.arrayBuffer());
        const entry = await encodePage(response.status, response.headers, body, slot);
        if (cache.store(key, startedAt, entry)) {
          finish(entry);
          return sendPage(req, res, entry, fresh);
        }
        // Content changed while rendering: this visitor asked before the save finished, so the
        // render is fine for them, but it is not kept.
        const again = new Response(new Uint8Array(slot ? fillSlots(body, slot) : body), response);
        return await sendResponse(req, res, again, "STALE");
      } finally {
        finish(undefined);
        if (inFlight.get(key)?.done === done) inFlight.delete(key);
      }
    } catch (error) {
      next(error);
    }
  };
}

/** A rendered response of a stamped page with its slots filled. */
async function filled(response: Response, slot: Slot): Promise<Response> {
  if (!response.body) return response;
  const body = fillSlots(Buffer.from(await response.arrayBuffer()), slot);
  const headers = new Headers(response.headers);
  headers.delete("content-length");
  return new Response(new Uint8Array(body), { status: response.status, statusText: response.statusText, headers });
}

/** The front and the render together, as the tests mount them. */
export function cachedHandler(handle: FetchHandler, cache: PageCache, options: Options = {}): RequestHandler[] {
  return [cacheFront(cache, options), renderThroughCache(handle, cache, options)];
}
