import os from "node:os";
import { configDefaults, defineConfig } from "vitest/config";
import tsconfigPaths from "vite-tsconfig-paths";

const include = ["{app,server,db,scripts}/**/*.test.{ts,tsx}"];
// *.pg.test.ts need a PostgreSQL server: they run when TEST_DATABASE_URL points at one.
const exclude = process.env.TEST_DATABASE_URL ? configDefaults.exclude : [...configDefaults.exclude, "**/*.pg.test.ts"];
/**
 * Files that replace a module (vi.mock), set the environment before their imports (vi.hoisted) or
 * need a module not yet loaded get a process of their own; the others share their worker's, which spares each file loading the
 * app again (docs/decisions/0266-test-files-share-their-worker.md).
 */
const ownProcess = [
  "app/routes/authorization.test.ts",
  "app/platform/public-read.server.test.ts",
  // What the server does before any feature registers with it.
  "server/jobs.test.ts",
];

export default defineConfig({
  plugins: [tsconfigPaths()],
  test: {
    environment: "node",
    // The database tests wait on disk and PostgreSQL as much as they compute: one worker more than
    // cores is fastest (2 cores: 148 s with one worker, 91 s with two, 75 s with three, 82 s with four).
    maxWorkers: os.availableParallelism() + 1,
    setupFiles: ["./tests/setup-env.ts"],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    projects: [
      { extends: true, test: { name: "own-process", include: ownProcess, exclude, isolate: true } },
      { extends: true, test: { name: "shared", include, exclude: [...exclude, ...ownProcess], isolate: false } },
    ],
  },
});
