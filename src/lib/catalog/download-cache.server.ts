import type { CompressedData, ZipChunks } from '../files/zip.ts';

// In-memory caches behind the KiCad download and the symbol/footprint previews
// (product-files.server.ts). Keys are content versions (a hash of everything an answer is made
// from, which is also its ETag), so a re-import that changes a part's symbol, footprint or 3D model
// misses by itself and nothing needs invalidating; entries of old versions age out of the LRU.
// Each cache is bounded by bytes and builds an answer once however many requests ask for it at the
// same time (single flight). Per process, like the rest of the server's caches.

export type CacheStats = {
  /** Answers served from the cache. */
  hits: number;
  /** Builds started (misses that were not already being built). */
  builds: number;
  /** Misses that waited for a build another request had started. */
  shared: number;
  evictions: number;
  entries: number;
  bytes: number;
  maxBytes: number;
};

/** A build's result; `keep: false` serves it without caching (its inputs changed while it was built). */
export type Built<V> = { value: V; keep?: boolean };

/** A least-recently-used map bounded by the bytes of its values, with single-flight builds. */
export class ByteLruCache<V> {
  readonly maxBytes: number;
  /** Larger values are served but not kept, so one huge answer cannot flush the rest. */
  readonly maxEntryBytes: number;
  readonly #sizeOf: (value: V) => number;
  readonly #entries = new Map<string, { value: V; bytes: number }>();
  readonly #inflight = new Map<string, Promise<V>>();
  #bytes = 0;
  #counts = { hits: 0, builds: 0, shared: 0, evictions: 0 };

  constructor({ maxBytes, sizeOf, maxEntryBytes = Math.floor(maxBytes / 4) }: { maxBytes: number; sizeOf: (value: V) => number; maxEntryBytes?: number }) {
    this.maxBytes = maxBytes;
    this.maxEntryBytes = maxEntryBytes;
    this.#sizeOf = sizeOf;
  }

  /** The cached value of `key`, else the one `build` makes (one build per key at a time). */
  get(key: string, build: () => Promise<Built<V>>): Promise<V> {
    const hit = this.#entries.get(key);
    if (hit) {
      this.#entries.delete(key); // re-insert: Map order is the recency order
      this.#entries.set(key, hit);
      this.#counts.hits++;
      return Promise.resolve(hit.value);
    }
    const pending = this.#inflight.get(key);
    if (pending) {
      this.#counts.shared++;
      return pending;
    }
    this.#counts.builds++;
    const promise = Promise.resolve()
      .then(build)
      .then(({ value, keep = true }) => {
        if (keep) this.#put(key, value);
        return value;
      })
      .finally(() => {
        if (this.#inflight.get(key) === promise) this.#inflight.delete(key);
      });
    this.#inflight.set(key, promise);
    return promise;
  }

  #put(key: string, value: V): void {
    const bytes = this.#sizeOf(value);
    if (bytes > this.maxEntryBytes) return;
    const old = this.#entries.get(key);
    if (old) {
      this.#entries.delete(key);
      this.#bytes -= old.bytes;
    }
    this.#entries.set(key, { value, bytes });
    this.#bytes += bytes;
    for (const [oldest, entry] of this.#entries) {
      if (this.#bytes <= this.maxBytes) break;
      this.#entries.delete(oldest);
      this.#bytes -= entry.bytes;
      this.#counts.evictions++;
    }
  }

  /** Drops every entry and zeroes the counters (builds under way finish and are kept). */
  clear(): void {
    this.#entries.clear();
    this.#bytes = 0;
    this.#counts = { hits: 0, builds: 0, shared: 0, evictions: 0 };
  }

  stats(): CacheStats {
    return { ...this.#counts, entries: this.#entries.size, bytes: this.#bytes, maxBytes: this.maxBytes };
  }
}

const MB = 1024 * 1024;

/** Built part zips by content version. Their 3D model bodies are shared with `modelDataCache`, so memory is at most the sum of the bounds. */
export const zipCache = new ByteLruCache<ZipChunks>({ maxBytes: 64 * MB, sizeOf: (zip) => zip.size });

/**
 * A stored 3D model, decompressed and deflated for the zip, by model row and content hash: parts
 * sharing a footprint model (every 0603 resistor) deflate it once. Null when the row changed
 * during the build (never kept).
 */
export const modelDataCache = new ByteLruCache<CompressedData | null>({ maxBytes: 32 * MB, sizeOf: (data) => data?.body.length ?? 0 });

/** Rendered symbol and footprint SVGs (UTF-8) by their ETag. */
export const svgCache = new ByteLruCache<Buffer>({ maxBytes: 16 * MB, sizeOf: (svg) => svg.length });

/** Counters for tests and benchmarks: a cached answer adds a hit, not a build. */
export function downloadCacheStats(): { zip: CacheStats; model: CacheStats; svg: CacheStats } {
  return { zip: zipCache.stats(), model: modelDataCache.stats(), svg: svgCache.stats() };
}

export function clearDownloadCaches(): void {
  zipCache.clear();
  modelDataCache.clear();
  svgCache.clear();
}
