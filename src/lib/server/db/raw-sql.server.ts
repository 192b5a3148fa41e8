// Raw SQL beside Drizzle, for the few places that need it (array rows for the search, recursive
// skip-scans, unnest upserts, COPY in the bulk loader). Both drivers behind one small interface;
// this module is the only one that reaches under Drizzle for its client.

import type { PGlite, Transaction } from '@electric-sql/pglite';
import type { Pool, PoolClient } from 'pg';
import type { Db } from './client.server.ts';

export type SqlRunner = {
  readonly kind: 'postgres' | 'pglite';
  /** Rows as objects. */
  rows<T>(text: string, params?: readonly unknown[]): Promise<T[]>;
  /** Rows as arrays (cheaper for large results). */
  arrays(text: string, params?: readonly unknown[]): Promise<unknown[][]>;
};

/** The driver's own client under a Drizzle database: a pg pool or a PGlite instance. */
export type RawClient = { kind: 'postgres'; pool: Pool } | { kind: 'pglite'; lite: PGlite };

const rawCache = new WeakMap<Db, RawClient>();

export function rawOf(db: Db): RawClient {
  const cached = rawCache.get(db);
  if (cached) return cached;
  // Drizzle keeps the driver's client on $client; a pg Pool is told apart by its pool counters.
  const client = (db as unknown as { $client: unknown }).$client as Record<string, unknown>;
  const raw: RawClient =
    typeof client === 'object' && client !== null && 'totalCount' in client && typeof client['connect'] === 'function'
      ? { kind: 'postgres', pool: client as unknown as Pool }
      : { kind: 'pglite', lite: client as unknown as PGlite };
  rawCache.set(db, raw);
  return raw;
}

/** A runner on a pg pool or one of its checked-out clients. */
export function pgRunner(c: Pool | PoolClient): SqlRunner {
  return {
    kind: 'postgres',
    rows: async <T>(text: string, params: readonly unknown[] = []) => (await c.query(text, params as unknown[])).rows as T[],
    arrays: async (text: string, params: readonly unknown[] = []) => (await c.query({ text, values: params as unknown[], rowMode: 'array' })).rows as unknown[][],
  };
}

/** A runner on a PGlite instance or one of its transactions. */
export function liteRunner(c: PGlite | Transaction): SqlRunner {
  return {
    kind: 'pglite',
    rows: async <T>(text: string, params: readonly unknown[] = []) => (await c.query<T>(text, params as unknown[])).rows,
    arrays: async (text: string, params: readonly unknown[] = []) => (await c.query<unknown[]>(text, params as unknown[], { rowMode: 'array' })).rows,
  };
}

export function runnerOn(raw: RawClient): SqlRunner {
  return raw.kind === 'postgres' ? pgRunner(raw.pool) : liteRunner(raw.lite);
}

/** A runner on the database's shared pool / PGlite instance (no statement timeout). */
export function runnerOf(db: Db): SqlRunner {
  return runnerOn(rawOf(db));
}

/**
 * Runs `fn` in one transaction on one connection: committed when it returns, rolled back when it
 * throws. PGlite's transaction object is passed too, for what only it can do (COPY from a blob).
 */
export async function inTransaction<T>(raw: RawClient, fn: (r: SqlRunner, lite?: Transaction) => Promise<T>): Promise<T> {
  if (raw.kind === 'pglite') return raw.lite.transaction((tx) => fn(liteRunner(tx), tx));
  const client = await raw.pool.connect();
  try {
    await client.query('BEGIN');
    const out = await fn(pgRunner(client));
    await client.query('COMMIT');
    return out;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => {});
    throw error;
  } finally {
    client.release();
  }
}
