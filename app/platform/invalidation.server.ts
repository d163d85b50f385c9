import type { Transaction } from "kysely";
import type { Database } from "@db/schema";
import { db } from "./db.server";

/** What a change did: `removal` when a record left the public pages (a delete), so no old copy may show it. */
export type ContentChange = { removal?: boolean };

type Listener = (change: ContentChange) => void;
const listeners = new Set<Listener>();

/**
 * The one invalidation point for public content. Every model function that changes what a visitor
 * can see calls contentChanged() after its write has committed; caches subscribe here.
 */
export function contentChanged(change: ContentChange = {}) {
  for (const listener of listeners) listener(change);
}

export function onContentChange(listener: Listener) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * Runs a write to public content in one transaction and, once it has committed, calls
 * contentChanged(change) when the write changed something (returned other than null, undefined or false).
 */
export async function writeContent<T>(
  write: (trx: Transaction<Database>) => Promise<T>,
  change: ContentChange = {},
): Promise<T> {
  const result = await db().transaction().execute(write);
  if (result) contentChanged(change);
  return result;
}
