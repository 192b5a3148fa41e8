import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MARK_THROTTLE } from '../../src/lib/catalog/catalog.routes.ts';
import { createApp } from '../../src/lib/server/app.ts';
import { openDatabase, type Database } from '../../src/lib/server/db/client.server.ts';
import { runnerOf } from '../../src/lib/server/db/raw-sql.server.ts';
import { createRateLimit } from '../../src/lib/server/rate-limit.server.ts';
import { createTestDatabase } from '../helpers/test-db.ts';
import { seedCatalog } from '../unit/catalog-pages/seed.ts';

// The shared request limiter (rate-limit.server.ts) on a real database: window counting, parallel
// hits that never pass `max`, two app instances (two connection pools on PostgreSQL) counting
// together, counts kept over a reconnect, keys stored only as digests, old windows cleaned up, and
// a database that cannot be reached lets requests through instead of failing them.

type TestDb = Awaited<ReturnType<typeof createTestDatabase>>;
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
let database: TestDb;
/** A second, independent connection to the same database (PostgreSQL); PGlite has only one. */
let second: Database | null = null;

async function secondConnection(): Promise<Database> {
  if (!onPostgres) return database;
  const [row] = await runnerOf(database.db).rows<{ name: string }>('SELECT current_database() AS name');
  const url = new URL(process.env.TEST_DATABASE_URL!);
  url.pathname = `/${row!.name}`;
  return openDatabase({ kind: 'postgres', url: url.toString(), poolSize: 20 });
}

const rowList = () => runnerOf(database.db).rows<{ key: string; hits: number }>('SELECT key, hits FROM rate_limit_counts');

beforeAll(async () => {
  database = await createTestDatabase();
  await seedCatalog(database);
  second = await secondConnection();
}, 120_000);
afterAll(async () => {
  if (second && second !== database) await second.close();
  await database?.close();
});

describe(`shared rate limits (${onPostgres ? 'postgres' : 'pglite'})`, () => {
  // The tests run in clock order: each cleanup deletes what expired before its own clock.
  it('two app instances on one database count mark/* together, and the count survives a reconnect', async () => {
    const a = createApp({ db: database.db, logger: pino({ level: 'silent' }) });
    const b = createApp({ db: second!.db, logger: pino({ level: 'silent' }) });
    const mark = (app: typeof a) =>
      app.request('/api/chiplet/mark/tagClick', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ mKey: 'LM358_ti' }) }, { ip: '198.51.100.77' });
    const half = MARK_THROTTLE.max / 2;
    for (let i = 0; i < half; i++) expect((await mark(a)).status).toBe(200);
    for (let i = 0; i < half; i++) expect((await mark(b)).status).toBe(200);
    const refused = await mark(a);
    expect(refused.status).toBe(429);
    expect(((await refused.json()) as { code: number }).code).toBe(42900);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect((await mark(b)).status).toBe(429);
    if (onPostgres) {
      // A node restarting opens a new pool: the count is in the database, not in the process.
      await second!.close();
      second = await secondConnection();
      const c = createApp({ db: second.db, logger: pino({ level: 'silent' }) });
      expect((await mark(c)).status).toBe(429);
    }
  });

  it('allows max hits per window per key, then says how long to wait; later windows let it through', async () => {
    const limit = createRateLimit('test:window', { max: 3, windowMs: 60_000 }, { fresh: true });
    const t0 = 1_800_000_000_000; // a window boundary
    for (let i = 0; i < 3; i++) expect(await limit.hit(database.db, 'a', t0 + 1000 + i)).toEqual({ ok: true });
    expect(await limit.hit(database.db, 'a', t0 + 2000)).toEqual({ ok: false, retryAfter: 78 }); // the next window, once 2/3 of it has passed
    expect(await limit.hit(database.db, 'b', t0 + 2000)).toEqual({ ok: true });
    // Next window: 3 * (1 - 0.5) + 0 + 1 <= 3 at its middle, not at its start.
    expect((await limit.hit(database.db, 'a', t0 + 60_001)).ok).toBe(false);
    expect(await limit.hit(database.db, 'a', t0 + 90_000)).toEqual({ ok: true });
    // Refused hits are not counted: the client that waits is let in, as with a log of timestamps.
    expect(await limit.hit(database.db, 'a', t0 + 200_000)).toEqual({ ok: true });
  });

  it('never lets more than max through when hits on one key arrive in parallel', async () => {
    const limit = createRateLimit('test:parallel', { max: 20, windowMs: 60_000 }, { fresh: true });
    const now = 1_800_000_630_000;
    const dbs = [database.db, second!.db];
    const verdicts = await Promise.all(Array.from({ length: 100 }, (_, i) => limit.hit(dbs[i % 2]!, 'hot', now)));
    expect(verdicts.filter((v) => v.ok)).toHaveLength(20);
    for (const v of verdicts) if (!v.ok) expect(v.retryAfter).toBeGreaterThanOrEqual(1);
  });

  it('stores keys only as digests and deletes windows that no longer count, at most once a minute', async () => {
    const limit = createRateLimit('test:cleanup', { max: 5, windowMs: 60_000 }, { fresh: true });
    await limit.hit(database.db, '203.0.113.9', 1_800_001_000_000);
    const keys = (await rowList()).map((r) => r.key);
    expect(keys.some((k) => k.startsWith('test:cleanup~'))).toBe(true);
    expect(keys.join('\n')).not.toContain('203.0.113.9');
    // A hit far later starts a cleanup of every expired window (not awaited by that hit).
    await limit.hit(database.db, 'later', 1_900_000_000_000);
    await expect.poll(async () => (await rowList()).filter((r) => !r.key.startsWith('test:cleanup~')).length, { timeout: 5000 }).toBe(0);
    expect((await rowList()).length).toBe(1);
  });

  it('counts short windows far in the future (window numbers past 32 bits)', async () => {
    const limit = createRateLimit('test:seconds', { max: 2, windowMs: 1000 }, { fresh: true });
    const t = 1_900_001_000_000; // window number 1.9e9; 3e12 ms makes 3e9
    expect((await limit.hit(database.db, 'k', t)).ok).toBe(true);
    expect((await limit.hit(database.db, 'k', t + 10)).ok).toBe(true);
    expect(await limit.hit(database.db, 'k', t + 20)).toEqual({ ok: false, retryAfter: 2 });
    const far = createRateLimit('test:far', { max: 1, windowMs: 1000 }, { fresh: true });
    expect((await far.hit(database.db, 'k', 3_000_000_000_000)).ok).toBe(true);
    expect((await far.hit(database.db, 'k', 3_000_000_000_100)).ok).toBe(false);
  });

  it('lets requests through (fail open) when the database cannot be reached', async () => {
    const gone = onPostgres
      ? await openDatabase({ kind: 'postgres', url: 'postgres://postgres@127.0.0.1:4519/nothing', poolSize: 1 }) // nobody listens there
      : await openDatabase({ kind: 'pglite', dataDir: 'memory' });
    if (!onPostgres) await gone.close();
    const limit = createRateLimit('test:down', { max: 1, windowMs: 60_000 }, { fresh: true });
    expect(await limit.hit(gone.db, 'k')).toEqual({ ok: true });
    expect(await limit.hit(gone.db, 'k')).toEqual({ ok: true });
    if (onPostgres) await gone.close();
  });
});
