import fs from "node:fs";
import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

/**
 * The import graph of the site's own code: dependencies point one way (routes → features → models →
 * platform, db), so neither a module nor a folder ever ends up importing itself through others.
 * Only imports that run are edges: `import type` / `export type` are erased, and dynamic `import()`
 * loads on demand.
 */

const root = path.resolve(import.meta.dirname, "..");
const SOURCE_DIRS = ["app", "server", "db", "scripts"];
const ALIASES: Record<string, string> = { "~/": "app/", "@db/": "db/", "@tests/": "tests/", "@server/": "server/" };
/** The subsystems with a folder of their own in app/ that holds server code. */
const FEATURES = ["auth", "backup", "billing", "contact", "jobs", "mail", "media", "news", "toast", "trash"];
const EXTENSIONS = ["", ".ts", ".tsx", "/index.ts", "/index.tsx"];

function isTest(file: string) {
  return /\.(test|spec)\.tsx?$/.test(file);
}

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const rel = `${dir}/${entry.name}`;
    if (entry.isDirectory()) return sourceFiles(rel);
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith(".d.ts") && !isTest(rel) ? [rel] : [];
  });
}

/** The specifiers of a module's static imports and re-exports that exist at run time. */
export function runtimeImports(fileName: string, text: string): string[] {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, false);
  const found: string[] = [];
  for (const statement of source.statements) {
    if (ts.isImportDeclaration(statement) && !statement.importClause?.isTypeOnly) {
      if (ts.isStringLiteral(statement.moduleSpecifier)) found.push(statement.moduleSpecifier.text);
    } else if (ts.isExportDeclaration(statement) && !statement.isTypeOnly && statement.moduleSpecifier) {
      if (ts.isStringLiteral(statement.moduleSpecifier)) found.push(statement.moduleSpecifier.text);
    }
  }
  return found;
}

/** A specifier as a project file (root-relative), or null for a package or an asset address. */
export function resolveImport(from: string, specifier: string, exists: (file: string) => boolean): string | null {
  // `?url`, `?worker&url`: the bundler hands over the file's address; the module does not run here.
  if (specifier.includes("?")) return null;
  let base: string | null = null;
  for (const [alias, dir] of Object.entries(ALIASES)) {
    if (specifier.startsWith(alias)) base = dir + specifier.slice(alias.length);
  }
  if (specifier.startsWith(".")) base = path.posix.join(path.posix.dirname(from), specifier);
  if (base === null) return null;
  for (const ext of EXTENSIONS) {
    if (exists(base + ext)) return base + ext;
  }
  throw new Error(`${from}: cannot resolve "${specifier}"`);
}

export function importGraph(files: string[], read: (file: string) => string, exists: (file: string) => boolean) {
  const graph = new Map<string, string[]>();
  for (const file of files) {
    const targets = runtimeImports(file, read(file))
      .map((specifier) => resolveImport(file, specifier, exists))
      .filter((target): target is string => target !== null && /\.tsx?$/.test(target));
    graph.set(file, [...new Set(targets)]);
  }
  return graph;
}

/** The import cycles: strongly connected components of more than one module, or a module importing itself (Tarjan). */
export function cycles(graph: Map<string, string[]>): string[][] {
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];

  function visit(node: string) {
    index.set(node, counter);
    low.set(node, counter);
    counter++;
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (onStack.has(next)) {
        low.set(node, Math.min(low.get(node)!, index.get(next)!));
      }
    }
    if (low.get(node) === index.get(node)) {
      const component: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        component.push(member);
      } while (member !== node);
      if (component.length > 1 || (graph.get(node) ?? []).includes(node)) found.push(component.sort());
    }
  }

  for (const node of graph.keys()) if (!index.has(node)) visit(node);
  return found;
}

/** The folder-level graph: an edge from one folder to another when a module of the first imports one of the second. */
export function folderGraph(graph: Map<string, string[]>): Map<string, string[]> {
  const folders = new Map<string, Set<string>>();
  for (const [file, targets] of graph) {
    const from = path.posix.dirname(file);
    const edges = folders.get(from) ?? folders.set(from, new Set()).get(from)!;
    for (const target of targets) if (path.posix.dirname(target) !== from) edges.add(path.posix.dirname(target));
  }
  return new Map([...folders].map(([folder, edges]) => [folder, [...edges].sort()]));
}

const exists = (file: string) => fs.statSync(path.join(root, file), { throwIfNoEntry: false })?.isFile() ?? false;
const read = (file: string) => fs.readFileSync(path.join(root, file), "utf8");

describe("module boundaries", () => {
  const files = SOURCE_DIRS.flatMap(sourceFiles);
  const graph = importGraph(files, read, exists);

  it("reads the site's modules and their imports, the admin tabs' +shared parts included", () => {
    expect(files).toContain("app/root.tsx");
    expect(files).toContain("server/start.ts");
    expect(files).toContain("app/routes/admin/+shared/admin-forms.ts");
    expect(graph.get("server/start.ts")).toContain("app/platform/env.server.ts");
  });

  it("has no import cycle in app/, server/, db/ or scripts/", () => {
    const found = cycles(graph).map((component) => component.join(" ↔ "));
    expect(found, `Import cycles:\n${found.join("\n")}`).toEqual([]);
  });

  it("has no import cycle between folders", () => {
    const dir = path.posix.dirname;
    const found = cycles(folderGraph(graph)).map((folders) => {
      const inLoop = (from: string, to: string) =>
        dir(from) !== dir(to) && folders.includes(dir(from)) && folders.includes(dir(to));
      const edges = [...graph].flatMap(([file, targets]) =>
        targets.filter((t) => inLoop(file, t)).map((t) => `${file} → ${t}`),
      );
      return `${folders.join(" ↔ ")}:\n  ${edges.join("\n  ")}`;
    });
    expect(found, `Folders importing each other:\n${found.join("\n")}`).toEqual([]);
  });

  it("keeps the platform at the bottom: it imports only itself and db/", () => {
    expect(edgesFrom(["app/platform/"], (t) => !isUnder(t, ["app/platform/", "db/"]))).toEqual([]);
  });

  it("lets models import only models, the platform, the racing rules and db/", () => {
    expect(
      edgesFrom(["app/models/"], (t) => !isUnder(t, ["app/models/", "app/platform/", "app/racing/", "db/"])),
    ).toEqual([]);
  });

  it("keeps the racing rules and generic utilities free of the rest of the app", () => {
    expect(edgesFrom(["app/racing/"], (t) => !isUnder(t, ["app/racing/"]))).toEqual([]);
    expect(edgesFrom(["app/utils/"], (t) => !isUnder(t, ["app/utils/"]))).toEqual([]);
  });

  it("lets the background jobs import no feature: features register with them", () => {
    expect(edgesFrom(["app/jobs/"], (t) => !isUnder(t, ["app/jobs/", "app/models/", "app/platform/", "db/"]))).toEqual(
      [],
    );
  });

  it("never lets the platform, models, components or features import a route module", () => {
    const features = FEATURES.map((f) => `app/${f}/`);
    expect(
      edgesFrom(
        ["app/platform/", "app/models/", "app/components/", "app/racing/", "app/seo/", "app/i18n/", ...features],
        (t) => t.startsWith("app/routes/") || t === "app/root.tsx",
      ),
    ).toEqual([]);
  });

  it("never lets the platform, models or shared components import a feature's server code", () => {
    const featureServer = (t: string) => FEATURES.some((f) => t.startsWith(`app/${f}/`)) && t.includes(".server.");
    expect(edgesFrom(["app/platform/", "app/models/", "app/components/"], featureServer)).toEqual([]);
  });

  it("keeps the admin tabs' +shared parts to the admin tabs", () => {
    expect(
      files
        .filter((f) => !f.startsWith("app/routes/admin/"))
        .flatMap((file) =>
          (graph.get(file) ?? []).filter((t) => t.startsWith("app/routes/admin/+shared/")).map((t) => `${file} → ${t}`),
        ),
    ).toEqual([]);
  });

  it("keeps the app out of the Express layer: nothing in app/ imports server/", () => {
    expect(edgesFrom(["app/"], (t) => t.startsWith("server/"))).toEqual([]);
  });

  function edgesFrom(dirs: string[], forbidden: (target: string) => boolean) {
    return files
      .filter((f) => dirs.some((d) => f.startsWith(d)))
      .flatMap((file) => (graph.get(file) ?? []).filter(forbidden).map((t) => `${file} → ${t}`));
  }
});

function isUnder(file: string, dirs: string[]) {
  return dirs.some((d) => file.startsWith(d));
}

describe("the cycle check itself", () => {
  it("finds a cycle through three modules and a module importing itself, and ignores type-only imports", () => {
    const sources: Record<string, string> = {
      "app/a.ts": 'import { b } from "./b";\nimport type { D } from "./d";',
      "app/b.ts": 'export { c } from "~/c";',
      "app/c.ts": 'import "../app/a";',
      "app/d.ts": 'import type { A } from "./a";\nimport { d } from "./d";',
      "app/e.ts": 'import { a } from "./a";\nimport express from "express";',
    };
    const graph = importGraph(
      Object.keys(sources),
      (f) => sources[f]!,
      (f) => f in sources,
    );
    expect(cycles(graph)).toEqual([["app/a.ts", "app/b.ts", "app/c.ts"], ["app/d.ts"]]);
  });

  it("finds two folders importing each other where no module cycle exists, and ignores imports within a folder", () => {
    const graph = new Map([
      ["app/jobs/mail.ts", ["app/auth/mail.ts", "app/jobs/queue.ts"]],
      ["app/jobs/queue.ts", []],
      ["app/auth/reset.ts", ["app/jobs/queue.ts"]],
      ["app/auth/mail.ts", []],
      ["app/routes/admin/+shared/form.ts", ["app/models/horse.ts"]],
      ["app/models/horse.ts", []],
    ]);
    expect(cycles(graph)).toEqual([]);
    expect(folderGraph(graph).get("app/jobs")).toEqual(["app/auth"]);
    expect(cycles(folderGraph(graph))).toEqual([["app/auth", "app/jobs"]]);
  });

  it("refuses an import it cannot resolve rather than missing an edge", () => {
    expect(() =>
      importGraph(
        ["app/a.ts"],
        () => 'import "./missing";',
        () => false,
      ),
    ).toThrow(/cannot resolve/);
  });
});
