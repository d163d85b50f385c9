import { log as siteLog } from "~/platform/log.server";
import { bestCompression, type CachedPage } from "./page-encoding";

export const MAX_ENTRIES = 200;

/** The best compression of a stored page: brotli at quality 11 (server/page-encoding.ts) unless a test says otherwise. */
export type Compress = (body: Buffer, signal: AbortSignal) => Promise<Buffer>;

export type PageCacheOptions = {
  compress?: Compress;
  /** How many pages are compressed at once in the background (each takes a core while it runs). */
  compressing?: number;
  log?: { warn: (msg: string, fields?: Record<string, unknown>) => void };
};

type Job = { key: string; entry: CachedPage; controller: AbortController };

/**
 * In-memory store of rendered public pages (what may be stored is server/cache-policy.ts; how they
 * are encoded and written, server/page-encoding.ts). Every invalidation bumps a generation counter;
 * a render is stored only if no invalidation happened between its start and its storing, so a
 * render that read the database before a save and finished after it never lands in the cache.
 *
 * A page is stored with gzip, which is all its first answer waits for; its brotli variant at the
 * best quality is made in the background, a few pages at a time, and replaces the stored entry
 * when ready, unless the page was dropped meanwhile (its compression is then stopped). A failure
 * is logged and the page goes on being sent with gzip (docs/decisions/0300-compression-off-the-request-path.md).
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
  /** Pages waiting for their best compression, oldest first (one per key: the one stored). */
  private waiting = new Map<string, CachedPage>();
  private running = new Map<Job, Promise<void>>();
  private closed = false;
  private readonly compress: Compress;
  private readonly compressing: number;
  private readonly log: NonNullable<PageCacheOptions["log"]>;
  hits = 0;
  misses = 0;

  constructor(options: PageCacheOptions = {}) {
    this.compress = options.compress ?? bestCompression;
    this.compressing = Math.max(1, options.compressing ?? 1);
    this.log = options.log ?? siteLog;
  }

  get generation() {
    return this.gen;
  }

  /** Drops every servable entry and every last good copy; renders in flight that started earlier will not be stored. */
  invalidate() {
    this.gen += 1;
    this.entries.clear();
    this.lastGood.clear();
    this.waiting.clear();
    for (const job of this.running.keys()) job.controller.abort();
  }

  /** Drops one page's entry and last good copy: it answers 404 or 410 now. */
  evict(key: string) {
    this.entries.delete(key);
    this.lastGood.delete(key);
    this.forget(key);
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
   * Stores a page whose render started at `startedAt` (the generation then), and queues its best
   * compression. False when content changed meanwhile: the render may be stale, so it is not kept.
   */
  store(key: string, startedAt: number, entry: CachedPage): boolean {
    if (startedAt !== this.gen) return false;
    for (const dropped of [
      setBounded(this.entries, key, entry),
      setBounded(this.lastGood, key, { entry, storedAt: Date.now() }),
    ])
      if (dropped !== undefined && !this.entries.has(dropped) && !this.lastGood.has(dropped)) this.forget(dropped);
    this.forget(key);
    if (!entry.stamped && !entry.br && !this.closed) {
      this.waiting.set(key, entry);
      this.startCompressing();
    }
    return true;
  }

  /** Resolves once no page waits for or is in its best compression (the tests, and stopping). */
  async compressed(): Promise<void> {
    while (this.running.size) await Promise.all(this.running.values());
  }

  /** Stops compressing: nothing more is started, what runs is stopped, and this resolves when it has. */
  async close(): Promise<void> {
    this.closed = true;
    this.waiting.clear();
    for (const job of this.running.keys()) job.controller.abort();
    await this.compressed();
  }

  /** A page's queued or running compression is of no use any more. */
  private forget(key: string) {
    this.waiting.delete(key);
    for (const job of this.running.keys()) if (job.key === key) job.controller.abort();
  }

  private startCompressing() {
    while (!this.closed && this.running.size < this.compressing && this.waiting.size) {
      const [key, entry] = this.waiting.entries().next().value!;
      this.waiting.delete(key);
      const job: Job = { key, entry, controller: new AbortController() };
      const done = this.compressOne(job).finally(() => {
        this.running.delete(job);
        this.startCompressing();
      });
      this.running.set(job, done);
    }
  }

  private async compressOne({ key, entry, controller }: Job) {
    let br: Buffer;
    try {
      br = await this.compress(entry.body, controller.signal);
    } catch (error) {
      if (controller.signal.aborted) return;
      this.log.warn("Failed to compress a stored page with brotli; it is sent with gzip", {
        key,
        error: error instanceof Error ? error.message : String(error),
      });
      return;
    }
    if (controller.signal.aborted) return;
    const better: CachedPage = { ...entry, br };
    // The same entry is still stored (not dropped, not replaced by a newer render): it gets brotli in place.
    if (this.entries.get(key) === entry) this.entries.set(key, better);
    const kept = this.lastGood.get(key);
    if (kept?.entry === entry) this.lastGood.set(key, { ...kept, entry: better });
  }
}

/** Sets `key` last in insertion order, dropping the oldest entry when the map is full; the dropped key. */
function setBounded<V>(map: Map<string, V>, key: string, value: V): string | undefined {
  map.delete(key);
  let oldest: string | undefined;
  if (map.size >= MAX_ENTRIES) {
    oldest = map.keys().next().value;
    if (oldest !== undefined) map.delete(oldest);
  }
  map.set(key, value);
  return oldest;
}
