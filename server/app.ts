import "react-router";
import express from "express";
import { createRequestHandler } from "react-router";
import { closeDatabase, dataVersion, engine } from "~/utils/db.server";
import { env } from "~/utils/env.server";
import { log } from "~/utils/log.server";
import { createCacheSync } from "./cache-sync";
import { PageCache } from "./page-cache";
import { createCacheHits, createCachedHandler } from "./request-handler";

/**
 * The request handling that is bundled with the app build: everything that needs the app's own
 * modules (database, storage, auth) is mounted here so that it shares one copy of them.
 */
export const app = express.Router();

export const pageCache = new PageCache();
const cacheSync = createCacheSync(pageCache, { log, dataVersion });

const handleRequest = createRequestHandler(() => import("virtual:react-router/server-build"), process.env.NODE_ENV);

app.use(createCachedHandler(handleRequest, pageCache, { beforeLookup: cacheSync.checkOtherWriters }));

/** Mounted by start.ts ahead of the static files, so a cached page costs one map lookup. */
export const cacheHits = createCacheHits(pageCache, { beforeLookup: cacheSync.checkOtherWriters });

/** Runs after migrations, before the server accepts requests. */
export async function startServices() {
  const url = env().DATABASE_URL;
  if (engine() === "postgres" && url) cacheSync.startListening(url);
}

/** Runs on shutdown after the server stopped accepting and in-flight requests finished. */
export async function stopServices() {
  await cacheSync.stop();
  await closeDatabase();
}

export { migrate, closeDatabase } from "~/utils/db.server";
export { setDraining } from "~/utils/health.server";
