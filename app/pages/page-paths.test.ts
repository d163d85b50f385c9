import fs from "node:fs";
import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { matchPath } from "./page-match";
import { languagesOf, pathOf, REGISTRY, type RegistryEntry } from "./registry";

/**
 * Every address of a registered page, feed or file is written once, in app/pages/registry.ts; the
 * code asks `pathTo()` for it. This finds an address written anywhere else in app/ or server/.
 */

const root = path.resolve(import.meta.dirname, "../..");

/** Where an address may be written out: the registry itself, and tests (which ask for addresses as a visitor does). */
const ALLOWED = (file: string) => file === "app/pages/registry.ts" || /\.(test|spec)\.tsx?$/.test(file);

/** The fixed part of each address up to its first parameter: "/horses/" of "/horses/:slug". */
function fixedParts(registry: readonly RegistryEntry[]): Set<string> {
  const parts = new Set<string>();
  for (const entry of registry) {
    for (const lang of languagesOf(entry)) {
      const pattern = pathOf(entry, {}, lang);
      const param = pattern.indexOf(":");
      if (param > 0) parts.add(pattern.slice(0, param));
    }
  }
  return parts;
}

/**
 * The registered addresses written in a module's string and template literals, as "line: text".
 * "/" alone is left out: it is as often a separator as the home page.
 */
export function addressLiterals(
  fileName: string,
  text: string,
  registry: readonly RegistryEntry[] = REGISTRY,
): string[] {
  const fixed = fixedParts(registry);
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const check = (node: ts.Node, literal: string) => {
    if (!literal.startsWith("/") || literal === "/") return;
    // The address ends at a query, a fragment or a space; a fixed part is what a `${slug}` or `+ slug` follows.
    const address = literal.split(/[?#\s]/, 1)[0]!;
    if (!fixed.has(address) && !matchPath(address, registry)) return;
    const { line } = source.getLineAndCharacterOfPosition(node.getStart(source));
    found.push(`${line + 1}: ${literal}`);
  };
  const visit = (node: ts.Node) => {
    if (ts.isStringLiteral(node) || ts.isTemplateLiteralToken(node)) check(node, node.text);
    else if (ts.isJsxText(node)) return;
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const rel = `${dir}/${entry.name}`;
    if (entry.isDirectory()) return sourceFiles(rel);
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith(".d.ts") && !ALLOWED(rel) ? [rel] : [];
  });
}

describe("page addresses", () => {
  it("are found wherever a literal writes one", () => {
    const code = [
      'const a = "/winners";',
      "const b = `/horses/${slug}`;",
      "const c = `${origin}/sitemap.xml`;",
      'const d = "/da/ejerskab";',
      "const e = `/horses/${slug}.ics`;",
      'const f = <a href="/runners.ics">x</a>;',
      'const g = "/news?page=2";',
      'const h = "/owners/horses/" + slug;',
      'const ok = ["/", "/admin/winners", "/media/horse-images/a.webp", "/owners/media/", "/horses-and-more", "Disallow: /auth"];',
    ].join("\n");
    expect(addressLiterals("sample.tsx", code)).toEqual([
      "1: /winners",
      "2: /horses/",
      "3: /sitemap.xml",
      "4: /da/ejerskab",
      "5: /horses/",
      "6: /runners.ics",
      "7: /news?page=2",
      "8: /owners/horses/",
    ]);
  });

  it("are written only in the registry: everything else asks pathTo() for them", () => {
    const written = ["app", "server"]
      .flatMap(sourceFiles)
      .flatMap((file) =>
        addressLiterals(file, fs.readFileSync(path.join(root, file), "utf8")).map((at) => `${file}:${at}`),
      );
    expect(written, `Addresses written outside app/pages/registry.ts:\n${written.join("\n")}`).toEqual([]);
  });
});
