import os from "node:os";
import { configDefaults, defineConfig } from "vitest/config";
import tsconfigPaths from "vite-tsconfig-paths";

export default defineConfig({
  plugins: [tsconfigPaths()],
  test: {
    include: ["{app,server,db,scripts}/**/*.test.{ts,tsx}"],
    // *.pg.test.ts need a PostgreSQL server: they run when TEST_DATABASE_URL points at one.
    exclude: process.env.TEST_DATABASE_URL ? configDefaults.exclude : [...configDefaults.exclude, "**/*.pg.test.ts"],
    environment: "node",
    // The database tests wait on disk and PostgreSQL as much as they compute: one worker more than
    // cores is fastest (2 cores: 148 s with one worker, 91 s with two, 75 s with three, 82 s with four).
    maxWorkers: os.availableParallelism() + 1,
    setupFiles: ["./tests/setup-env.ts"],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
