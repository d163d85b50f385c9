import type { CachedPage } from "./page-encoding";

export const MAX_ENTRIES = 200;

/**
 * In-memory store of rendered public pages (what may be stored is server/cache-policy.ts; how they
 * are encoded and written, server/page-encoding.ts). Every invalidation bumps a generation counter;
 * a render is stored only if no invalidation happened between its start and its storing, so a
 * render that read the database before a save and finished after it never lands in the cache.
 *
 * Apart from the servable entries it keeps the last good render of each page: when rendering a page
 * fails (its database is unreachable) that copy is served instead, marked stale (RFC 5861
 * stale-if-error). The one rule for both: nothing stored is older than the last content change.
 * Any change may have withdrawn something (a post made owners-only, a draft or scheduled again, a
 * delete), so each one drops every copy, and a page that now answers 404 or 410 drops its own
 * (docs/decisions/0220-only-what-is-public-now.md).
 */
export class PageCache {
  private entries = new Map<string, CachedPage>();
  private lastGood = new Map<string, { entry: CachedPage; storedAt: number }>();
  private gen = 0;
  private available = true;
  hits = 0;
  misses = 0;

  get generation() {
    return this.gen;
  }

  /** Drops every servable entry and every last good copy; renders in flight that started earlier will not be stored. */
  invalidate() {
    this.gen += 1;
    this.entries.clear();
    this.lastGood.clear();
  }

  /** Drops one page's entry and last good copy: it answers 404 or 410 now. */
  evict(key: string) {
    this.entries.delete(key);
    this.lastGood.delete(key);
  }

  /**
   * While invalidations from other instances cannot be received, nothing is served from the cache
   * (renders are still kept as last good copies). Coming back empties it once, last good copies
   * included, since changes may have been missed meanwhile.
   */
  setAvailable(available: boolean) {
    if (available && !this.available) this.invalidate();
    this.available = available;
  }

  get isAvailable() {
    return this.available;
  }

  get size() {
    return this.entries.size;
  }

  get(key: string): CachedPage | undefined {
    if (!this.available) return undefined;
    const entry = this.entries.get(key);
    if (entry) {
      this.hits += 1;
      // Least recently used goes first: a hit moves the entry to the end of the insertion order.
      this.entries.delete(key);
      this.entries.set(key, entry);
    } else this.misses += 1;
    return entry;
  }

  /** The last good render of `key` and its age in seconds, for when rendering it again fails. */
  stale(key: string): { entry: CachedPage; ageSeconds: number } | undefined {
    const kept = this.lastGood.get(key);
    return kept && { entry: kept.entry, ageSeconds: Math.max(0, Math.floor((Date.now() - kept.storedAt) / 1000)) };
  }

  /**
   * Stores a page whose render started at `startedAt` (the generation then). False when content
   * changed meanwhile: the render may be stale, so it is not kept.
   */
  store(key: string, startedAt: number, entry: CachedPage): boolean {
    if (startedAt !== this.gen) return false;
    setBounded(this.entries, key, entry);
    setBounded(this.lastGood, key, { entry, storedAt: Date.now() });
    return true;
  }
}

/** Sets `key` last in insertion order, dropping the oldest entry when the map is full. */
function setBounded<V>(map: Map<string, V>, key: string, value: V) {
  map.delete(key);
  if (map.size >= MAX_ENTRIES) {
    const oldest = map.keys().next().value;
    if (oldest !== undefined) map.delete(oldest);
  }
  map.set(key, value);
}
