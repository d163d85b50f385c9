import path from "node:path";
import { build } from "esbuild";
import type { Plugin } from "vite";

/**
 * Vite plugin: after the server build, compiles server/start.ts to `<build>/server/start.js`, so
 * `npm start` runs plain JavaScript. A TypeScript loader in the long-running process costs about
 * 75 MB of memory (a loader thread of its own and its transform caches; decision 0120).
 * Packages stay imports, as in the server build.
 */
export function compileStart(): Plugin {
  let outDir = "";
  let root = "";
  let ssr = false;
  return {
    name: "stable:compile-start",
    apply: "build",
    configResolved(config) {
      root = config.root;
      outDir = path.resolve(config.root, config.build.outDir);
      ssr = Boolean(config.build.ssr);
    },
    async closeBundle() {
      if (!ssr) return;
      await build({
        entryPoints: [path.join(root, "server", "start.ts")],
        outfile: path.join(outDir, "start.js"),
        bundle: true,
        platform: "node",
        format: "esm",
        target: "node20",
        packages: "external",
        logLevel: "warning",
      });
    },
  };
}
