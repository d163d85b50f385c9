import { env } from "./env.server";
import { faultOf } from "./faults.server";

const LEVELS = { debug: 10, info: 20, warn: 30, error: 40, silent: 100 } as const;
type Level = Exclude<keyof typeof LEVELS, "silent">;

function write(level: Level, msg: string, fields?: Record<string, unknown>) {
  const threshold = LEVELS[env().LOG_LEVEL];
  if (LEVELS[level] < threshold) return;
  const line = JSON.stringify({ time: new Date().toISOString(), level, msg, ...serialise(fields) });
  (level === "error" || level === "warn" ? process.stderr : process.stdout).write(line + "\n");
}

function serialise(fields?: Record<string, unknown>) {
  if (!fields) return {};
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(fields)) {
    out[k] = v instanceof Error ? serialiseError(v) : v;
  }
  return out;
}

/** An operational fault says which (`fault`, `code`), so the log tells it from a bug at a glance. */
function serialiseError(error: Error) {
  const fault = faultOf(error);
  return {
    name: error.name,
    message: error.message,
    ...(fault ? { fault: fault.kind, code: fault.code } : {}),
    stack: error.stack,
  };
}

/** Structured logs: one JSON object per line. Never pass passwords, tokens or cookies. */
export const log = {
  debug: (msg: string, fields?: Record<string, unknown>) => write("debug", msg, fields),
  info: (msg: string, fields?: Record<string, unknown>) => write("info", msg, fields),
  warn: (msg: string, fields?: Record<string, unknown>) => write("warn", msg, fields),
  error: (msg: string, fields?: Record<string, unknown>) => write("error", msg, fields),
};
