// Raw SQL for the search: the shared runner (array rows where thousands of rows come back) plus a
// statement timeout on PostgreSQL (a pathological query is cancelled by the server, not left running).

import type { Pool } from 'pg';
import type { Db } from '../server/db/client.server.ts';
import { liteRunner, pgRunner, rawOf, type SqlRunner } from '../server/db/raw-sql.server.ts';
import { readRunnerOf } from '../server/db/read-replica.server.ts';

// The runner itself lives in src/lib/server/db/raw-sql.server.ts; these names stay importable here.
export { rawOf, runnerOf, type SqlRunner } from '../server/db/raw-sql.server.ts';

/** Statement timeout of a search on PostgreSQL (every statement of the search gets this much). */
export const SEARCH_STATEMENT_TIMEOUT_MS = 2000;

/**
 * PostgreSQL: a small pool of its own for search statements, with statement_timeout set when each
 * connection opens (a startup parameter), so a search costs no BEGIN / SET / COMMIT round trips.
 * Idle connections close after a few seconds and never keep the process alive.
 */
const searchPools = new WeakMap<Pool, Promise<Pool>>();

function searchPoolOf(pool: Pool, timeoutMs: number): Promise<Pool> {
  let p = searchPools.get(pool);
  if (!p) {
    p = (async () => {
      const { default: pg } = await import('pg');
      const options = (pool as unknown as { options: Record<string, unknown> }).options;
      const own = new pg.Pool({
        ...options,
        max: Math.min(Number(options['max'] ?? 10), 8),
        statement_timeout: timeoutMs,
        idleTimeoutMillis: 5000,
        allowExitOnIdle: true,
      });
      own.on('error', () => {});
      // A checked-out client losing its server must not crash the process (see client.server.ts).
      own.on('connect', (client) => client.on('error', () => {}));
      return own;
    })();
    searchPools.set(pool, p);
  }
  return p;
}

/**
 * Runs `fn` with a runner whose statements time out after SEARCH_STATEMENT_TIMEOUT_MS on
 * PostgreSQL. PGlite runs in-process and has no timer; there the LIMITs on every candidate scan
 * are the bound.
 */
export async function withSearchRunner<T>(db: Db, fn: (r: SqlRunner) => Promise<T>): Promise<T> {
  const raw = rawOf(db);
  if (raw.kind === 'pglite') return fn(liteRunner(raw.lite));
  // On the read replica when DATABASE_READ_URL is set (same timeout), each statement falling back to the primary's pool.
  const primary = pgRunner(await searchPoolOf(raw.pool, SEARCH_STATEMENT_TIMEOUT_MS));
  return fn(readRunnerOf(db, primary, SEARCH_STATEMENT_TIMEOUT_MS));
}

/** PostgreSQL's code for a statement cancelled by statement_timeout. */
export function isQueryTimeout(error: unknown): boolean {
  const e = error as { code?: string; cause?: { code?: string } } | null;
  return e?.code === '57014' || e?.cause?.code === '57014';
}
