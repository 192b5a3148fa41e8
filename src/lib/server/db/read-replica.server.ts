// Catalogue reads on a streaming replica (DATABASE_READ_URL, issue #18 item 5). The heavy reads
// that may be a moment stale (search, suggestions, the search index build, product detail pages)
// take a runner from here; writes and read-your-own-writes (sessions, BOMs, library, SSO) keep
// using the primary's Drizzle database and never come here.
//
// A replica failure (refused or lost connection, a recovery conflict, a replica shutting down or
// still starting) costs nothing visible: that statement runs again on the primary, and the replica
// rests for REPLICA_REST_MS before the next statement tries it again. State lives on globalThis
// because `npm start` and the server bundle each hold a copy of this module.

import type { Pool, PoolClient } from 'pg';
import { getConfig } from '../config.server.ts';
import type { Db } from './client.server.ts';
import * as schema from './schema/index.ts';
import { pgRunner, rawOf, runnerOf, type SqlRunner } from './raw-sql.server.ts';

/** How long a failed replica is left alone before a statement tries it again. */
export const REPLICA_REST_MS = 5000;
/** A replica that does not accept a connection within this is treated as down (a black-holed host must not stall pages). */
const REPLICA_CONNECT_TIMEOUT_MS = 1000;

type Replica = {
  url: string;
  /** Pools by statement timeout in ms (0: none). */
  pools: Map<number, Pool>;
  downUntil: number;
  fallbacks: number;
  failures: number;
  lastError: string | null;
};

const KEY = Symbol.for('chipedia.readReplica');
type Holder = { [KEY]?: { replica: Replica | null; url: string | undefined } };

/** The replica of this process, or null when DATABASE_READ_URL is not set. */
function replica(): Replica | null {
  const holder = globalThis as Holder;
  const url = getConfig().DATABASE_READ_URL;
  if (!holder[KEY] || holder[KEY].url !== url) {
    holder[KEY] = { url, replica: url ? { url, pools: new Map(), downUntil: 0, fallbacks: 0, failures: 0, lastError: null } : null };
  }
  return holder[KEY].replica;
}

async function poolOf(r: Replica, timeoutMs: number): Promise<Pool> {
  let pool = r.pools.get(timeoutMs);
  if (!pool) {
    const { default: pg } = await import('pg');
    pool = new pg.Pool({
      connectionString: r.url,
      max: timeoutMs ? 8 : 10,
      connectionTimeoutMillis: REPLICA_CONNECT_TIMEOUT_MS,
      idleTimeoutMillis: 10_000,
      allowExitOnIdle: true,
      ...(timeoutMs ? { statement_timeout: timeoutMs } : {}),
    });
    // An idle client losing the replica must not crash the process; the next statement falls back.
    pool.on('error', () => {});
    r.pools.set(timeoutMs, pool);
  }
  return pool;
}

/**
 * Whether an error says the replica could not answer (so the primary should): no SQLSTATE (a
 * network error, a connect timeout, a lost connection), connection exceptions (08), operator
 * intervention (57P: shutdown, starting up), resources (53), system (58, XX), a recovery conflict
 * (40001) or a write that reached a read-only server (25006). A statement timeout (57014) or bad
 * SQL would fail on the primary as well and is passed on.
 */
export function isReplicaFailure(error: unknown): boolean {
  const e = error as { code?: unknown; cause?: { code?: unknown } } | null;
  const code = typeof e?.code === 'string' ? e.code : typeof e?.cause?.code === 'string' ? e.cause.code : '';
  if (!/^[0-9A-Z]{5}$/.test(code)) return true;
  return /^(08|53|58|XX)/.test(code) || code.startsWith('57P') || code === '40001' || code === '25006';
}

function markDown(r: Replica, error: unknown): void {
  r.downUntil = Date.now() + REPLICA_REST_MS;
  r.failures++;
  r.lastError = error instanceof Error ? error.message.slice(0, 200) : String(error).slice(0, 200);
}

/** Runs one statement on the replica, or on the primary when the replica fails or rests. */
async function attempt<T>(r: Replica, timeoutMs: number, onReplica: (pool: Pool) => Promise<T>, onPrimary: () => Promise<T>): Promise<T> {
  if (Date.now() < r.downUntil) {
    r.fallbacks++;
    return onPrimary();
  }
  try {
    return await onReplica(await poolOf(r, timeoutMs));
  } catch (error) {
    if (!isReplicaFailure(error)) throw error;
    markDown(r, error);
    r.fallbacks++;
    return onPrimary();
  }
}

/** A runner that sends each statement to the replica, and to `primary` when the replica fails or rests. */
function failoverRunner(r: Replica, timeoutMs: number, primary: SqlRunner): SqlRunner {
  return {
    kind: 'postgres',
    rows: <T>(text: string, params?: readonly unknown[]) => attempt(r, timeoutMs, (pool) => pgRunner(pool).rows<T>(text, params), () => primary.rows<T>(text, params)),
    arrays: (text: string, params?: readonly unknown[]) => attempt(r, timeoutMs, (pool) => pgRunner(pool).arrays(text, params), () => primary.arrays(text, params)),
  };
}

/**
 * What Drizzle sees as its pool for catalogue reads through the ORM: queries go to the replica
 * with the same fallback; a transaction (connect) always gets a primary connection. Drizzle tells
 * a pool from a client by the class name, hence the name.
 */
class ReplicaFailoverPool {
  readonly #r: Replica;
  readonly #primary: Pool;
  constructor(r: Replica, primary: Pool) {
    this.#r = r;
    this.#primary = primary;
  }
  get totalCount(): number {
    return this.#primary.totalCount;
  }
  connect(): Promise<PoolClient> {
    return this.#primary.connect();
  }
  query(config: unknown, values?: unknown): Promise<unknown> {
    const run = (pool: Pool) => (pool.query as (c: unknown, v?: unknown) => Promise<unknown>).call(pool, config, values);
    return attempt(this.#r, 0, run, () => run(this.#primary));
  }
}

const readDbs = new WeakMap<Db, Db>();

/**
 * A Drizzle database for catalogue reads written with the ORM (category pages' filter headers):
 * on the replica with fallback when one is configured, else `db` itself. Memo caches keep using
 * `db` as their key; only the queries move.
 */
export async function readDbOf(db: Db): Promise<Db> {
  const r = replica();
  const raw = rawOf(db);
  if (!r || raw.kind !== 'postgres') return db;
  let read = readDbs.get(db);
  if (!read) {
    const { drizzle } = await import('drizzle-orm/node-postgres');
    read = drizzle(new ReplicaFailoverPool(r, raw.pool) as unknown as Pool, { schema }) as unknown as Db;
    readDbs.set(db, read);
  }
  return read;
}

/**
 * The runner for catalogue reads: on the replica with fallback when one is configured and the
 * database is PostgreSQL, else `primary` (default: the database's own runner).
 */
export function readRunnerOf(db: Db, primary: SqlRunner = runnerOf(db), timeoutMs = 0): SqlRunner {
  const r = replica();
  if (!r || rawOf(db).kind !== 'postgres') return primary;
  return failoverRunner(r, timeoutMs, primary);
}

export type ReplicaStatus = { configured: boolean; state: 'none' | 'up' | 'resting'; fallbacks: number; failures: number; lastError: string | null };

/** For /readyz and /metrics: whether reads use a replica, and how often it failed over to the primary. */
export function readReplicaStatus(): ReplicaStatus {
  const r = replica();
  if (!r) return { configured: false, state: 'none', fallbacks: 0, failures: 0, lastError: null };
  return { configured: true, state: Date.now() < r.downUntil ? 'resting' : 'up', fallbacks: r.fallbacks, failures: r.failures, lastError: r.lastError };
}

/** Closes the replica's pools (tests, shutdown). */
export async function closeReadReplica(): Promise<void> {
  const holder = globalThis as Holder;
  const r = holder[KEY]?.replica;
  if (!r) return;
  const pools = [...r.pools.values()];
  r.pools.clear();
  await Promise.all(pools.map((p) => p.end().catch(() => {})));
}
