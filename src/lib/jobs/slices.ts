// Work split into slices that give the event loop back between them (issue #36 item 1): on the
// embedded PGlite every statement runs on the request thread, so a statement over ~100 ms is a
// stall for every other request. Slice sizes adapt to the time the last slice took, so a loaded
// machine (or a slower database) gets smaller slices rather than longer stalls.
import { requestsInFlight } from '../server/observability/stall-guard.server.ts';

/**
 * This thread's CPU time, ms. What a slice holds the loop for: on PostgreSQL a statement's time is
 * spent in the server (the loop is free meanwhile), on PGlite it is spent here.
 */
export function threadCpuMs(): number {
  const usage = process.threadCpuUsage();
  return (usage.user + usage.system) / 1000;
}

/** Lets timers, I/O and other requests run before the next slice. */
export function yieldToLoop(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

/**
 * For background work with no one waiting on it (the catalogue's cross-asset check at start):
 * gives the loop back, then waits while requests are being answered, up to `maxWaitMs`, so a
 * search never queues behind a slice (the check beside bench:search doubled its p95, issue #29
 * item 9). The cap keeps the work moving under continuous traffic.
 */
export async function yieldToRequests(maxWaitMs = 1000): Promise<void> {
  await yieldToLoop();
  const until = performance.now() + maxWaitMs;
  while (requestsInFlight() > 0 && performance.now() < until) await new Promise((resolve) => setTimeout(resolve, 5));
}

export type SliceOptions = {
  /** Time one slice should take, ms. */
  readonly targetMs?: number;
  /** Items in the first slice. */
  readonly first?: number;
  readonly min?: number;
  readonly max?: number;
  readonly signal?: AbortSignal | undefined;
};

/** A slice size that follows the time taken: the next size aims at `targetMs`, growing at most ×2. */
export class SliceSizer {
  private size: number;
  private readonly target: number;
  private readonly min: number;
  private readonly max: number;

  constructor(options: SliceOptions = {}) {
    this.target = options.targetMs ?? 40;
    this.min = options.min ?? 1;
    this.max = options.max ?? 1000;
    this.size = Math.max(this.min, Math.min(this.max, options.first ?? 50));
  }

  get next(): number {
    return this.size;
  }

  /** Records that `items` took `ms`. */
  took(items: number, ms: number): void {
    if (items <= 0) return;
    const perItem = Math.max(ms, 0.01) / items;
    const wanted = Math.floor(this.target / perItem);
    this.size = Math.max(this.min, Math.min(this.max, wanted, this.size * 2));
  }
}

/** Runs `work` over `items` in slices sized by time, yielding to the loop before each one. */
export async function inSlices<T>(items: readonly T[], work: (slice: readonly T[], offset: number) => Promise<void>, options: SliceOptions = {}): Promise<void> {
  const sizer = new SliceSizer(options);
  for (let i = 0; i < items.length; ) {
    options.signal?.throwIfAborted();
    await yieldToLoop();
    const n = sizer.next;
    const started = performance.now();
    await work(items.slice(i, i + n), i);
    sizer.took(Math.min(n, items.length - i), performance.now() - started);
    i += n;
  }
}
