import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { categories } from '../../../src/lib/server/db/schema/index.ts';
import { ConfigError, parseConfig } from '../../../src/lib/server/config.server.ts';
import { isReplicaFailure } from '../../../src/lib/server/db/read-replica.server.ts';
import { createTestDatabase } from '../../helpers/test-db.ts';

// DATABASE_READ_URL (issue #18 item 5). The replica's success path, its outage and its return run
// against real clusters in tests/scale/scale-out.test.ts; here: the rules and the fallback itself.

describe('DATABASE_READ_URL', () => {
  it('is a PostgreSQL URL and needs DATABASE_URL', () => {
    expect(parseConfig({ DATABASE_URL: 'postgres://a@p/db', DATABASE_READ_URL: 'postgres://a@r/db' }).DATABASE_READ_URL).toBe('postgres://a@r/db');
    expect(() => parseConfig({ DATABASE_READ_URL: 'postgres://a@r/db' })).toThrow(ConfigError);
    expect(() => parseConfig({ DATABASE_READ_URL: 'postgres://a@r/db' })).toThrow(/DATABASE_READ_URL.*needs DATABASE_URL/);
    expect(() => parseConfig({ DATABASE_URL: 'postgres://a@p/db', DATABASE_READ_URL: 'mysql://r/db' })).toThrow(/DATABASE_READ_URL/);
    expect(parseConfig({ DATABASE_READ_URL: ' ' }).DATABASE_READ_URL).toBeUndefined();
  });

  it('tells a replica that cannot answer from a statement that would fail anywhere', () => {
    const failures = [new Error('connect ECONNREFUSED 127.0.0.1:5453'), Object.assign(new Error('x'), { code: 'ECONNRESET' }), new Error('Connection terminated unexpectedly')];
    for (const code of ['08006', '57P01', '57P03', '53300', '58030', 'XX000', '40001', '25006']) failures.push(Object.assign(new Error(code), { code }));
    for (const e of failures) expect(isReplicaFailure(e), String((e as { code?: string }).code ?? e.message)).toBe(true);
    for (const code of ['57014', '42601', '42P01', '22P02', '23505']) expect(isReplicaFailure(Object.assign(new Error(code), { code })), code).toBe(false);
  });
});

describe('catalogue reads with a replica that refuses connections', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  beforeAll(async () => {
    // Port 9 (discard) is closed here: every connection is refused at once.
    vi.stubEnv('DATABASE_URL', 'postgres://postgres@127.0.0.1:9/primary');
    vi.stubEnv('DATABASE_READ_URL', 'postgres://postgres@127.0.0.1:9/replica');
    // The suite's setup file (stall-check.ts) loads the logger, whose config is parsed and kept
    // before these variables exist: the modules imported below get a config of their own.
    vi.resetModules();
    database = await createTestDatabase();
  });
  afterAll(async () => {
    const { closeReadReplica } = await import('../../../src/lib/server/db/read-replica.server.ts');
    await closeReadReplica();
    await database.close();
    vi.unstubAllEnvs();
  });

  it('answers from the primary, rests the replica, and reports it', async () => {
    const { readRunnerOf, readReplicaStatus, REPLICA_REST_MS } = await import('../../../src/lib/server/db/read-replica.server.ts');
    const reader = readRunnerOf(database.db);
    expect(await reader.rows<{ n: number }>('SELECT 41 + $1::int AS n', [1])).toEqual([{ n: 42 }]);
    expect(await reader.arrays('SELECT 1, 2')).toEqual([[1, 2]]);
    const status = readReplicaStatus();
    expect(status.configured).toBe(true);
    if (database.kind === 'postgres') {
      // Tried once, failed, then rested: the second statement did not try it again.
      expect(status).toMatchObject({ state: 'resting', failures: 1, fallbacks: 2 });
      expect(status.lastError).toMatch(/ECONNREFUSED|connect/);
      expect(REPLICA_REST_MS).toBeLessThanOrEqual(10_000);
      // Bad SQL is the caller's problem, not the replica's: passed on, not retried.
      await expect(reader.rows('SELEC 1')).rejects.toMatchObject({ code: '42601' });
    } else {
      // PGlite has no replica: the reads stay on the embedded database.
      expect(reader.kind).toBe('pglite');
      expect(status).toMatchObject({ state: 'up', failures: 0, fallbacks: 0 });
    }
  });

  it('gives Drizzle the same fallback for ORM reads, and the primary for transactions', async () => {
    const { readDbOf, readReplicaStatus } = await import('../../../src/lib/server/db/read-replica.server.ts');
    const read = await readDbOf(database.db);
    const count = sql<number>`count(*)::int`;
    const expected = await database.db.select({ n: count }).from(categories);
    const before = readReplicaStatus().fallbacks;
    expect(await read.select({ n: count }).from(categories)).toEqual(expected);
    const inTx = await read.transaction(async (tx) => tx.select({ n: count }).from(categories));
    expect(inTx).toEqual(expected);
    if (database.kind === 'postgres') {
      expect(read).not.toBe(database.db);
      expect(readReplicaStatus().fallbacks).toBe(before + 1); // the select; the transaction never tried the replica
    } else expect(read).toBe(database.db);
  });
});
