import { createHash, randomBytes } from "node:crypto";

const BASE = [
  "default-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self'",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
  // A post's video player, loaded only when the visitor clicks (app/news/video-link.ts names the same two).
  "frame-src https://www.youtube-nocookie.com https://player.vimeo.com",
];

/** Scripts only from this origin, plus exactly the inline scripts whose hashes are listed. */
export function contentSecurityPolicy(scriptHashes: readonly string[] = [], imageOrigins: readonly string[] = []) {
  const scripts = ["'self'", ...new Set(scriptHashes)].join(" ");
  // Media behind a CDN or public bucket (MEDIA_PUBLIC_URL) are images from that origin too.
  const base = imageOrigins.length
    ? BASE.map((d) => (d.startsWith("img-src ") ? `${d} ${imageOrigins.join(" ")}` : d))
    : BASE;
  return [`script-src ${scripts}`, ...base].join("; ");
}

/** For every response that does not compute its own: no inline script runs at all. */
export const BASELINE_CSP = contentSecurityPolicy();

/**
 * A fresh, unguessable marker for one render. React Router and React put it on the inline scripts
 * they emit (the `nonce` of ServerRouter and renderToPipeableStream); only those are hashed, then
 * the marker is taken out of the HTML again.
 */
export function newScriptMarker() {
  return randomBytes(18).toString("base64url");
}

const INLINE_SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script>/gi;

/**
 * CSP source expressions ('sha256-…') for the inline scripts of a document that carry this render's
 * marker. A script element that reached the HTML any other way (through content, say) is not
 * allowed, whatever it contains.
 */
export function inlineScriptHashes(html: string, marker: string): string[] {
  const hashes: string[] = [];
  const marked = ` nonce="${marker}"`;
  for (const match of html.matchAll(INLINE_SCRIPT)) {
    const attributes = match[1] ?? "";
    const body = match[2] ?? "";
    if (!attributes.includes(marked) || /\bsrc\s*=/i.test(attributes) || body === "") continue;
    hashes.push(`'sha256-${createHash("sha256").update(body, "utf8").digest("base64")}'`);
  }
  return hashes;
}

/** The document without the marker: the policy lists hashes, so cached copies need no nonce. */
export function removeScriptMarker(html: string, marker: string) {
  return html.replaceAll(` nonce="${marker}"`, "");
}
