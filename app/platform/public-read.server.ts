import { log } from "./log.server";

export type ReadResult<T> = { ok: true; value: T } | { ok: false };

/**
 * Runs a public page's database read. A failure is logged and reported as `{ ok: false }` so the
 * page can render its error state inside the intact layout instead of the error boundary.
 */
export async function readForPage<T>(what: string, read: () => Promise<T>): Promise<ReadResult<T>> {
  try {
    return { ok: true, value: await read() };
  } catch (error) {
    log.error(`Reading ${what} failed`, { error });
    return { ok: false };
  }
}

/**
 * A page rendered after a failed read: 503 (the failure is the database's, usually temporary), and
 * never stored by a cache, so the next request tries again.
 */
export const FAILED_READ_INIT: ResponseInit = {
  status: 503,
  headers: { "Cache-Control": "no-store" },
};

/** A read the page can do without (defaults, signed out, contact details missing): logged, never thrown. */
export async function readOr<T, F>(what: string, read: () => Promise<T>, fallback: F): Promise<T | F> {
  const result = await readForPage(what, read);
  return result.ok ? result.value : fallback;
}
