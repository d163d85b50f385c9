import { describe, expect, it } from "vitest";
import { loader } from "./robots";

/** Whether a crawler may fetch `path` (RFC 9309: the longest matching rule decides, Allow on a tie). */
function allowed(robots: string, path: string) {
  const rules = robots
    .split("\n")
    .map((line) => /^(Allow|Disallow):\s*(\S+)$/.exec(line))
    .flatMap((m) => (m ? [{ allow: m[1] === "Allow", prefix: m[2]! }] : []))
    .filter((rule) => path.startsWith(rule.prefix))
    .sort((a, b) => b.prefix.length - a.prefix.length || Number(b.allow) - Number(a.allow));
  return rules[0]?.allow ?? true;
}

describe("robots.txt", () => {
  it("keeps the admin, sign-in and owners' pages out, and lets the ownership page in", async () => {
    const robots = await loader({ request: new Request("http://localhost/robots.txt") } as never).text();
    for (const path of ["/admin", "/auth", "/owners", "/owners/horses/nordlys", "/da/owners/settings"])
      expect(allowed(robots, path), path).toBe(false);
    for (const path of ["/", "/ownership", "/da/ejerskab", "/horses/nordlys"])
      expect(allowed(robots, path), path).toBe(true);
    expect(robots).toContain("Sitemap: http://localhost/sitemap.xml");
  });
});
