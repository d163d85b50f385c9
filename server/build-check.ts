import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { childProcessEnv, env } from "~/platform/env.server";
import { newestSourceMtime } from "./sources";

/** The project's root: the nearest folder above this file with a package.json (this file may run from the build). */
function projectRoot() {
  for (let dir = path.dirname(fileURLToPath(import.meta.url)); ; dir = path.dirname(dir)) {
    if (fs.existsSync(path.join(dir, "package.json"))) return dir;
    if (path.dirname(dir) === dir) return process.cwd();
  }
}

export const root = projectRoot();

/** Where the build is (BUILD_DIR); start.js is server/start.ts compiled (server/compile-start.ts): what `npm start` runs. */
export function buildPaths() {
  const buildDir = path.resolve(root, env().BUILD_DIR);
  return {
    buildDir,
    serverBuild: path.join(buildDir, "server", "index.js"),
    compiledStart: path.join(buildDir, "server", "start.js"),
  };
}

/** Builds when there is no build yet or a source file is newer than it. */
export function ensureBuild() {
  const { serverBuild, compiledStart } = buildPaths();
  const stats = [serverBuild, compiledStart].map((f) => fs.statSync(f, { throwIfNoEntry: false }));
  const built = stats.every(Boolean) ? Math.min(...stats.map((s) => s!.mtimeMs)) : null;
  // The browser tests start many servers on one build made for them; an edit mid-run must not rebuild it.
  if (built !== null && env().STABLE_BUILD_CHECK === "off") return;
  if (built !== null && built >= newestSourceMtime(root)) return;
  console.log(built !== null ? "Sources changed since the last build; rebuilding…" : "No build yet; building…");
  const result = spawnSync(process.execPath, [path.join(root, "node_modules/@react-router/dev/bin.js"), "build"], {
    cwd: root,
    stdio: "inherit",
    env: childProcessEnv({ NODE_ENV: "production" }),
  });
  if (result.status !== 0) {
    console.error("The build failed; see the output above.");
    process.exit(1);
  }
}
