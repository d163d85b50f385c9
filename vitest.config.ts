import { configDefaults, defineConfig } from "vitest/config";
import tsconfigPaths from "vite-tsconfig-paths";

export default defineConfig({
  plugins: [tsconfigPaths()],
  test: {
    include: ["{app,server,db,scripts}/**/*.test.{ts,tsx}"],
    // *.pg.test.ts need a PostgreSQL server: they run when TEST_DATABASE_URL points at one.
    exclude: process.env.TEST_DATABASE_URL ? configDefaults.exclude : [...configDefaults.exclude, "**/*.pg.test.ts"],
    environment: "node",
    setupFiles: ["./tests/setup-env.ts"],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
