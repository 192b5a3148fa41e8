// The window arithmetic of the shared request limits (rate-limit.server.ts), pure so it can be
// tested on its own. A sliding window is estimated from two fixed windows, the way large sites
// count: the previous window's hits weighted by how much of it still overlaps the last `windowMs`,
// plus the current window's hits. Two counters per client instead of a log of timestamps keeps
// the database work at one small row update per request.

export type WindowLimit = { max: number; windowMs: number };
export type Verdict = { ok: true } | { ok: false; retryAfter: number };

/** Where `nowMs` falls: its window number and the share of the previous window still counted. */
export function windowAt(nowMs: number, windowMs: number): { bucket: number; previousWeight: number; bucketEndMs: number } {
  const bucket = Math.floor(nowMs / windowMs);
  const elapsed = nowMs - bucket * windowMs;
  return { bucket, previousWeight: (windowMs - elapsed) / windowMs, bucketEndMs: (bucket + 1) * windowMs };
}

/** The estimated hits in the last window with one more hit counted in the current one. */
export function estimateWithHit(previous: number, current: number, previousWeight: number): number {
  return previous * previousWeight + current + 1;
}

/**
 * Whole seconds (at least 1) until a hit would be accepted, given the counts of the previous and
 * current windows at `nowMs` and no other hits meanwhile: later in this window, as the previous
 * one fades, or else in the next window, where this one becomes the previous.
 */
export function secondsUntilAllowed(limit: WindowLimit, previous: number, current: number, nowMs: number): number {
  const { windowMs, max } = limit;
  const { bucketEndMs } = windowAt(nowMs, windowMs);
  let at: number;
  if (previous > 0 && current + 1 <= max) {
    // previous * (end - t) / windowMs + current + 1 <= max
    at = bucketEndMs - ((max - current - 1) / previous) * windowMs;
  } else if (current > 0) {
    at = bucketEndMs + windowMs - ((max - 1) / current) * windowMs;
  } else {
    at = bucketEndMs;
  }
  return Math.max(1, Math.ceil((Math.max(at, nowMs) - nowMs) / 1000));
}
