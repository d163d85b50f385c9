import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { newestSourceMtime } from "@server/sources";

const root = path.resolve(import.meta.dirname, "..");

/** Where the tests' production build lives (BUILD_DIR, else build-test). */
export const testBuildDir = () => process.env.BUILD_DIR ?? "build-test";

/** A production build with the test-only pages (app/routes.ts), as the browser tests use it. Returns the exit status. */
export function buildForTests(buildDir = testBuildDir()): number {
  return (
    spawnSync(process.execPath, [path.join(root, "node_modules/@react-router/dev/bin.js"), "build"], {
      cwd: root,
      env: { ...process.env, BUILD_DIR: buildDir, NODE_ENV: "production", STABLE_TEST_ROUTES: "1" },
      stdio: ["ignore", "ignore", "inherit"],
    }).status ?? 1
  );
}

/** Builds for the tests unless a build newer than every source file is already there. */
export function ensureTestBuild(buildDir = testBuildDir()) {
  const built = fs.statSync(path.join(root, buildDir, "server", "index.js"), { throwIfNoEntry: false });
  if (built && built.mtimeMs >= newestSourceMtime(root)) return buildDir;
  if (buildForTests(buildDir) !== 0) throw new Error("The test build failed; see the output above.");
  return buildDir;
}
