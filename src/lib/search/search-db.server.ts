// Raw SQL access for the search: both drivers behind one small interface, array rows where
// thousands of rows come back, and a statement timeout on PostgreSQL (a pathological query is
// cancelled by the server, not left running).

import type { PGlite } from '@electric-sql/pglite';
import type { Pool } from 'pg';
import type { Db } from '../server/db/client.server.ts';

export type SqlRunner = {
  readonly kind: 'postgres' | 'pglite';
  /** Rows as objects. */
  rows<T>(text: string, params?: readonly unknown[]): Promise<T[]>;
  /** Rows as arrays (cheaper for large results). */
  arrays(text: string, params?: readonly unknown[]): Promise<unknown[][]>;
};

type Raw = { kind: 'postgres'; pool: Pool } | { kind: 'pglite'; lite: PGlite };

const rawCache = new WeakMap<object, Raw>();

export function rawOf(db: Db): Raw {
  const cached = rawCache.get(db);
  if (cached) return cached;
  const client = (db as unknown as { $client: unknown }).$client as Record<string, unknown>;
  const raw: Raw =
    typeof client === 'object' && client !== null && 'totalCount' in client && typeof client['connect'] === 'function'
      ? { kind: 'postgres', pool: client as unknown as Pool }
      : { kind: 'pglite', lite: client as unknown as PGlite };
  rawCache.set(db, raw);
  return raw;
}

function pgRunner(c: Pool): SqlRunner {
  return {
    kind: 'postgres',
    rows: async <T>(text: string, params: readonly unknown[] = []) => (await c.query(text, params as unknown[])).rows as T[],
    arrays: async (text: string, params: readonly unknown[] = []) => (await c.query({ text, values: params as unknown[], rowMode: 'array' })).rows as unknown[][],
  };
}

function liteRunner(c: PGlite): SqlRunner {
  return {
    kind: 'pglite',
    rows: async <T>(text: string, params: readonly unknown[] = []) => (await c.query<T>(text, params as unknown[])).rows,
    arrays: async (text: string, params: readonly unknown[] = []) =>
      (
        await c.query<unknown[]>(text, params as unknown[], {
          rowMode: 'array',
        })
      ).rows,
  };
}

/** A runner on the shared pool / PGlite instance (no timeout; for index builds and small look-ups). */
export function runnerOf(db: Db): SqlRunner {
  const raw = rawOf(db);
  return raw.kind === 'postgres' ? pgRunner(raw.pool) : liteRunner(raw.lite);
}

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
  return fn(pgRunner(await searchPoolOf(raw.pool, SEARCH_STATEMENT_TIMEOUT_MS)));
}

/** PostgreSQL's code for a statement cancelled by statement_timeout. */
export function isQueryTimeout(error: unknown): boolean {
  const e = error as { code?: string; cause?: { code?: string } } | null;
  return e?.code === '57014' || e?.cause?.code === '57014';
}
