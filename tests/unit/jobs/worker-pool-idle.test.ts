// Idle pool workers end after the pool's idleMs (issue #29 item 9: each keeps its own heap, which
// held the server's RSS above what the requests need long after a start-up job).
import { afterEach, describe, expect, it } from 'vitest';
import { WorkerPool } from '../../../src/lib/jobs/worker-pool.server.ts';
import { workerTask } from '../../../src/lib/jobs/worker-task.ts';

const countPrimes = workerTask<{ limit: number; every: number }, { count: number; sieve: Uint8Array }>('tests/unit/jobs/fixtures/tasks.ts', 'countPrimes');
let pool: WorkerPool | undefined;
afterEach(async () => {
  await pool?.close();
});

const waitFor = async (check: () => boolean, ms: number) => {
  const until = Date.now() + ms;
  while (!check() && Date.now() < until) await new Promise((r) => setTimeout(r, 20));
};

describe('worker pool idle timeout', () => {
  it('ends workers left idle for idleMs, and starts a fresh one for the next task', async () => {
    pool = new WorkerPool({ size: 2, idleMs: 200 });
    const [a, b] = await Promise.all([pool.run(countPrimes, { limit: 10_000, every: 1000 }), pool.run(countPrimes, { limit: 10_000, every: 1000 })]);
    expect(a.count).toBe(1229);
    expect(b.count).toBe(1229);
    expect(pool.workers).toBe(2);
    await waitFor(() => pool!.workers === 0, 5000);
    expect(pool.workers).toBe(0);
    const again = await pool.run(countPrimes, { limit: 100, every: 10 });
    expect(again.count).toBe(25);
    expect(pool.workers).toBe(1);
    expect(pool.workersStarted).toBe(3);
  });

  it('keeps a worker that is reused before its idle time ends', async () => {
    pool = new WorkerPool({ size: 1, idleMs: 400 });
    await pool.run(countPrimes, { limit: 100, every: 10 });
    for (let i = 0; i < 4; i++) {
      await new Promise((r) => setTimeout(r, 150));
      await pool.run(countPrimes, { limit: 100, every: 10 });
      expect(pool.workers).toBe(1);
      // The same thread each time: an idle end would have started a second one.
      expect(pool.workersStarted).toBe(1);
    }
    await waitFor(() => pool!.workers === 0, 5000);
    expect(pool.workers).toBe(0);
  });
});
