import { AsyncLocalStorage } from "node:async_hooks";

/**
 * Operational faults: failures of the machine or the services around the site, not of its code or
 * of the visitor's input. They are answered where they happen (a 'Failed to …' message, a 503, a
 * stale page) and never end the process.
 */
export type FaultKind =
  "database-unavailable" | "database-replaced" | "disk-full" | "storage-unavailable" | "object-storage-unavailable";
export type Fault = { kind: FaultKind; code: string };

/** What a person is told, after the spec's 'Failed to …' text. */
export const FAULT_REASONS: Record<FaultKind, string> = {
  "database-unavailable": "The database cannot be reached right now. Please try again in a moment.",
  "database-replaced":
    "The database file was deleted or replaced while the site was running: nothing was saved. Restart the site.",
  "disk-full": "The server's disk is full.",
  "storage-unavailable": "The server cannot write files right now. Please try again later.",
  "object-storage-unavailable": "The photo storage cannot be reached right now. Please try again in a moment.",
};

/** 507 Insufficient Storage for a full disk, 503 Service Unavailable for the rest. */
export const FAULT_STATUS: Record<FaultKind, number> = {
  "database-unavailable": 503,
  "database-replaced": 503,
  "disk-full": 507,
  "storage-unavailable": 503,
  "object-storage-unavailable": 503,
};

/** Sent with every 503: a few seconds is enough for a dropped connection to come back. */
export const RETRY_AFTER_SECONDS = 10;

/** A write refused because the SQLite file is no longer the one opened (db.server.ts). */
export const DATABASE_REPLACED_CODE = "DATABASE_FILE_REPLACED";
/** The code of every failure of the media bucket (ObjectStorageError in object-storage.server.ts). */
const OBJECT_STORAGE_CODE = "OBJECT_STORAGE_UNAVAILABLE";
const DISK_FULL_CODES = new Set(["ENOSPC", "EDQUOT", "SQLITE_FULL"]);
const STORAGE_CODES = new Set(["EACCES", "EPERM", "EROFS", "EMFILE", "ENFILE", "EIO"]);
/** Reaching the database server over the network. */
const NETWORK_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "ENOTFOUND",
  "EAI_AGAIN",
  "EPIPE",
]);
/** PostgreSQL: class 08 (connection exception), 57P01-57P03 (shut down, cannot connect now), 53300 (too many connections). */
const PG_CONNECTION_CODE = /^(08[0-9A-Z]{3}|57P0[1-3]|53300)$/;
/** SQLite: locked, busy, I/O error, cannot open, read-only (a file system that went read-only). */
const SQLITE_UNAVAILABLE = /^SQLITE_(BUSY|LOCKED|IOERR|CANTOPEN|READONLY|PROTOCOL)/;
/** node-postgres reports a lost connection in words only. */
const PG_CONNECTION_MESSAGE =
  /Connection terminated|timeout exceeded when trying to connect|not queryable|not currently accepting connections|the database system is (starting up|shutting down|in recovery mode)/i;

function classify(error: object): Fault | null {
  const code = "code" in error && typeof error.code === "string" ? error.code : "";
  const message = "message" in error && typeof error.message === "string" ? error.message : "";
  // Before the network codes: a bucket that cannot be reached is not the database.
  if (code === OBJECT_STORAGE_CODE) return { kind: "object-storage-unavailable", code };
  if (code === DATABASE_REPLACED_CODE) return { kind: "database-replaced", code };
  if (DISK_FULL_CODES.has(code)) return { kind: "disk-full", code };
  if (STORAGE_CODES.has(code)) return { kind: "storage-unavailable", code };
  if (NETWORK_CODES.has(code) || PG_CONNECTION_CODE.test(code) || SQLITE_UNAVAILABLE.test(code)) {
    return { kind: "database-unavailable", code };
  }
  if (PG_CONNECTION_MESSAGE.test(message)) return { kind: "database-unavailable", code: code || "CONNECTION_LOST" };
  return null;
}

/**
 * The operational fault behind an error, looking through `cause` (libraries wrap the database's
 * error) and AggregateError (one error per address tried), or null for anything else.
 */
export function faultOf(error: unknown, depth = 0): Fault | null {
  if (!error || typeof error !== "object" || depth > 5) return null;
  const own = classify(error);
  if (own) return own;
  if (error instanceof AggregateError) {
    for (const inner of error.errors) {
      const fault = faultOf(inner, depth + 1);
      if (fault) return fault;
    }
  }
  return "cause" in error ? faultOf(error.cause, depth + 1) : null;
}

/** "Failed to add horse" + the reason, when the failure was a fault. */
export function failureText(text: string, fault: Fault | null) {
  return fault ? `${text}. ${FAULT_REASONS[fault.kind]}` : text;
}

type FaultRecord = { fault?: Fault };
const recorder = new AsyncLocalStorage<FaultRecord>();

/** Notes a fault on the request being handled (React Router's handleError calls this). */
export function noteFault(error: unknown) {
  const fault = faultOf(error);
  const record = recorder.getStore();
  if (fault && record && !record.fault) record.fault = fault;
  return fault;
}

/** Runs `fn` and reports the first fault noted while it ran (by noteFault). */
export async function recordingFaults<T>(fn: () => Promise<T>): Promise<{ value: T; fault?: Fault }> {
  const record: FaultRecord = {};
  const value = await recorder.run(record, fn);
  return { value, fault: record.fault };
}
