import { onContentChange } from "~/utils/invalidation.server";
import { startContentBus, type ContentBus } from "./content-bus";
import type { PageCache } from "./page-cache";

type Logger = {
  info: (msg: string, fields?: Record<string, unknown>) => void;
  warn: (msg: string, fields?: Record<string, unknown>) => void;
  error: (msg: string, fields?: Record<string, unknown>) => void;
};

/**
 * Keeps a page cache in step with the content:
 * - a save in this process (contentChanged) empties it synchronously, before the save's response;
 * - on PostgreSQL, saves on other instances arrive by LISTEN/NOTIFY; while not listening, the cache
 *   is switched off;
 * - on SQLite, a write by another process shows as a new data_version of the database file.
 */
export function createCacheSync(cache: PageCache, options: { log: Logger; dataVersion: () => number | undefined }) {
  let bus: ContentBus | undefined;
  let lastDataVersion: number | undefined;

  const unsubscribe = onContentChange(() => {
    cache.invalidate();
    bus
      ?.publish()
      .catch((error: unknown) =>
        options.log.error("Could not notify other instances of a content change", { error: String(error) }),
      );
  });

  return {
    /** Before each cache lookup: cheap (a pragma on SQLite, nothing on PostgreSQL). */
    checkOtherWriters() {
      const version = options.dataVersion();
      if (version === undefined || version === lastDataVersion) return;
      if (lastDataVersion !== undefined) cache.invalidate();
      lastDataVersion = version;
    },

    /** Starts listening to other instances (PostgreSQL only); the cache stays off until it listens. */
    startListening(connectionString: string, retryMs?: number) {
      cache.setAvailable(false);
      let wasConnected = false;
      bus = startContentBus({
        connectionString,
        retryMs,
        onRemoteChange: () => cache.invalidate(),
        onConnectedChange: (connected) => {
          cache.setAvailable(connected);
          if (connected && wasConnected) options.log.info("Listening for content changes again; page cache back on");
          if (!connected) options.log.warn("Content-change listener lost; serving pages uncached until it reconnects");
          wasConnected ||= connected;
        },
        onError: (error) =>
          options.log.warn("Content-change listener error", {
            error: error instanceof Error ? error.message : String(error),
          }),
      });
      return bus;
    },

    async stop() {
      unsubscribe();
      await bus?.stop();
      bus = undefined;
    },
  };
}
