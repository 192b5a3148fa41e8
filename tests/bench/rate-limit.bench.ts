// `node tests/bench/rate-limit.bench.ts`: the cost of one hit of the shared request limiter
// (src/lib/server/rate-limit.server.ts), as JSON: on PGlite (in memory) and, with
// TEST_DATABASE_URL, on PostgreSQL (a fresh database, dropped afterwards).
// - sequential: 3,000 hits one after another over 300 client keys (latency per hit);
// - parallel: 6,000 hits, 20 at a time, over 300 keys (hits per second; PGlite runs one
//   statement at a time, so its figure is the sequential one in practice);
// - hot key: 1,000 hits, 20 at a time, on one key past its limit (row lock contention).
import { createRateLimit } from '../../src/lib/server/rate-limit.server.ts';
import { createTestDatabase } from '../helpers/test-db.ts';

type Db = Awaited<ReturnType<typeof createTestDatabase>>;

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
const round = (n: number) => Math.round(n * 1000) / 1000;

async function measure(database: Db) {
  const limit = createRateLimit('bench', { max: 1_000_000, windowMs: 60_000 }, { fresh: true });
  for (let i = 0; i < 300; i++) await limit.hit(database.db, `warm${i}`);
  const times: number[] = [];
  for (let i = 0; i < 3000; i++) {
    const t = performance.now();
    await limit.hit(database.db, `ip${i % 300}`);
    times.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);
  const parallel = async (total: number, key: (i: number) => string, l = limit) => {
    let next = 0;
    const started = performance.now();
    await Promise.all(
      Array.from({ length: 20 }, async () => {
        while (next < total) await l.hit(database.db, key(next++));
      }),
    );
    return Math.round(total / ((performance.now() - started) / 1000));
  };
  const hot = createRateLimit('bench-hot', { max: 100, windowMs: 60_000 }, { fresh: true });
  return {
    database: database.label,
    sequentialMs: { mean: round(times.reduce((a, b) => a + b, 0) / times.length), p50: round(percentile(times, 50)), p95: round(percentile(times, 95)), p99: round(percentile(times, 99)) },
    parallelHitsPerSecond: await parallel(6000, (i) => `p${i % 300}`),
    hotKeyHitsPerSecond: await parallel(1000, () => 'hot', hot),
  };
}

const results = [];
const url = process.env.TEST_DATABASE_URL;
delete process.env.TEST_DATABASE_URL;
const lite = await createTestDatabase();
results.push(await measure(lite));
await lite.close();
if (url) {
  process.env.TEST_DATABASE_URL = url;
  const pg = await createTestDatabase();
  results.push(await measure(pg));
  await pg.close();
}
console.log(JSON.stringify({ bench: 'rate-limit', results }, null, 2));
