import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import compression from "compression";
import express from "express";
import { parseTrustProxy } from "./trust-proxy";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const DEVELOPMENT = process.env.NODE_ENV === "development";
const buildDir = path.resolve(root, process.env.BUILD_DIR ?? "build");
const serverBuild = path.join(buildDir, "server", "index.js");

type ServerModule = typeof import("./app");

function newestSourceMtime(): number {
  let newest = 0;
  const visit = (p: string) => {
    const stat = fs.statSync(p, { throwIfNoEntry: false });
    if (!stat) return;
    if (stat.isDirectory()) {
      for (const entry of fs.readdirSync(p)) if (entry !== "node_modules") visit(path.join(p, entry));
    } else newest = Math.max(newest, stat.mtimeMs);
  };
  for (const p of ["app", "server", "db", "public", "package-lock.json", "vite.config.ts", "react-router.config.ts"]) {
    visit(path.join(root, p));
  }
  return newest;
}

/** Builds when there is no build yet or a source file is newer than it. */
function ensureBuild() {
  const built = fs.statSync(serverBuild, { throwIfNoEntry: false });
  if (built && built.mtimeMs >= newestSourceMtime()) return;
  console.log(built ? "Sources changed since the last build; rebuilding…" : "No build yet; building…");
  const result = spawnSync(process.execPath, [path.join(root, "node_modules/@react-router/dev/bin.js"), "build"], {
    cwd: root,
    stdio: "inherit",
    env: { ...process.env, NODE_ENV: "production" },
  });
  if (result.status !== 0) {
    console.error("The build failed; see the output above.");
    process.exit(1);
  }
}

async function main() {
  const app = express();
  app.disable("x-powered-by");
  // Behind a TLS-terminating proxy, TRUST_PROXY lets Express see HTTPS and the client's address.
  app.set("trust proxy", parseTrustProxy(process.env.TRUST_PROXY));
  app.use(compression());

  let mod: ServerModule;
  if (DEVELOPMENT) {
    const vite = await import("vite").then((v) => v.createServer({ server: { middlewareMode: true } }));
    app.use(vite.middlewares);
    mod = (await vite.ssrLoadModule("./server/app.ts")) as ServerModule;
    app.use(async (req, res, next) => {
      try {
        const fresh = (await vite.ssrLoadModule("./server/app.ts")) as ServerModule;
        fresh.app(req, res, next);
      } catch (error) {
        if (error instanceof Error) vite.ssrFixStacktrace(error);
        next(error);
      }
    });
  } else {
    ensureBuild();
    mod = (await import(pathToFileURL(serverBuild).href)) as ServerModule;
    app.use("/assets", express.static(path.join(buildDir, "client/assets"), { immutable: true, maxAge: "1y" }));
    app.use(express.static(path.join(buildDir, "client"), { maxAge: "1h" }));
    app.use(mod.app);
  }

  const applied = await mod.migrate();
  if (applied.length) console.log(`Database migrated: ${applied.join(", ")}`);
  mod.startContactDelivery();

  const port = Number(process.env.PORT ?? 3000);
  const host = process.env.HOST ?? "0.0.0.0";
  const server = app.listen(port, host, () => {
    const address = server.address();
    const actual = typeof address === "object" && address ? address.port : port;
    console.log(`Stable website listening on http://localhost:${actual}`);
    mod.afterStart?.({ port: actual }).catch((error: unknown) => console.error("Start-up task failed:", error));
  });

  const shutdown = () => {
    const delivery = mod.stopContactDelivery();
    server.close(async () => {
      await delivery;
      await mod.closeDatabase();
      process.exit(0);
    });
    setTimeout(() => process.exit(0), 10_000).unref();
  };
  process.once("SIGTERM", shutdown);
  process.once("SIGINT", shutdown);
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
