import path from "node:path";
import { pathToFileURL } from "node:url";
import compression from "compression";
import express from "express";
import { env } from "~/platform/env.server";
import { log } from "~/platform/log.server";
import { closeWhenBodyUnread } from "./body-limit";
import { buildPaths, ensureBuild } from "./build-check";
import { dataDirProblem } from "./data-dir";
import { hostCheck, localOnlyNotice } from "./host-check";
import { errorHandler, precompressed, requestLog, securityHeaders } from "./http";
import { exitOnProgrammingErrors } from "./process-errors";
import { createShutdown } from "./shutdown";
import { parseTrustProxy } from "./trust-proxy";

type ServerModule = typeof import("./app");

async function main() {
  // Every variable is checked before anything is built or listens: a bad one stops here, named.
  const config = env();
  const DEVELOPMENT = config.NODE_ENV === "development";
  const { buildDir, serverBuild } = buildPaths();
  const problem = dataDirProblem(config.dataDir);
  if (problem) {
    console.error(problem);
    process.exit(1);
  }
  exitOnProgrammingErrors(log);

  const app = express();
  app.disable("x-powered-by");
  // Behind a TLS-terminating proxy, TRUST_PROXY lets Express see HTTPS and the client's address.
  app.set("trust proxy", parseTrustProxy(config.TRUST_PROXY));

  let draining = false;
  app.use(requestLog(log));
  app.use((_req, res, next) => {
    if (draining) res.setHeader("Connection", "close");
    next();
  });
  app.use(securityHeaders({ csp: !DEVELOPMENT }));
  // Before anything reads the Host header (cache keys, links) or a body.
  app.use(hostCheck({ publicOrigin: config.PUBLIC_ORIGIN }));
  app.use(closeWhenBodyUnread());
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
    app.use(mod.cacheHits);
    const assets = path.join(buildDir, "client/assets");
    // Hashed file names: a changed file gets a new name, so browsers may keep these forever.
    app.use("/assets", precompressed(assets, { immutable: true }));
    app.use("/assets", express.static(assets, { immutable: true, maxAge: "1y", fallthrough: false }));
    app.use(express.static(path.join(buildDir, "client"), { maxAge: "1h" }));
    app.use(mod.app);
  }
  app.use(errorHandler(log));

  const applied = await mod.migrate();
  if (applied.length) console.log(`Database migrated: ${applied.join(", ")}`);
  await mod.startServices();

  const port = config.PORT;
  const server = app.listen(port, config.HOST, () => {
    const address = server.address();
    const actual = typeof address === "object" && address ? address.port : port;
    console.log(`Stable website listening on http://localhost:${actual}`);
    if (!DEVELOPMENT && !config.PUBLIC_ORIGIN) console.warn(localOnlyNotice(actual));
    mod.afterStart?.({ port: actual }).catch((error: unknown) => console.error("Start-up task failed:", error));
  });

  const shutdown = createShutdown({
    server,
    stop: () => mod.stopServices(),
    onDraining: () => {
      draining = true;
      mod.setDraining();
    },
  });
  process.once("SIGTERM", () => void shutdown("SIGTERM"));
  process.once("SIGINT", () => void shutdown("SIGINT"));
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
