import type { RequestHandler } from "express";
import { canonicalPath, hasVariants, matchPath } from "~/pages/page-match";

/** Percent-escapes of letters, digits and `-._~` decoded (RFC 3986 §6.2.2.2); every other escape kept. */
function decodeUnreserved(path: string) {
  return path.replace(/%([0-9A-Fa-f]{2})/g, (escape, hex: string) => {
    const c = String.fromCharCode(parseInt(hex, 16));
    return /[A-Za-z0-9\-._~]/.test(c) ? c : escape;
  });
}

/**
 * Case, trailing-slash and escaped variants of a public page or feed (`/DA`, `/horses/`,
 * `/Horses/Kongens-Aere`, `/hors%65s`) answer 301 to the page's own address, query string kept, so
 * each page has one address (one canonical URL, one cache entry) and variants cost no render. A
 * download's address is exact: its variants are not redirected.
 */
export function canonicalAddresses(): RequestHandler {
  return (req, res, next) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    const path = req.path;
    const decoded = decodeUnreserved(path);
    const target = canonicalPath(decoded) ?? (decoded !== path && hasVariants(matchPath(decoded)) ? decoded : null);
    if (!target) return next();
    const query = req.originalUrl.indexOf("?");
    const location = query === -1 ? target : `${target}${req.originalUrl.slice(query)}`;
    res.status(301).set({ Location: location, "Cache-Control": "public, max-age=3600" }).end();
  };
}
