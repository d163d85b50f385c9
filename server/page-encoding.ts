import { createHash } from "node:crypto";
import { Readable, Writable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { promisify } from "node:util";
import zlib from "node:zlib";
import type { Request, Response } from "express";

const gzip = promisify(zlib.gzip);
const deflateRaw = promisify(zlib.deflateRaw);

/**
 * A value put into every response at the edge: a render asked for it (its request carries `header`
 * set to `slot`) holds `slot` in its place, and each occurrence is replaced by a fresh `fill()` (the
 * contact form's stamp, app/contact/form-stamp.server.ts).
 */
export type Slot = { slot: string; header: string; fill: () => string };

/** A stored page: its bytes once, and compressed once, ready to be written as they are. */
export type CachedPage = {
  status: number;
  headers: [string, string][];
  /** The stored bytes: the page, or the parts around its slots. */
  body: Buffer;
  etag: string;
  /** Brotli at its best quality, once the page cache has made it in the background; until then, null (gzip is sent). */
  br: Buffer | null;
  gzip: Buffer;
  /** A page with slots: its parts between them, raw-deflated (see stampedGzip), and what fills them; no br, no ETag. */
  stamped?: { parts: Buffer[]; deflated: Buffer[]; fill: () => string };
};

/** What a response says of where it came from (X-Cache, in the request log). */
export type CacheStatus = "HIT" | "MISS" | "OFF" | "STALE" | "BYPASS" | "STALE-IF-ERROR";

const DROPPED_HEADERS = ["content-length", "etag", "cache-control", "vary", "date"];

/** The window brotli needs for a body of this size (a 4 MB window for a 60 kB page is memory for nothing). */
function brotliWindow(length: number) {
  return Math.min(24, Math.max(10, Math.ceil(Math.log2(length + 1))));
}

/**
 * Encodes a rendered page for storing: a weak ETag and gzip, which is all its first answer waits
 * for (brotli at its best quality takes seconds on a large page: server/page-cache.ts adds it in the
 * background with bestCompression()), or, for a page whose body holds `slot`, the parts around each
 * occurrence, deflated separately so that a response can be assembled around any value without
 * compressing again.
 */
export async function encodePage(status: number, headers: Headers, body: Buffer, slot?: Slot): Promise<CachedPage> {
  const kept: [string, string][] = [];
  headers.forEach((value, name) => {
    if (!DROPPED_HEADERS.includes(name)) kept.push([name, value]);
  });
  const parts = slot ? splitAt(body, Buffer.from(slot.slot)) : [body];
  if (slot && parts.length > 1) {
    const deflated = await Promise.all(
      parts.map((part, i) =>
        deflateRaw(part, {
          level: 9,
          // Every part but the last ends byte-aligned and with an empty dictionary (a full flush).
          finishFlush: i < parts.length - 1 ? zlib.constants.Z_FULL_FLUSH : zlib.constants.Z_FINISH,
        }),
      ),
    );
    const empty = Buffer.alloc(0);
    return {
      status,
      headers: kept,
      body,
      etag: "",
      br: null,
      gzip: empty,
      stamped: { parts, deflated, fill: slot.fill },
    };
  }
  // zlib's default level: a tenth of level 9's time on some pages for a few per cent more bytes, and
  // once brotli is ready only browsers without it get these.
  const gz = await gzip(body, { level: zlib.constants.Z_DEFAULT_COMPRESSION });
  const etag = `W/"${createHash("sha256").update(body).digest("base64url").slice(0, 27)}"`;
  return { status, headers: kept, body, etag, br: null, gzip: gz };
}

/** How much of a body brotli is given at a time: an abort is noticed between two slices. */
const SLICE = 64 * 1024;

/**
 * Past this size a body is no page a person reads (the pages stay under 600 KB; the sitemap of a big
 * yard is megabytes): brotli's best quality would take over a second of a core and some 30 MB of
 * memory for it, quality 6 takes 10 ms and 5 MB for a third more bytes (decision 0315).
 */
export const LARGE_BODY = 1024 * 1024;
const LARGE_BODY_QUALITY = 6;

/** The brotli quality a stored body is compressed at: the best, but for a large body. */
export const brotliQuality = (length: number) => (length > LARGE_BODY ? LARGE_BODY_QUALITY : 11);

/**
 * A stored page's brotli variant at the best quality: sent many times, it saves a tenth of a page's
 * bytes over quality 9, which keeps a page's answer within the first round trip of a new connection
 * (decision 0165), but takes seconds on a page of megabytes (decision 0300), so a large body gets
 * a fast quality. `signal` stops it between two slices of the body (the page was dropped meanwhile).
 */
export async function bestCompression(body: Buffer, signal?: AbortSignal): Promise<Buffer> {
  const chunks: Buffer[] = [];
  const slices = function* () {
    for (let at = 0; at < body.length; at += SLICE) yield body.subarray(at, at + SLICE);
  };
  await pipeline(
    Readable.from(slices(), { objectMode: false }),
    zlib.createBrotliCompress({
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: brotliQuality(body.length),
        [zlib.constants.BROTLI_PARAM_LGWIN]: brotliWindow(body.length),
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length,
      },
    }),
    new Writable({
      write(chunk: Buffer, _encoding, done) {
        chunks.push(chunk);
        done();
      },
    }),
    { signal },
  );
  return Buffer.concat(chunks);
}

/** The parts of `body` around each occurrence of `slot` (one part when there is none). */
export function splitAt(body: Buffer, slot: Buffer): Buffer[] {
  const parts: Buffer[] = [];
  let from = 0;
  for (let at = body.indexOf(slot); at !== -1; at = body.indexOf(slot, from)) {
    parts.push(body.subarray(from, at));
    from = at + slot.length;
  }
  parts.push(body.subarray(from));
  return parts;
}

const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff]);

/**
 * A gzip member of the parts with `value` between them, without compressing anything: each part
 * was deflated on its own and (but the last) ends with a full flush, so after it a stored block
 * holding `value` and then the next part's blocks follow at a byte boundary, and no part refers
 * back into another (RFC 1951 §3.2.4; RFC 1952 for the header, CRC-32 and length).
 */
function stampedGzip(parts: Buffer[], deflated: Buffer[], value: Buffer): Buffer {
  const stored = Buffer.alloc(5);
  stored.writeUInt16LE(value.length, 1);
  stored.writeUInt16LE(~value.length & 0xffff, 3);
  const chunks: Buffer[] = [GZIP_HEADER];
  let crc = 0;
  let size = 0;
  parts.forEach((part, i) => {
    if (i > 0) {
      chunks.push(stored, value);
      crc = zlib.crc32(value, crc);
      size += value.length;
    }
    chunks.push(deflated[i]!);
    crc = zlib.crc32(part, crc);
    size += part.length;
  });
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc >>> 0, 0);
  trailer.writeUInt32LE(size >>> 0, 4);
  chunks.push(trailer);
  return Buffer.concat(chunks);
}

/** Every occurrence of `slot` in a rendered body replaced by one fresh value; the body as it is without one. */
export function fillSlots(body: Buffer, slot: Slot): Buffer {
  const parts = splitAt(body, Buffer.from(slot.slot));
  if (parts.length === 1) return body;
  const value = Buffer.from(slot.fill());
  return Buffer.concat(parts.flatMap((part, i) => (i ? [value, part] : [part])));
}

/** Weak validator comparison (RFC 9110 §13.1.2): any listed tag that matches, or *. */
export function etagMatches(ifNoneMatch: string | undefined, etag: string) {
  if (!ifNoneMatch) return false;
  const bare = etag.replace(/^W\//, "");
  return ifNoneMatch.split(",").some((t) => {
    const tag = t.trim();
    return tag === "*" || tag.replace(/^W\//, "") === bare;
  });
}

/** Picks the stored variant for an Accept-Encoding header: brotli, else gzip, else identity. */
export function pickEncoding(
  acceptEncoding: string | undefined,
  offered: readonly ("br" | "gzip")[] = ["br", "gzip"],
): "br" | "gzip" | "identity" {
  const accepted = new Map<string, number>();
  for (const part of (acceptEncoding ?? "").split(",")) {
    const [name, ...params] = part.trim().toLowerCase().split(";");
    if (!name) continue;
    const q = params.map((p) => /^\s*q=([\d.]+)/.exec(p)?.[1]).find(Boolean);
    accepted.set(name, q === undefined ? 1 : Number(q));
  }
  const wants = (name: string) => (accepted.get(name) ?? accepted.get("*") ?? 0) > 0;
  return offered.find(wants) ?? "identity";
}

/**
 * If-Modified-Since, for a page that says when it was made (the calendar feeds); If-None-Match
 * wins when both are sent (RFC 9110 §13.1.3).
 */
function unmodifiedSince(req: Request, entry: CachedPage) {
  const since = req.headers["if-modified-since"];
  const made = entry.headers.find(([name]) => name === "last-modified")?.[1];
  if (!since || !made || req.headers["if-none-match"]) return false;
  const [a, b] = [Date.parse(since), Date.parse(made)];
  return Number.isFinite(a) && Number.isFinite(b) && b <= a;
}

/**
 * Writes a stored page. A shared page says `public, no-cache` with its ETag (304 when it matches);
 * a stamped page is different in every response: `private, no-cache`, no validator, never a 304.
 */
export function sendPage(req: Request, res: Response, entry: CachedPage, status: CacheStatus, ageSeconds?: number) {
  if (res.destroyed || res.headersSent) return;
  res.status(entry.status);
  for (const [name, value] of entry.headers) res.setHeader(name, value);
  res.setHeader("Vary", "Accept-Encoding, Cookie");
  res.setHeader("X-Cache", status);
  if (ageSeconds !== undefined) res.setHeader("Age", ageSeconds);
  let body: Buffer;
  let encoding: "br" | "gzip" | "identity";
  if (entry.stamped) {
    res.setHeader("Cache-Control", "private, no-cache");
    encoding = pickEncoding(req.headers["accept-encoding"], ["gzip"]);
    const { parts, deflated, fill } = entry.stamped;
    const value = Buffer.from(fill());
    body =
      encoding === "gzip"
        ? stampedGzip(parts, deflated, value)
        : Buffer.concat(parts.flatMap((part, i) => (i ? [value, part] : [part])));
  } else {
    res.setHeader("ETag", entry.etag);
    res.setHeader("Cache-Control", "public, no-cache");
    if (etagMatches(req.headers["if-none-match"], entry.etag) || unmodifiedSince(req, entry)) {
      res.status(304).end();
      return;
    }
    encoding = pickEncoding(req.headers["accept-encoding"], entry.br ? ["br", "gzip"] : ["gzip"]);
    body = encoding === "br" && entry.br ? entry.br : encoding === "gzip" ? entry.gzip : entry.body;
  }
  if (encoding !== "identity") res.setHeader("Content-Encoding", encoding);
  res.setHeader("Content-Length", body.length);
  if (req.method === "HEAD") res.end();
  else res.end(body);
}
