import http from "node:http";
import { pathToFileURL } from "node:url";
import { env, settingsNotices } from "~/platform/env.server";
import { buildPaths, ensureBuild } from "./build-check";
import { dataDirProblem } from "./data-dir";
import { localOnlyNotice } from "./host-check";
import { createShutdown, onStopSignals } from "./shutdown";

type ServerModule = typeof import("./app");

/**
 * Start-up: check the settings, build if needed, load the site (server/app.ts, where the whole
 * request path is), migrate, start the background services and listen; stop gracefully on signals.
 */
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

  let mod: ServerModule;
  let site: ReturnType<ServerModule["createSite"]>;
  if (DEVELOPMENT) {
    const vite = await import("vite").then((v) => v.createServer({ server: { middlewareMode: true } }));
    mod = (await vite.ssrLoadModule("./server/app.ts")) as ServerModule;
    site = mod.createSite({ files: [vite.middlewares] });
    // Route modules reload through Vite; pages rendered from the old code are not served again.
    vite.watcher.on("change", () => mod.pageCache.invalidate());
  } else {
    ensureBuild();
    mod = (await import(pathToFileURL(serverBuild).href)) as ServerModule;
    site = mod.createSite({ buildDir });
  }
  mod.exitOnProgrammingErrors(mod.log);

  const applied = await mod.migrate();
  if (applied.length) console.log(`Database migrated: ${applied.join(", ")}`);
  await mod.startServices();

  const { idleMs, ...limits } = mod.serverTimeouts(mod.bodyTimeouts());
  const server = http.createServer(limits, site.app);
  server.setTimeout(idleMs);
  server.once("error", (error) => {
    console.error(`Cannot listen on ${config.HOST}:${config.PORT}: ${error.message}`);
    process.exit(1);
  });
  server.listen(config.PORT, config.HOST, () => {
    const address = server.address();
    const actual = typeof address === "object" && address ? address.port : config.PORT;
    console.log(`Stable website listening on http://localhost:${actual}`);
    if (!DEVELOPMENT && !config.PUBLIC_ORIGIN) console.warn(localOnlyNotice(actual));
    for (const notice of settingsNotices(config)) console.warn(notice);
    mod.afterStart?.({ port: actual }).catch((error: unknown) => console.error("Start-up task failed:", error));
  });

  const shutdown = createShutdown({ server, stop: () => mod.stopServices(), onDraining: () => site.setDraining() });
  onStopSignals(shutdown);
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
