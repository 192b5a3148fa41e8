import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Extensions } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import * as schema from './schema/index.ts';

export type Schema = typeof schema;
/** Both drivers share Drizzle's PostgreSQL dialect, so domain code sees one type. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export type Database = {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Runs raw SQL (multi-statement allowed); used by migrations and test set-up. */
  exec: (sql: string) => Promise<void>;
  close: () => Promise<void>;
  /** Connection pool figures for /metrics (PostgreSQL; PGlite has one in-process connection). */
  poolStats?: () => { total: number; idle: number; waiting: number };
};

export type DatabaseOptions =
  | { kind: 'postgres'; url: string; poolSize?: number }
  | { kind: 'pglite'; dataDir: string | 'memory'; /** A dumped data directory to start from (tests: a migrated template). */ loadDataDir?: Blob };

export const migrationsFolder = resolve(process.cwd(), 'src/lib/server/db/migrations');

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.kind === 'postgres') {
    const { default: pg } = await import('pg');
    const { drizzle } = await import('drizzle-orm/node-postgres');
    const pool = new pg.Pool({ connectionString: options.url, max: options.poolSize ?? 10 });
    // An idle client losing its server (restart) must not crash the process; queries then fail as 503.
    pool.on('error', () => {});
    const db = drizzle(pool, { schema }) as unknown as Db;
    return {
      db,
      kind: 'postgres',
      exec: async (sql) => {
        await pool.query(sql);
      },
      close: () => pool.end(),
      poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    };
  }
  const { PGlite } = await import('@electric-sql/pglite');
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  const { drizzle } = await import('drizzle-orm/pglite');
  let dataDir: string | undefined;
  if (options.dataDir !== 'memory') {
    dataDir = resolve(options.dataDir, 'pglite');
    mkdirSync(dataDir, { recursive: true });
  }
  const extensions: Extensions = { pg_trgm };
  // pgvector for the datasheets' vector search (issue #15): optional, like on PostgreSQL, where
  // Debian's server may lack it; without it the search stays lexical.
  try {
    extensions['vector'] = (await import('@electric-sql/pglite-pgvector')).vector;
  } catch {
    // Not installed: no vectors.
  }
  const client = await PGlite.create({ ...(dataDir ? { dataDir } : {}), ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}), extensions });
  const db = drizzle(client, { schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    exec: async (sql) => {
      await client.exec(sql);
    },
    close: () => client.close(),
  };
}

/** Applies pending migrations; an advisory lock keeps concurrent starts on PostgreSQL apart. */
export async function migrateDatabase(database: Database): Promise<void> {
  if (database.kind === 'postgres') {
    const { migrate } = await import('drizzle-orm/node-postgres/migrator');
    await database.exec('SELECT pg_advisory_lock(727274)');
    try {
      await migrate(database.db as never, { migrationsFolder });
    } finally {
      await database.exec('SELECT pg_advisory_unlock(727274)');
    }
    return;
  }
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  await migrate(database.db as never, { migrationsFolder });
}
