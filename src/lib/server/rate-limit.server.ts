import { randomUUID } from 'node:crypto';
import { keyDigest } from './client-key.server.ts';
import type { Db } from './db/client.server.ts';
import { runnerOf } from './db/raw-sql.server.ts';
import { dbFailure, loggableError } from './db-failure.server.ts';
import { logger } from './logger.server.ts';
import { secondsUntilAllowed, windowAt, type Verdict, type WindowLimit } from './rate-limit.ts';

// Per-client request limits of the main API (downloads, mark/*, chat, uploads, …), counted in the
// database (table rate_limit_counts) so that they hold across nodes and restarts. One statement
// per hit: read the previous window's count and add this hit to the current window's row only if
// the estimate stays within `max`. The row lock of that upsert orders concurrent hits on one key,
// so N parallel hits never let more than `max` through. Old rows are deleted at most once a
// minute per process, not on every hit.
//
// If the database cannot be reached, a hit is let through (fail open) with a warning: a limit
// shields the service from one client, and refusing everybody (or answering 500) while the
// database restarts would do that client's work for it. Whatever the request then needs from
// the database answers 503 on its own.

export type RateLimit = WindowLimit & {
  readonly name: string;
  /** Counts one hit for `key` (hashed before storing) at `nowMs`; refused once `max` is reached in the window. */
  hit(db: Db, key: string, nowMs?: number): Promise<Verdict>;
};

// Parameters: $1 key, $2 window number, $3 weight of the previous window, $4 max, $5 expiry (s).
const HIT_SQL = `WITH previous AS (
  SELECT coalesce((SELECT hits FROM rate_limit_counts WHERE key = $1::text AND bucket = $2::bigint - 1), 0) AS hits
), counted AS (
  INSERT INTO rate_limit_counts AS r (key, bucket, hits, expires_at)
  SELECT $1::text, $2::bigint, 1, $5::bigint FROM previous WHERE previous.hits * $3::float8 + 1 <= $4::int
  ON CONFLICT (key, bucket) DO UPDATE SET hits = r.hits + 1
    WHERE (SELECT hits FROM previous) * $3::float8 + r.hits + 1 <= $4::int
  RETURNING r.hits
)
SELECT (SELECT hits FROM previous) AS previous, (SELECT hits FROM counted) AS counted,
  (SELECT hits FROM rate_limit_counts WHERE key = $1::text AND bucket = $2::bigint) AS current`;

const CLEANUP_EVERY_MS = 60_000;
const nextCleanup = new WeakMap<Db, number>();

function cleanupNow(db: Db, nowMs: number): void {
  if (nowMs < (nextCleanup.get(db) ?? 0)) return;
  nextCleanup.set(db, nowMs + CLEANUP_EVERY_MS);
  // Not awaited: the hit that happens to start it does not wait for it.
  runnerOf(db)
    .rows('DELETE FROM rate_limit_counts WHERE expires_at < $1', [Math.floor(nowMs / 1000)])
    .catch((error: unknown) => logger.warn({ ...loggableError(error) }, 'rate limit cleanup failed'));
}

let lastFailOpenLog = 0;
let failOpenSinceLog = 0;

function failOpen(name: string, reason: string, nowMs: number): Verdict {
  failOpenSinceLog++;
  // One line per 10 s at most: during an outage every request would otherwise log one.
  if (nowMs - lastFailOpenLog >= 10_000) {
    logger.warn({ limit: name, reason, hits: failOpenSinceLog }, 'rate limit skipped: database unavailable');
    lastFailOpenLog = nowMs;
    failOpenSinceLog = 0;
  }
  return { ok: true };
}

/**
 * A limit named `name` (its counts are shared by every limit of that name on the database).
 * `fresh` gives the limit counts of its own, for the tests' reset seams.
 */
export function createRateLimit(name: string, limit: WindowLimit, { fresh = false }: { fresh?: boolean } = {}): RateLimit {
  const { max, windowMs } = limit;
  if (!(max >= 1 && windowMs >= 1000)) throw new Error(`rate limit ${name}: max >= 1 and windowMs >= 1000 required`);
  const space = fresh ? `${name}~${randomUUID().slice(0, 8)}` : name;
  return {
    name,
    max,
    windowMs,
    async hit(db, key, nowMs = Date.now()) {
      const { bucket, previousWeight } = windowAt(nowMs, windowMs);
      const expiresAt = Math.ceil(((bucket + 2) * windowMs) / 1000);
      let row: { previous: number; counted: number | null; current: number | null } | undefined;
      try {
        [row] = await runnerOf(db).rows<{ previous: number; counted: number | null; current: number | null }>(HIT_SQL, [
          `${space}:${keyDigest('rate', key)}`,
          bucket,
          previousWeight,
          max,
          expiresAt,
        ]);
      } catch (error) {
        const reason = dbFailure(error);
        if (reason) return failOpen(name, reason, Date.now());
        throw error;
      }
      cleanupNow(db, nowMs);
      if (row?.counted != null) return { ok: true };
      const previous = Number(row?.previous ?? 0);
      // The statement's snapshot may predate hits that raced this one: a refusal means the window
      // held at least `max` (estimated), so count that much at least.
      const current = Math.max(Number(row?.current ?? 0), Math.ceil(max - previous * previousWeight));
      return { ok: false, retryAfter: secondsUntilAllowed(limit, previous, current, nowMs) };
    },
  };
}
