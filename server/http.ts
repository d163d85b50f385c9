import { randomUUID } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import type { ErrorRequestHandler, RequestHandler } from "express";
import { BASELINE_CSP } from "~/platform/csp.server";
import { pickEncoding } from "./page-encoding";
import { requestContext } from "./process-errors";

type Logger = {
  info: (msg: string, fields?: Record<string, unknown>) => void;
  error: (msg: string, fields?: Record<string, unknown>) => void;
};

const REQUEST_ID = /^[\w.:-]{1,128}$/;

/**
 * Gives every request an id (kept from X-Request-Id when a proxy set a sane one) and logs one JSON
 * line when it ends: method, path without the query (which may hold reset tokens), status, duration.
 */
export function requestLog(logger: Logger): RequestHandler {
  return (req, res, next) => {
    const started = process.hrtime.bigint();
    // Captured now: mounted middleware rewrites req.url while it handles the request.
    const urlPath = req.path;
    const incoming = req.get("x-request-id");
    const id = incoming && REQUEST_ID.test(incoming) ? incoming : randomUUID();
    res.locals.requestId = id;
    res.setHeader("X-Request-Id", id);
    let logged = false;
    const done = () => {
      if (logged) return;
      logged = true;
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      logger.info("request", {
        requestId: id,
        method: req.method,
        path: urlPath,
        status: res.writableFinished ? res.statusCode : 499,
        ms: Math.round(ms * 10) / 10,
        cache: res.getHeader("X-Cache"),
      });
    };
    res.once("finish", done);
    res.once("close", done);
    // Everything this request sets off runs in its context, so an uncaught error names it.
    requestContext.run({ requestId: id }, next);
  };
}

/**
 * Headers every response carries. HTML documents replace the baseline Content-Security-Policy
 * with one that lists the hashes of their own inline scripts (app/entry.server.tsx).
 */
export function securityHeaders({ csp }: { csp: boolean }): RequestHandler {
  return (req, res, next) => {
    if (csp) res.setHeader("Content-Security-Policy", BASELINE_CSP);
    res.setHeader("X-Content-Type-Options", "nosniff");
    res.setHeader("X-Frame-Options", "DENY");
    res.setHeader("Referrer-Policy", "strict-origin-when-cross-origin");
    res.setHeader("Cross-Origin-Opener-Policy", "same-origin");
    res.setHeader(
      "Permissions-Policy",
      "camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=(), browsing-topics=()",
    );
    if (req.secure) res.setHeader("Strict-Transport-Security", "max-age=63072000; includeSubDomains");
    next();
  };
}

/**
 * A response that sets a cookie is never stored by a shared cache (a CDN or proxy in front of the
 * site could hand a session to strangers): whatever it said before, it goes out `private, no-store`.
 */
export function noSharedCookies(): RequestHandler {
  return (_req, res, next) => {
    const writeHead = res.writeHead;
    res.writeHead = function (this: typeof res, ...args: Parameters<typeof res.writeHead>) {
      if (this.hasHeader("set-cookie")) this.setHeader("Cache-Control", "private, no-store");
      return writeHead.apply(this, args);
    } as typeof res.writeHead;
    next();
  };
}

/** Whatever failed, the visitor gets a plain message; the details go to the log with the request id. */
export function errorHandler(logger: Logger): ErrorRequestHandler {
  return (error: unknown, req, res, next) => {
    const status =
      typeof error === "object" &&
      error &&
      "status" in error &&
      typeof error.status === "number" &&
      error.status >= 400 &&
      error.status < 500
        ? error.status
        : 500;
    if (status >= 500) {
      logger.error("Unhandled request error", {
        requestId: res.locals.requestId,
        method: req.method,
        path: req.path,
        error,
      });
    }
    if (res.headersSent) {
      res.destroy();
      return;
    }
    void next;
    res.status(status);
    res.setHeader("Content-Type", "text/plain; charset=utf-8");
    res.setHeader("Cache-Control", "no-store");
    res.end(
      status >= 500 ? "Something went wrong. Please try again later." : status === 404 ? "Not found." : "Bad request.",
    );
  };
}

const TYPES: Record<string, string> = {
  ".js": "text/javascript; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".svg": "image/svg+xml",
  ".json": "application/json",
  ".html": "text/html; charset=utf-8",
  ".txt": "text/plain; charset=utf-8",
  ".xml": "application/xml",
};

/**
 * Serves the .br / .gz files written next to built assets at build time, so hashed assets are never
 * compressed per request. Falls through to the plain file when no variant fits.
 */
export function precompressed(root: string, { immutable }: { immutable: boolean }): RequestHandler {
  const variants = new Set<string>();
  const scan = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) scan(full);
      else if (/\.(br|gz)$/.test(entry.name)) variants.add(full);
    }
  };
  if (fs.existsSync(root)) scan(root);
  return (req, res, next) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    let file: string;
    try {
      file = path.join(root, decodeURIComponent(req.path));
    } catch {
      return next();
    }
    if (!file.startsWith(root + path.sep)) return next();
    const type = TYPES[path.extname(file)];
    if (!type) return next();
    const wanted = pickEncoding(req.get("accept-encoding"));
    const encoding = wanted === "br" && !variants.has(`${file}.br`) ? pickEncoding("gzip") : wanted;
    if (encoding === "identity" || !variants.has(`${file}.${encoding === "br" ? "br" : "gz"}`)) return next();
    res.setHeader("Content-Type", type);
    res.setHeader("Content-Encoding", encoding);
    res.setHeader("Vary", "Accept-Encoding");
    res.sendFile(
      `${file}.${encoding === "br" ? "br" : "gz"}`,
      { maxAge: immutable ? "1y" : "1h", immutable, etag: true },
      (error) => {
        if (error) next(error);
      },
    );
  };
}
