import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { BASELINE_CSP, contentSecurityPolicy, inlineScriptHashes } from "./csp.server";

const sha = (s: string) => `'sha256-${createHash("sha256").update(s).digest("base64")}'`;

describe("content security policy", () => {
  it("hashes exactly the inline scripts of a document, not external ones", () => {
    const html =
      '<head><script type="application/ld+json">{"a":1}</script></head><body><p>&lt;script&gt;</p>' +
      '<script>window.__ctx = {"x":"\\u003c/script>"};</script><script type="module" src="/assets/a.js"></script>' +
      '<script type="module" async="">import("/assets/entry.js");</script></body>';
    expect(inlineScriptHashes(html)).toEqual([
      sha('{"a":1}'),
      sha('window.__ctx = {"x":"\\u003c/script>"};'),
      sha('import("/assets/entry.js");'),
    ]);
  });

  it("allows scripts from the site and the listed hashes only, and forbids framing", () => {
    const policy = contentSecurityPolicy(["'sha256-abc'", "'sha256-abc'"]);
    expect(policy).toContain("script-src 'self' 'sha256-abc';");
    expect(policy).toContain("frame-ancestors 'none'");
    expect(policy).toContain("object-src 'none'");
    expect(BASELINE_CSP).toMatch(/script-src 'self';/);
    expect(/script-src[^;]*unsafe/.test(policy)).toBe(false);
  });
});
