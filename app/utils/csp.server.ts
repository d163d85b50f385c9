import { createHash } from "node:crypto";

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
];

/** Scripts only from this origin, plus exactly the inline scripts whose hashes are listed. */
export function contentSecurityPolicy(scriptHashes: readonly string[] = []) {
  const scripts = ["'self'", ...new Set(scriptHashes)].join(" ");
  return [`script-src ${scripts}`, ...BASE].join("; ");
}

/** For every response that does not compute its own: no inline script runs at all. */
export const BASELINE_CSP = contentSecurityPolicy();

// React escapes "<" in text and attributes, so the only <script> tags in a rendered document are
// the ones the app and React Router emit; their bodies are hashed exactly as the browser will.
const INLINE_SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script>/gi;

/** CSP source expressions ('sha256-…') for every inline script in an HTML document. */
export function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = [];
  for (const match of html.matchAll(INLINE_SCRIPT)) {
    const attributes = match[1] ?? "";
    const body = match[2] ?? "";
    if (/\bsrc\s*=/i.test(attributes) || body === "") continue;
    hashes.push(`'sha256-${createHash("sha256").update(body, "utf8").digest("base64")}'`);
  }
  return hashes;
}
