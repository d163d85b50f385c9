import { AsyncLocalStorage } from "node:async_hooks";

type Logger = { error: (msg: string, fields?: Record<string, unknown>) => void };

/** The request being handled, for the one log line of an error nobody caught. */
export const requestContext = new AsyncLocalStorage<{ requestId: string }>();

/**
 * Node's rule for programming errors, kept: an exception nobody caught, or a promise rejection
 * nobody handled (which Node raises as one), is logged with the id of the request it happened in,
 * and the process exits with status 1 so that its supervisor restarts it in a known state.
 * Operational faults (database connection lost, disk full, mail or storage down) never get here:
 * they are handled where they happen.
 */
export function exitOnProgrammingErrors(log: Logger, exit: (code: number) => void = process.exit) {
  process.on("uncaughtException", (error, origin) => {
    log.error("Programming error: exiting so that the supervisor restarts the site", {
      origin,
      requestId: requestContext.getStore()?.requestId,
      error,
    });
    exit(1);
  });
}
