import { onContentChange } from "~/platform/invalidation.server";
import { danishToday } from "~/racing/race-day";
import { startContentBus, type ContentBus } from "./content-bus";
import type { PageCache } from "./page-cache";

type Logger = {
  debug?: (msg: string, fields?: Record<string, unknown>) => void;
  info: (msg: string, fields?: Record<string, unknown>) => void;
  warn: (msg: string, fields?: Record<string, unknown>) => void;
  error: (msg: string, fields?: Record<string, unknown>) => void;
};

/**
 * Keeps a page cache in step with the content:
 * - a save in this process (contentChanged) empties it synchronously, before the save's response;
 * - on PostgreSQL, saves on other instances arrive by LISTEN/NOTIFY; while not listening, the cache
 *   is switched off;
 * - on SQLite, a write by another process shows as a new data_version of the database file;
 * - a new day in Denmark empties it too: yesterday's runners are no longer upcoming.
 */
export function createCacheSync(cache: PageCache, options: { log: Logger; dataVersion: () => number | undefined }) {
  let bus: ContentBus | undefined;
  let lastDataVersion: number | undefined;
  let day = danishToday();

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
      const today = danishToday();
      if (today !== day) {
        day = today;
        cache.invalidate();
      }
      let version: number | undefined;
      try {
        version = options.dataVersion();
      } catch (error) {
        // The database file cannot be read (I/O error, locked): other writers cannot be ruled out.
        options.log.warn("Could not check the database for other writers; page cache emptied", {
          error: error instanceof Error ? error.message : String(error),
        });
        cache.invalidate();
        lastDataVersion = undefined;
        return;
      }
      if (version === undefined || version === lastDataVersion) return;
      if (lastDataVersion !== undefined) cache.invalidate();
      lastDataVersion = version;
    },

    /** Starts listening to other instances (PostgreSQL only); the cache stays off until it listens. */
    startListening(connectionString: string, retryMs?: number) {
      cache.setAvailable(false);
      let wasConnected = false;
      let reported = false;
      bus = startContentBus({
        connectionString,
        retryMs,
        onRemoteChange: () => cache.invalidate(),
        onConnectedChange: (connected) => {
          cache.setAvailable(connected);
          if (connected && wasConnected) {
            options.log.info("Listening for content changes again; page cache emptied once and back on");
          }
          if (!connected) options.log.warn("Content-change listener lost; serving pages uncached until it reconnects");
          wasConnected ||= connected;
          if (connected) reported = false;
        },
        // The first error of an outage is worth a line; the retries after it are not.
        onError: (error) => {
          const fields = { error: error instanceof Error ? error.message : String(error) };
          if (reported) options.log.debug?.("Content-change listener still cannot connect", fields);
          else options.log.warn("Content-change listener error", fields);
          reported = true;
        },
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
