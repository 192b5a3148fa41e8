import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { jobs } from '../../../src/lib/server/db/schema/index.ts';
import { claimNextJob, createJob, getJob, onJobChange, requestCancel } from '../../../src/lib/jobs/jobs.server.ts';
import { defineJob, JobRunner, thisRunnerId } from '../../../src/lib/jobs/runner.server.ts';
import { WORKER_NICE, WorkerPool } from '../../../src/lib/jobs/worker-pool.server.ts';
import { workerTask } from '../../../src/lib/jobs/worker-task.ts';
import { createTestDatabase } from '../../helpers/test-db.ts';

type TestDb = Awaited<ReturnType<typeof createTestDatabase>>;
let database: TestDb;
let pool: WorkerPool;

const TASKS = 'tests/unit/jobs/fixtures/tasks.ts';
const countPrimes = workerTask<{ limit: number; every: number }, { count: number; sieve: Uint8Array }>(TASKS, 'countPrimes');
const spinForever = workerTask<null, never>(TASKS, 'spinForever');
const crash = workerTask<null, never>(TASKS, 'crash');
const fail = workerTask<{ reason: string }, never>(TASKS, 'fail');
const threadNice = workerTask<null, number | null>(TASKS, 'threadNice');

// The registry's kinds are for the product; these tests reuse one kind name with their own handlers.
const primesJob = (limit: number, every: number) =>
  defineJob('search-index', async (_input, ctx) => {
    const r = await ctx.inWorker(countPrimes, { limit, every });
    return { parts: r.count, ms: r.sieve.length };
  });

beforeAll(async () => {
  database = await createTestDatabase();
  pool = new WorkerPool({ size: 2, graceMs: 300 });
});
afterAll(async () => {
  await pool?.close();
  await database?.close();
});

describe(`job runner (${process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite'})`, () => {
  it('runs a step in a worker thread, the loop stays free, progress is throttled and the result recorded', async () => {
    const runner = new JobRunner(database.db, { pool, flushMs: 50 });
    const versions: number[] = [];
    let ticks = 0;
    const ticker = setInterval(() => ticks++, 5);
    const { job, done } = await runner.submit(primesJob(3_000_000, 1000), { reason: 'test' });
    const stop = onJobChange(job.id, () => versions.push(1));
    const final = await done;
    clearInterval(ticker);
    stop();
    expect(final.state).toBe('succeeded');
    // π(3,000,000) = 216816, computed in the worker and its Uint8Array transferred back.
    expect(final.result).toEqual({ parts: 216_816, ms: 3_000_000 });
    expect(final.progress).toEqual({ done: 3_000_000, total: 3_000_000, phase: 'primes', message: null });
    expect(final.startedAt).not.toBeNull();
    expect(final.finishedAt).not.toBeNull();
    // 3000 progress reports, but writes only every 50 ms (plus the claim and the finish).
    expect(versions.length).toBeGreaterThan(2);
    expect(versions.length).toBeLessThan(300);
    // The main thread kept running timers while the worker computed.
    expect(ticks).toBeGreaterThan(5);
  });

  it('cancels mid-run: the worker sees the flag and the job ends cancelled with its progress so far', async () => {
    const runner = new JobRunner(database.db, { pool, flushMs: 20 });
    const { job, done } = await runner.submit(primesJob(50_000_000, 1000), { reason: 'test' });
    await new Promise<void>((resolve) => {
      const stop = onJobChange(job.id, () => {
        void getJob(database.db, job.id).then((j) => {
          if (j && j.progress.done > 0) {
            stop();
            resolve();
          }
        });
      });
    });
    const started = Date.now();
    await runner.cancel(job.id);
    const final = await done;
    expect(final.state).toBe('cancelled');
    expect(final.error).toEqual({ code: 'cancelled', message: 'cancelled' });
    expect(final.cancelRequested).toBe(true);
    expect(final.progress.done).toBeGreaterThan(0);
    expect(final.progress.done).toBeLessThan(50_000_000);
    // Cooperative: well before the grace period would have terminated the thread.
    expect(Date.now() - started).toBeLessThan(300);
  });

  it('terminates a step that ignores the cancel after the grace period, and the pool still works', async () => {
    const runner = new JobRunner(database.db, { pool });
    const { job, done } = await runner.submit(
      defineJob('search-index', async (_input, ctx) => ctx.inWorker(spinForever, null)),
      { reason: 'test' },
    );
    await new Promise((r) => setTimeout(r, 100));
    await runner.cancel(job.id);
    expect((await done).state).toBe('cancelled');
    const again = await runner.submit(primesJob(1000, 100), { reason: 'test' });
    expect((await again.done).result).toEqual({ parts: 168, ms: 1000 });
  });

  it('fails the job with a clear error when its worker crashes, and when the task throws', async () => {
    const runner = new JobRunner(database.db, { pool });
    const crashed = await (await runner.submit(defineJob('search-index', async (_i, ctx) => ctx.inWorker(crash, null)), { reason: 'test' })).done;
    expect(crashed.state).toBe('failed');
    expect(crashed.error?.code).toBe('worker-crashed');
    expect(crashed.error?.message).toContain('the worker thread running this step stopped: boom in the worker');
    const threw = await (await runner.submit(defineJob('search-index', async (_i, ctx) => ctx.inWorker(fail, { reason: 'no such file x.csv' })), { reason: 'test' })).done;
    expect(threw.state).toBe('failed');
    expect(threw.error).toEqual({ code: 'failed', message: 'no such file x.csv' });
  });

  it('at start, fails the jobs a dead process left running and leaves live ones alone', async () => {
    const runner = new JobRunner(database.db, { pool });
    const [dead] = await database.db
      .insert(jobs)
      .values({ kind: 'import-catalog', state: 'running', runnerId: `${thisRunnerId().split(':')[0]}:999999999:1` })
      .returning();
    const [stale] = await database.db
      .insert(jobs)
      .values({ kind: 'import-catalog', state: 'running', runnerId: 'other-host:1:1', updatedAt: new Date(Date.now() - 600_000) })
      .returning();
    const [alive] = await database.db.insert(jobs).values({ kind: 'import-catalog', state: 'running', runnerId: 'other-host:2:1' }).returning();
    expect(await runner.recover()).toBe(2);
    for (const row of [dead!, stale!]) {
      const j = await getJob(database.db, row.id);
      expect(j?.state).toBe('failed');
      expect(j?.error?.code).toBe('interrupted');
    }
    expect((await getJob(database.db, alive!.id))?.state).toBe('running');
    await database.db.delete(jobs).where(eq(jobs.id, alive!.id));
  });

  it('claims queued jobs oldest first, each by one claimer only, skipping cancelled ones and other kinds', async () => {
    const made = [];
    for (let i = 0; i < 4; i++) made.push(await createJob(database.db, { kind: 'import-3d', ownerId: null, input: { n: i } }));
    await createJob(database.db, { kind: 'import-kicad', ownerId: null, input: {} });
    await requestCancel(database.db, made[1]!.id, null);
    // Three claimers at once (on PostgreSQL, three connections racing under SKIP LOCKED).
    const claims = await Promise.all([0, 1, 2].map((i) => claimNextJob(database.db, ['import-3d'], `test:${i}:0`)));
    const ids = claims.filter((c) => c !== null).map((c) => c!.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.sort()).toEqual([made[0]!.id, made[2]!.id, made[3]!.id].sort());
    expect(claims.every((c) => c === null || (c.state === 'running' && c.startedAt !== null))).toBe(true);
    expect(await claimNextJob(database.db, ['import-3d'], 'test:9:0')).toBeNull();
    expect((await getJob(database.db, made[1]!.id))?.state).toBe('cancelled');
  });

  it.runIf(process.platform === 'linux')('runs pool threads at a lower CPU priority than the request thread, which keeps its own', async () => {
    expect(await pool.run(threadNice, null)).toBe(WORKER_NICE);
    const { readFileSync } = await import('node:fs');
    const stat = readFileSync('/proc/thread-self/stat', 'utf8');
    expect(Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16])).toBe(0);
  });
});
