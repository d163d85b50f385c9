import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import tsconfigPaths from "vite-tsconfig-paths";
import { compileStart } from "./server/compile-start";
import { precompressAssets } from "./server/precompress";

export default defineConfig(({ isSsrBuild }) => ({
  build: {
    rollupOptions: isSsrBuild ? { input: "./server/app.ts" } : undefined,
  },
  plugins: [tailwindcss(), reactRouter(), tsconfigPaths(), precompressAssets(), compileStart()],
  // The public pages' script (app/islands, imported with ?worker&url) is bundled on its own.
  worker: { format: "iife" as const, plugins: () => [tsconfigPaths()] },
}));
