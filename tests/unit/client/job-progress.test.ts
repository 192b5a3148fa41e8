import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pino from 'pino';
import { followJob, JobFollowError } from '../../../src/lib/client/job-progress.ts';
import type { JobView } from '../../../src/lib/jobs/jobs.ts';
import { defineJob, JobRunner } from '../../../src/lib/jobs/runner.server.ts';
import { WorkerPool } from '../../../src/lib/jobs/worker-pool.server.ts';
import { createApp } from '../../../src/lib/server/app.ts';
import { createSession } from '../../../src/lib/server/auth.server.ts';
import { users } from '../../../src/lib/server/db/schema/index.ts';
import { createTestDatabase } from '../../helpers/test-db.ts';

// The browser helper against the real API (the app's fetch handler stands in for the network).

type TestDb = Awaited<ReturnType<typeof createTestDatabase>>;
let database: TestDb;
let app: ReturnType<typeof createApp>;
let runner: JobRunner;
let pool: WorkerPool;
let token: string;

const appFetch: typeof fetch = (input, init) => Promise.resolve(app.request(String(input), init));

const stepped = (steps: number, stepMs: number) =>
  defineJob('search-index', async (_input, ctx) => {
    for (let i = 1; i <= steps; i++) {
      await new Promise((resolve, reject) => {
        const t = setTimeout(resolve, stepMs);
        ctx.signal.addEventListener('abort', () => (clearTimeout(t), reject(new Error('stopped'))), { once: true });
      });
      ctx.progress({ done: i, total: steps, phase: 'steps' });
    }
    return { parts: steps, ms: 0 };
  });

beforeAll(async () => {
  database = await createTestDatabase();
  app = createApp({ db: database.db, logger: pino({ level: 'silent' }) });
  pool = new WorkerPool({ size: 1 });
  runner = new JobRunner(database.db, { pool, flushMs: 0 });
  const [u] = await database.db.insert(users).values({ username: 'follower' }).returning({ id: users.id });
  token = (await createSession(database.db, u!.id, Math.floor(Date.now() / 1000))).token;
  ownerId = u!.id;
});
let ownerId: number;
afterAll(async () => {
  await pool?.close();
  await database?.close();
});

describe('followJob', () => {
  it('follows the event stream to the final state, reporting progress in order', async () => {
    const { job, done } = await runner.submit(stepped(5, 20), { reason: 't' }, { ownerId });
    const seen: JobView[] = [];
    const final = await followJob(job.id, { token, fetch: appFetch, onProgress: (j) => seen.push(j) });
    await done;
    expect(final.state).toBe('succeeded');
    expect(final.result).toEqual({ parts: 5, ms: 0 });
    expect(seen.at(-1)).toEqual(final);
    expect(seen.some((j) => j.progress.done > 0 && j.progress.done < 5)).toBe(true);
    const versions = seen.map((j) => j.version);
    expect(versions).toEqual([...versions].sort((a, b) => a - b));
  });

  it('falls back to polling when the stream is not available', async () => {
    const { job, done } = await runner.submit(stepped(4, 60), { reason: 't' }, { ownerId });
    const requests: string[] = [];
    // A proxy in the way that answers event streams with an HTML error page.
    const proxied: typeof fetch = (input, init) => {
      requests.push(String(input));
      if (String(input).endsWith('/events')) return Promise.resolve(new Response('<h1>502</h1>', { status: 502, headers: { 'content-type': 'text/html' } }));
      return appFetch(input, init);
    };
    const seen: JobView[] = [];
    const final = await followJob(job.id, { token, fetch: proxied, pollMs: 20, streamAttempts: 1, onProgress: (j) => seen.push(j) });
    await done;
    expect(final.state).toBe('succeeded');
    expect(requests.filter((r) => r.endsWith('/events'))).toHaveLength(1);
    expect(requests.filter((r) => r.endsWith(job.id)).length).toBeGreaterThan(1);
    expect(seen.at(-1)!.progress.done).toBe(4);
  });

  it('rejects with the envelope error of an unknown job, and stops when aborted', async () => {
    await expect(followJob('00000000-0000-4000-8000-000000000000', { token, fetch: appFetch })).rejects.toMatchObject({ name: 'JobFollowError', code: 40400 });
    await expect(followJob('00000000-0000-4000-8000-000000000000', { token: null, fetch: appFetch })).rejects.toBeInstanceOf(JobFollowError);
    const { job } = await runner.submit(stepped(50, 50), { reason: 't' }, { ownerId });
    const controller = new AbortController();
    const seen: JobView[] = [];
    const following = followJob(job.id, { token, fetch: appFetch, signal: controller.signal, onProgress: (j) => seen.push(j) });
    setTimeout(() => controller.abort(), 150);
    await expect(following).rejects.toMatchObject({ name: 'AbortError' });
    expect(seen.length).toBeGreaterThan(0);
    // Leaving the stream does not cancel the job; the owner does.
    const settled = runner.settled(job.id)!;
    await app.request(`/api/jobs/${job.id}/cancel`, { method: 'POST', headers: { 'x-token': token } });
    expect((await settled).state).toBe('cancelled');
  });
});
