import type { Server } from "node:http";

type Options = {
  server: Server;
  /** Stops background work and closes the database; runs after in-flight requests finished. */
  stop: () => Promise<void>;
  onDraining?: () => void;
  log?: (msg: string) => void;
  timeoutMs?: number;
  exit?: (code: number) => void;
};

/**
 * Graceful shutdown: stop accepting connections, let the requests in flight finish (idle keep-alive
 * connections are closed at once, busy ones after their response), then stop background work, close
 * the database and exit. A stuck request cannot hold the process past the timeout.
 */
export function createShutdown({
  server,
  stop,
  onDraining,
  log = console.log,
  timeoutMs = 10_000,
  exit = process.exit,
}: Options) {
  let started: Promise<void> | undefined;
  return (signal: string) =>
    (started ??= (async () => {
      log(`${signal} received: finishing requests in flight, then stopping`);
      onDraining?.();
      const timer = setTimeout(() => {
        log("Shutdown timed out; exiting");
        exit(1);
      }, timeoutMs);
      timer.unref();
      // Busy keep-alive connections are told to close once their response is done.
      server.on("request", (_req, res) => res.setHeader("Connection", "close"));
      // A connection that finishes its response later becomes idle: close those as they appear.
      const sweep = setInterval(() => server.closeIdleConnections(), 100);
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeIdleConnections();
      });
      clearInterval(sweep);
      try {
        await stop();
        log("Stopped cleanly");
        clearTimeout(timer);
        exit(0);
      } catch (error) {
        log(`Shutdown failed: ${error instanceof Error ? error.message : String(error)}`);
        clearTimeout(timer);
        exit(1);
      }
    })());
}

/** Signals of one stop request that arrive apart: npm forwards what the supervisor or terminal sent to the group. */
export const REPEAT_WINDOW_MS = 1000;

type SignalOptions = {
  log?: (msg: string) => void;
  exit?: (code: number) => void;
  now?: () => number;
  signals?: Pick<NodeJS.Process, "on">;
};

/**
 * The stop signals. The first SIGTERM or SIGINT starts the graceful stop. A repeated SIGTERM is the
 * same request: stopping `npm start` the way supervisors do (systemd signals the whole process
 * group) delivers it twice, directly and forwarded by npm. A second SIGINT more than a second after
 * the first (Ctrl-C pressed again) stops at once, as SIGKILL always does.
 */
export function onStopSignals(
  shutdown: (signal: string) => Promise<void>,
  { log = console.log, exit = process.exit, now = Date.now, signals = process }: SignalOptions = {},
) {
  let firstAt: number | undefined;
  const handle = (signal: "SIGTERM" | "SIGINT") => {
    if (firstAt === undefined) {
      firstAt = now();
      void shutdown(signal);
    } else if (signal === "SIGINT" && now() - firstAt > REPEAT_WINDOW_MS) {
      log("SIGINT received again: stopping now, without waiting for requests in flight");
      exit(1);
    } else log(`${signal} received again: already stopping (a second Ctrl-C stops at once)`);
  };
  signals.on("SIGTERM", () => handle("SIGTERM"));
  signals.on("SIGINT", () => handle("SIGINT"));
}
