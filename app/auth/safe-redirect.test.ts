import { describe, expect, it } from "vitest";
import { safeRedirect } from "./safe-redirect";

const SITE = "https://stald.example";

/** Where a browser on the site goes with `Location: value` (the WHATWG URL parser, as browsers use it). */
function landsOn(value: string) {
  return new URL(value, `${SITE}/auth`).origin;
}

describe("safeRedirect", () => {
  it.each([
    "/.//evil.test/phish",
    "/%2e//evil.test/x",
    "/%2E//evil.test/x",
    "/./%2e/..//evil.test",
    "/a/..//evil.test",
    "/%2F%2Fevil.test",
    "/\\evil.test",
    "/%5Cevil.test",
    "/%5C%5Cevil.test",
    "/\t/evil.test",
    "/\n/evil.test",
    "/\r\n/evil.test",
    "/ /evil.test",
    "//evil.test",
    "///evil.test",
    "https:evil.test",
    "https://evil.test/",
    "http:/evil.test",
    "javascript:alert(1)",
    "data:text/html,<script>alert(1)</script>",
    "\\\\evil.test",
    " /admin",
    "evil.test",
    "/admin\u0000//evil.test",
    "/..//..//evil.test",
    "/.%2e/%2e%2e//evil.test",
    "/%09/evil.test",
    "/admin/../../..//evil.test",
  ])("keeps %j on the site", (value) => {
    const result = safeRedirect(value);
    expect(result.startsWith("/")).toBe(true);
    expect(result.startsWith("//")).toBe(false);
    expect(result).not.toMatch(/[\\\t\r\n]/);
    expect(landsOn(result)).toBe(SITE);
  });

  it("keeps ordinary paths, their query and fragment", () => {
    expect(safeRedirect("/admin/horses")).toBe("/admin/horses");
    expect(safeRedirect("/admin?tab=team#edit")).toBe("/admin?tab=team#edit");
    expect(safeRedirect("/admin/./horses")).toBe("/admin/horses");
    expect(safeRedirect("/%2F%2Fevil.test")).toBe("/%2F%2Fevil.test");
  });

  it("answers the fallback for anything that would normalise to another host", () => {
    expect(safeRedirect("/.//evil.test/phish")).toBe("/");
    expect(safeRedirect("/%2e//evil.test", "")).toBe("");
    expect(safeRedirect(null)).toBe("/");
    expect(safeRedirect(undefined, "/admin")).toBe("/admin");
    expect(safeRedirect("/" + "a".repeat(5000))).toBe("/");
  });
});
