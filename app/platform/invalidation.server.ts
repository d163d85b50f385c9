import type { Transaction } from "kysely";
import type { Database } from "@db/schema";
import { db } from "./db.server";

type Listener = () => void;
const listeners = new Set<Listener>();

/**
 * The one invalidation point for public content. Every model function that changes what a visitor
 * can see calls contentChanged() after its write has committed; caches subscribe here.
 */
export function contentChanged() {
  for (const listener of listeners) listener();
}

export function onContentChange(listener: Listener) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * Runs a write to public content in one transaction and, once it has committed, calls
 * contentChanged() when the write changed something (returned other than null, undefined or false).
 */
export async function writeContent<T>(write: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
  const result = await db().transaction().execute(write);
  if (result) contentChanged();
  return result;
}
