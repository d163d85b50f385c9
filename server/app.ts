import "react-router";
import express from "express";
import { createRequestHandler } from "react-router";
import { closeDatabase, dataVersion, engine } from "~/utils/db.server";
import { env } from "~/utils/env.server";
import { onContentChange } from "~/utils/invalidation.server";
import { log } from "~/utils/log.server";
import { startContentBus, type ContentBus } from "./content-bus";
import { PageCache } from "./page-cache";
import { createCachedHandler } from "./request-handler";

/**
 * The request handling that is bundled with the app build: everything that needs the app's own
 * modules (database, storage, auth) is mounted here so that it shares one copy of them.
 */
export const app = express.Router();

export const pageCache = new PageCache();
let bus: ContentBus | undefined;

// The one invalidation point: a save empties this instance's cache before its response is sent,
// then tells the other instances.
onContentChange(() => {
  pageCache.invalidate();
  bus?.publish().catch((error: unknown) => log.error("Could not notify other instances of a content change", { error }));
});

// On SQLite another process (a second instance, a command-line script) may write the same file.
let lastDataVersion: number | undefined;
function checkOtherWriters() {
  const version = dataVersion();
  if (version !== undefined && version !== lastDataVersion) {
    if (lastDataVersion !== undefined) pageCache.invalidate();
    lastDataVersion = version;
  }
}

const handleRequest = createRequestHandler(() => import("virtual:react-router/server-build"), process.env.NODE_ENV);

app.use(createCachedHandler(handleRequest, pageCache, { beforeLookup: checkOtherWriters }));

/** Runs after migrations, before the server accepts requests. */
export async function startServices() {
  const url = env().DATABASE_URL;
  if (engine() === "postgres" && url) {
    // No cached page is served until this instance hears the others' invalidations.
    pageCache.setAvailable(false);
    let announced = false;
    bus = startContentBus({
      connectionString: url,
      onRemoteChange: () => pageCache.invalidate(),
      onConnectedChange: (connected) => {
        pageCache.setAvailable(connected);
        if (connected && announced) log.info("Page cache listening for content changes again");
        if (!connected) log.warn("Lost the content-change listener; serving pages uncached until it reconnects");
        announced = true;
      },
      onError: (error) => log.warn("Content-change listener error", { error: error instanceof Error ? error.message : String(error) }),
    });
  }
}

/** Runs on shutdown after the server stopped accepting and in-flight requests finished. */
export async function stopServices() {
  await bus?.stop();
  bus = undefined;
  await closeDatabase();
}

export { migrate, closeDatabase } from "~/utils/db.server";
export { setDraining } from "~/utils/health.server";
