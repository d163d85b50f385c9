import { log as siteLog } from "~/platform/log.server";
import { bestCompression, type CachedPage } from "./page-encoding";

export const MAX_ENTRIES = 200;
/**
 * What the stored pages may take together (their bytes and their compressed variants): with the
 * rest of the server under load (about 150 MB with the demo's pages), the 200 MB of
 * docs/performance.md leave this much to the cache (decision 0301).
 */
export const MAX_BYTES = 32 * 1024 * 1024;

/** The best compression of a stored page: brotli at quality 11 (server/page-encoding.ts) unless a test says otherwise. */
export type Compress = (body: Buffer, signal: AbortSignal) => Promise<Buffer>;

export type PageCacheOptions = {
  maxEntries?: number;
  maxBytes?: number;
  compress?: Compress;
  /** How many pages are compressed at once in the background (each takes a core while it runs). */
  compressing?: number;
  log?: { warn: (msg: string, fields?: Record<string, unknown>) => void };
};

/** A stored page, when it was stored and what it takes in memory. */
type Kept = { entry: CachedPage; storedAt: number; bytes: number };

/** What an entry holds in memory: its bytes and every encoding of them (a stamped page's parts are views of its body). */
export function entryBytes(entry: CachedPage): number {
  const headers = entry.headers.reduce((n, [name, value]) => n + name.length + value.length, 0);
  const deflated = entry.stamped?.deflated.reduce((n, part) => n + part.length, 0) ?? 0;
  return entry.body.length + entry.gzip.length + (entry.br?.length ?? 0) + deflated + headers + entry.etag.length;
}

type Job = { key: string; entry: CachedPage; controller: AbortController };

/**
 * In-memory store of rendered public pages (what may be stored is server/cache-policy.ts; how they
 * are encoded and written, server/page-encoding.ts). Every invalidation bumps a generation counter;
 * a render is stored only if no invalidation happened between its start and its storing, so a
 * render that read the database before a save and finished after it never lands in the cache.
 *
 * It is bounded by entries and by bytes: the least recently used page goes first when either is
 * full, and a page larger than the whole budget is not kept (decision 0301).
 *
 * A page is stored with gzip, which is all its first answer waits for; its brotli variant at the
 * best quality is made in the background, a few pages at a time, and replaces the stored entry
 * when ready, unless the page was dropped meanwhile (its compression is then stopped). A failure
 * is logged and the page goes on being sent with gzip (docs/decisions/0300-compression-off-the-request-path.md).
 *
 * A stored page is also its last good render: when rendering it again fails (its database is
 * unreachable) that copy is served instead, marked stale (RFC 5861 stale-if-error), even while the
 * cache is not serving. The one rule: nothing stored is older than the last content change. Any
 * change may have withdrawn something (a post made owners-only, a draft or scheduled again, a
 * delete), so each one drops every copy, and a page that now answers 404 or 410 drops its own
 * (docs/decisions/0220-only-what-is-public-now.md).
 */
export class PageCache {
  private kept = new Map<string, Kept>();
  private held = 0;
  private gen = 0;
  private available = true;
  /** Pages waiting for their best compression, oldest first (one per key: the one stored). */
  private waiting = new Map<string, CachedPage>();
  private running = new Map<Job, Promise<void>>();
  private closed = false;
  private readonly maxEntries: number;
  private readonly maxBytes: number;
  private readonly compress: Compress;
  private readonly compressing: number;
  private readonly log: NonNullable<PageCacheOptions["log"]>;
  hits = 0;
  misses = 0;

  constructor(options: PageCacheOptions = {}) {
    this.maxEntries = options.maxEntries ?? MAX_ENTRIES;
    this.maxBytes = options.maxBytes ?? MAX_BYTES;
    this.compress = options.compress ?? bestCompression;
    this.compressing = Math.max(1, options.compressing ?? 1);
    this.log = options.log ?? siteLog;
  }

  get generation() {
    return this.gen;
  }

  /** Drops every stored page; renders in flight that started earlier will not be stored. */
  invalidate() {
    this.gen += 1;
    this.kept.clear();
    this.held = 0;
    this.waiting.clear();
    for (const job of this.running.keys()) job.controller.abort();
  }

  /** Drops one page: it answers 404 or 410 now. */
  evict(key: string) {
    this.drop(key);
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

  /** How many pages are stored. */
  get size() {
    return this.kept.size;
  }

  /** What the stored pages take in memory (entryBytes). */
  get bytes() {
    return this.held;
  }

  get(key: string): CachedPage | undefined {
    if (!this.available) return undefined;
    const kept = this.kept.get(key);
    if (kept) {
      this.hits += 1;
      // Least recently used goes first: a hit moves the entry to the end of the insertion order.
      this.kept.delete(key);
      this.kept.set(key, kept);
    } else this.misses += 1;
    return kept?.entry;
  }

  /** The last good render of `key` and its age in seconds, for when rendering it again fails. */
  stale(key: string): { entry: CachedPage; ageSeconds: number } | undefined {
    const kept = this.kept.get(key);
    return kept && { entry: kept.entry, ageSeconds: Math.max(0, Math.floor((Date.now() - kept.storedAt) / 1000)) };
  }

  /**
   * Stores a page whose render started at `startedAt` (the generation then), and queues its best
   * compression. False when content changed meanwhile: the render may be stale, so it is not kept.
   * A page larger than the whole budget is not kept either (true: it is current, and may be sent).
   */
  store(key: string, startedAt: number, entry: CachedPage): boolean {
    if (startedAt !== this.gen) return false;
    this.drop(key);
    const bytes = entryBytes(entry);
    if (bytes > this.maxBytes) return true;
    this.kept.set(key, { entry, storedAt: Date.now(), bytes });
    this.held += bytes;
    this.trim(key);
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

  private drop(key: string) {
    const kept = this.kept.get(key);
    if (kept) {
      this.kept.delete(key);
      this.held -= kept.bytes;
    }
    // Its queued or running compression is of no use any more.
    this.waiting.delete(key);
    for (const job of this.running.keys()) if (job.key === key) job.controller.abort();
  }

  /** Drops the least recently used pages (never `keep`) until both bounds hold. */
  private trim(keep: string) {
    for (const key of this.kept.keys()) {
      if (this.kept.size <= this.maxEntries && this.held <= this.maxBytes) return;
      if (key !== keep) this.drop(key);
    }
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
    const kept = this.kept.get(key);
    // Only into the same entry, still stored (not dropped, not replaced by a newer render), and if
    // it still fits the budget with its brotli variant beside it.
    if (controller.signal.aborted || kept?.entry !== entry || kept.bytes + br.length > this.maxBytes) return;
    // In place: the same key keeps its place in the least-recently-used order.
    this.kept.set(key, { ...kept, entry: { ...entry, br }, bytes: kept.bytes + br.length });
    this.held += br.length;
    this.trim(key);
  }
}
