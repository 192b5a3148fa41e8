// Per-client request throttles of the main API (downloads, tracking). In memory, per process: they
// shield this node's CPU, so a per-node count is what they need. Limits that must hold across
// nodes and restarts (SMS sends, logins) live in the SSO's database-backed limiter instead.

export type Throttle = {
  /** Counts one hit for `key` at `nowMs`; false (with the seconds to wait) once `max` is reached in the window. */
  hit(key: string, nowMs?: number): { ok: true } | { ok: false; retryAfter: number };
};

/**
 * A sliding-window log per key, at most `max` timestamps each. Keys idle for a whole window are
 * dropped on a sweep every window, so memory follows the clients seen in the last window only.
 */
export function createThrottle({ max, windowMs, maxKeys = 100_000 }: { max: number; windowMs: number; maxKeys?: number }): Throttle {
  const hits = new Map<string, number[]>();
  let nextSweep = 0;
  const sweep = (now: number) => {
    for (const [key, log] of hits) if ((log.at(-1) ?? 0) <= now - windowMs) hits.delete(key);
    nextSweep = now + windowMs;
  };
  return {
    hit(key, nowMs = Date.now()) {
      if (nowMs >= nextSweep) sweep(nowMs);
      let log = hits.get(key);
      if (!log) {
        // A flood of distinct keys (spoofed nothing: keys are socket addresses) is still bounded.
        if (hits.size >= maxKeys) hits.delete(hits.keys().next().value!);
        log = [];
        hits.set(key, log);
      }
      while (log.length > 0 && log[0]! <= nowMs - windowMs) log.shift();
      if (log.length >= max) return { ok: false, retryAfter: Math.max(1, Math.ceil((log[0]! + windowMs - nowMs) / 1000)) };
      log.push(nowMs);
      return { ok: true };
    },
  };
}
