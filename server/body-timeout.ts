import type { IncomingMessage, ServerOptions } from "node:http";
import type { RequestHandler, Response } from "express";
import { bodyRuleFor, hasBody } from "./body-limit";

export type BodyTimeouts = {
  /** How long a form body may take to arrive, and the period over which an upload's rate is measured. */
  windowMs: number;
  /** The slowest an upload may arrive, averaged over each period. */
  uploadMinBytesPerSecond: number;
  /** The largest upload (UPLOAD_MAX_BYTES): the server's own request timeout must leave room for it. */
  uploadMaxBytes: number;
};

const TOO_SLOW = "The request took too long to arrive. Nothing was saved.";

/**
 * Bounds the time a request body may take (slowloris-style bodies hold a connection and its memory
 * for as long as they trickle): a form must arrive within `windowMs`; an upload must keep up at
 * least `uploadMinBytesPerSecond` over every such period. Past that the answer is 408, the
 * connection closes, and whatever was reading the body sees it end (nothing is saved).
 */
export function bodyDeadlines({ windowMs, uploadMinBytesPerSecond }: BodyTimeouts): RequestHandler {
  return (req, res, next) => {
    if (!hasBody(req)) return next();
    const upload = req.method === "POST" && bodyRuleFor(req.path) === "upload";
    const socket = req.socket;
    let readAtStart = socket.bytesRead;
    const check = () => {
      if (req.complete || res.writableEnded) return stop();
      const read = socket.bytesRead - readAtStart;
      readAtStart = socket.bytesRead;
      if (upload && read >= (uploadMinBytesPerSecond * windowMs) / 1000) return;
      stop();
      timedOut(req, res);
    };
    const timer = setInterval(check, windowMs);
    timer.unref();
    const stop = () => clearInterval(timer);
    req.once("end", stop);
    res.once("close", stop);
    next();
  };
}

function timedOut(req: IncomingMessage, res: Response) {
  const socket = req.socket;
  if (!res.headersSent) {
    res.status(408).set({ "Cache-Control": "no-store", Connection: "close" }).type("text/plain").send(TOO_SLOW);
  }
  // Whatever still arrives is read and thrown away for a moment, so the client reads the answer
  // rather than a reset connection; then the connection goes.
  req.resume();
  setTimeout(() => socket.destroy(), 1000).unref();
}

/**
 * The HTTP server's own limits: headers within 20 s; a whole request within the longest an upload
 * of the largest size may take at the minimum rate (and the headers' time); an idle connection (nothing read or written)
 * closed after two minutes; timeouts checked every 2 s (Node's default is every 30 s).
 */
export function serverTimeouts({ windowMs, uploadMinBytesPerSecond, uploadMaxBytes }: BodyTimeouts): ServerOptions & {
  idleMs: number;
} {
  const headersTimeout = 20_000;
  const longestUploadMs = Math.ceil((uploadMaxBytes / uploadMinBytesPerSecond) * 1000) + windowMs;
  return {
    headersTimeout,
    requestTimeout: Math.max(windowMs, longestUploadMs) + headersTimeout,
    connectionsCheckingInterval: 2_000,
    idleMs: 120_000,
  };
}
