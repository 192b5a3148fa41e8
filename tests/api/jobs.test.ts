import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pino from 'pino';
import { createApp } from '../../src/lib/server/app.ts';
import { createSession } from '../../src/lib/server/auth.server.ts';
import { users } from '../../src/lib/server/db/schema/index.ts';
import type { JobView } from '../../src/lib/jobs/jobs.ts';
import { defineJob, JobRunner } from '../../src/lib/jobs/runner.server.ts';
import { WorkerPool } from '../../src/lib/jobs/worker-pool.server.ts';
import { createJobRoutes } from '../../src/lib/jobs/jobs.routes.ts';
import { createTestDatabase } from '../helpers/test-db.ts';
import { parseEvents, type SseEvent } from '../helpers/sse-events.ts';

type TestDb = Awaited<ReturnType<typeof createTestDatabase>>;
type Envelope<T> = { code: number; msg: string; result: T };

let database: TestDb;
let app: ReturnType<typeof createApp>;
let runner: JobRunner;
let pool: WorkerPool;
let alice: { id: number; token: string };
let bob: { id: number; token: string };

/** A job of `steps` steps that waits for `gate()` before each step from `waitFrom` on. */
function steppedJob(steps: number, options: { waitFrom?: number; gate?: () => Promise<void>; stepMs?: number } = {}) {
  return defineJob('search-index', async (_input, ctx) => {
    for (let i = 1; i <= steps; i++) {
      if (options.waitFrom !== undefined && i >= options.waitFrom && options.gate) await options.gate();
      ctx.signal.throwIfAborted();
      await new Promise((r) => setTimeout(r, options.stepMs ?? 15));
      ctx.progress({ done: i, total: steps, phase: 'steps', message: `step ${i}` });
    }
    return { parts: steps, ms: 0 };
  });
}

/** Reads an event stream to its end and parses its events. */
async function readEvents(res: Response): Promise<{ events: SseEvent[]; raw: string }> {
  const raw = await res.text();
  return { events: parseEvents(raw), raw };
}

const get = async (path: string, token: string | null, headers: Record<string, string> = {}): Promise<Response> =>
  app.request(path, { headers: { ...(token ? { 'x-token': token } : {}), ...headers } });

async function waitFor(check: () => Promise<boolean>): Promise<void> {
  for (let i = 0; i < 400; i++) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error('timed out');
}

beforeAll(async () => {
  database = await createTestDatabase();
  app = createApp({ db: database.db, logger: pino({ level: 'silent' }) });
  pool = new WorkerPool({ size: 1 });
  runner = new JobRunner(database.db, { pool, flushMs: 0 });
  const now = Math.floor(Date.now() / 1000);
  const make = async (username: string) => {
    const [u] = await database.db.insert(users).values({ username }).returning({ id: users.id });
    return { id: u!.id, token: (await createSession(database.db, u!.id, now)).token };
  };
  alice = await make('alice');
  bob = await make('bob');
});
afterAll(async () => {
  await pool?.close();
  await database?.close();
});

describe(`jobs API (${process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite'})`, () => {
  it('shows a job to its owner only: 404 for others, for unknown ids and without a token, 401 for a bad token, 400 for a bad id', async () => {
    const { job, done } = await runner.submit(steppedJob(2), { reason: 'test' }, { ownerId: alice.id });
    await done;
    const mine = await get(`/api/jobs/${job.id}`, alice.token);
    expect(mine.status).toBe(200);
    for (const path of [`/api/jobs/${job.id}`, `/api/jobs/${job.id}/events`]) {
      const theirs = await get(path, bob.token, { cookie: 'locale=en' });
      expect(theirs.status).toBe(404);
      expect(await theirs.json()).toEqual({ code: 40400, msg: 'No such job', result: null });
    }
    const cancel = await app.request(`/api/jobs/${job.id}/cancel`, { method: 'POST', headers: { 'x-token': bob.token } });
    expect(cancel.status).toBe(404);
    expect(((await cancel.json()) as Envelope<null>).msg).toBe('任务不存在');
    expect((await get('/api/jobs/00000000-0000-4000-8000-000000000000', alice.token)).status).toBe(404);
    // Logged out, an owned job is as absent as any other (only capability kinds are open by id).
    expect((await get(`/api/jobs/${job.id}`, null)).status).toBe(404);
    expect((await get(`/api/jobs/${job.id}/events`, null)).status).toBe(404);
    expect((await get(`/api/jobs/${job.id}`, 'not-a-token')).status).toBe(401);
    expect((await app.request(`/api/jobs/${job.id}/cancel`, { method: 'POST' })).status).toBe(401);
    expect((await get('/api/jobs', null)).status).toBe(401);
    const bad = await get('/api/jobs/12', alice.token, { cookie: 'locale=en' });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as Envelope<null>).msg).toBe('Invalid field id: must be a job id (a UUID)');
    // An operator job (no owner) is nobody's through the API.
    const operator = await runner.submit(steppedJob(1), { reason: 'test' });
    await operator.done;
    expect((await get(`/api/jobs/${operator.job.id}`, alice.token)).status).toBe(404);
  });

  it('answers polling with the job in the envelope, and lists the owner’s jobs newest first', async () => {
    const { job, done } = await runner.submit(steppedJob(3), { reason: 'test' }, { ownerId: bob.id });
    await done;
    const res = await get(`/api/jobs/${job.id}`, bob.token);
    const body = (await res.json()) as Envelope<JobView>;
    expect(body.code).toBe(200000);
    expect(body.result).toMatchObject({
      id: job.id,
      kind: 'search-index',
      state: 'succeeded',
      progress: { done: 3, total: 3, phase: 'steps', message: 'step 3' },
      result: { parts: 3, ms: 0 },
      error: null,
      cancelRequested: false,
    });
    expect(Date.parse(body.result.finishedAt!)).toBeGreaterThanOrEqual(Date.parse(body.result.startedAt!));
    const second = await runner.submit(steppedJob(1), { reason: 'test' }, { ownerId: bob.id });
    await second.done;
    const list = (await (await get('/api/jobs?pageNum=1&pageSize=1', bob.token)).json()) as Envelope<{ list: JobView[]; total: number }>;
    expect(list.result.total).toBe(2);
    expect(list.result.list.map((j) => j.id)).toEqual([second.job.id]);
    const page2 = (await (await get('/api/jobs?pageNum=2&pageSize=1', bob.token)).json()) as Envelope<{ list: JobView[]; total: number }>;
    expect(page2.result.list.map((j) => j.id)).toEqual([job.id]);
    expect((await get('/api/jobs?pageSize=500', bob.token)).status).toBe(400);
  });

  it('streams progress events in order to the final done event, then ends', async () => {
    const { job, done } = await runner.submit(steppedJob(6, { stepMs: 30 }), { reason: 'test' }, { ownerId: alice.id });
    const res = await get(`/api/jobs/${job.id}/events`, alice.token, { 'accept-encoding': 'gzip' });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/event-stream');
    expect(res.headers.get('cache-control')).toBe('no-cache, no-transform');
    const { events, raw } = await readEvents(res);
    await done;
    expect(raw).toContain('retry: 2000');
    const last = events.at(-1)!;
    expect(last.event).toBe('done');
    expect(last.data.state).toBe('succeeded');
    expect(last.data.result).toEqual({ parts: 6, ms: 0 });
    const progress = events.slice(0, -1);
    expect(progress.every((e) => e.event === 'progress')).toBe(true);
    // Steps of 30 ms each are seen as they happen, not only at the end.
    expect(progress.filter((e) => e.data.progress.done > 0 && e.data.progress.done < 6).length).toBeGreaterThanOrEqual(2);
    const ids = events.map((e) => Number(e.id));
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    expect(new Set(ids).size).toBe(ids.length);
    const dones = progress.map((e) => e.data.progress.done);
    expect(dones).toEqual([...dones].sort((a, b) => a - b));
  });

  it('resumes after Last-Event-ID: only newer states, and a finished job’s final event', async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const { job, done } = await runner.submit(steppedJob(4, { waitFrom: 3, gate: () => gate }), { reason: 'test' }, { ownerId: alice.id });
    await waitFor(async () => ((await (await get(`/api/jobs/${job.id}`, alice.token)).json()) as Envelope<JobView>).result.progress.done === 2);
    const seen = ((await (await get(`/api/jobs/${job.id}`, alice.token)).json()) as Envelope<JobView>).result.version;
    const stream = get(`/api/jobs/${job.id}/events`, alice.token, { 'last-event-id': String(seen) }).then(readEvents);
    setTimeout(release, 50);
    const { events } = await stream;
    const final = await done;
    expect(events.length).toBeGreaterThan(0);
    expect(events.every((e) => Number(e.id) > seen)).toBe(true);
    expect(events.every((e) => e.data.progress.done >= 2)).toBe(true);
    expect(events.at(-1)!.event).toBe('done');
    // Reconnecting after the end: just the final event again (query form of the id).
    const again = await readEvents(await get(`/api/jobs/${job.id}/events?lastEventId=${final.version}`, alice.token));
    expect(again.events.map((e) => [e.event, Number(e.id)])).toEqual([['done', final.version]]);
    const bad = await get(`/api/jobs/${job.id}/events`, alice.token, { 'last-event-id': 'abc', cookie: 'locale=en' });
    expect(bad.status).toBe(400);
  });

  it('cancels a running job: the answer shows the request, the stream ends with cancelled', async () => {
    const never = new Promise<void>(() => {});
    const job = await runner.submit(
      defineJob('search-index', async (_input, ctx) => {
        ctx.progress({ done: 1, total: 10, phase: 'steps' });
        await Promise.race([never, new Promise((_, reject) => ctx.signal.addEventListener('abort', () => reject(new Error('stopped'))))]);
        return { parts: 0, ms: 0 };
      }),
      { reason: 'test' },
      { ownerId: bob.id },
    );
    await waitFor(async () => ((await (await get(`/api/jobs/${job.job.id}`, bob.token)).json()) as Envelope<JobView>).result.progress.done === 1);
    const stream = get(`/api/jobs/${job.job.id}/events`, bob.token).then(readEvents);
    const res = await app.request(`/api/jobs/${job.job.id}/cancel`, { method: 'POST', headers: { 'x-token': bob.token } });
    const body = (await res.json()) as Envelope<JobView>;
    expect(res.status).toBe(200);
    expect(body.result.cancelRequested).toBe(true);
    const final = await job.done;
    expect(final.state).toBe('cancelled');
    expect(final.error).toEqual({ code: 'cancelled', message: 'cancelled' });
    const { events } = await stream;
    expect(events.at(-1)!.event).toBe('cancelled');
    expect(events.at(-1)!.data.progress.done).toBe(1);
    // Cancelling a finished job changes nothing.
    const late = (await (await app.request(`/api/jobs/${job.job.id}/cancel`, { method: 'POST', headers: { 'x-token': bob.token } })).json()) as Envelope<JobView>;
    expect(late.result.state).toBe('cancelled');
    expect(late.result.version).toBe(final.version);
  });

  it('sends heartbeat comments while a job is quiet', async () => {
    // The same routes with short intervals, mounted beside the real ones in a fresh app.
    const quick = createApp({ db: database.db, logger: pino({ level: 'silent' }) });
    quick.route('/quick', createJobRoutes({ pollMs: 20, heartbeatMs: 60 }));
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const { job, done } = await runner.submit(steppedJob(2, { waitFrom: 2, gate: () => gate }), { reason: 'test' }, { ownerId: alice.id });
    const stream = Promise.resolve(quick.request(`/api/quick/jobs/${job.id}/events`, { headers: { 'x-token': alice.token } })).then(readEvents);
    setTimeout(release, 400);
    const { events, raw } = await stream;
    await done;
    expect(raw.match(/^: keep-alive$/gm)?.length ?? 0).toBeGreaterThanOrEqual(3);
    expect(events.at(-1)!.event).toBe('done');
  });
});

describe(`job retention (${process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite'})`, () => {
  it('deletes finished jobs past their retention, index rebuilds sooner, and never a queued or running one', async () => {
    const { createJob, deleteExpiredJobs, finishJob, getJob, JOB_RETENTION_MS } = await import('../../src/lib/jobs/jobs.server.ts');
    const { jobs } = await import('../../src/lib/server/db/schema/index.ts');
    const { eq } = await import('drizzle-orm');
    const db = database.db;
    const day = 24 * 3600_000;
    const now = new Date(); // the other tests' jobs finished moments ago: within every retention
    const make = async (kind: string, finishedDaysAgo: number | null) => {
      const job = await createJob(db, { kind, ownerId: null, input: {} });
      if (finishedDaysAgo !== null) {
        await finishJob(db, job.id, { state: 'succeeded', result: {} });
        await db.update(jobs).set({ finishedAt: new Date(now.getTime() - finishedDaysAgo * day) }).where(eq(jobs.id, job.id));
      } else {
        await db.update(jobs).set({ state: 'running' }).where(eq(jobs.id, job.id));
      }
      return job.id;
    };
    const oldImport = await make('import-catalog', JOB_RETENTION_MS / day + 1);
    const recentImport = await make('import-catalog', 3);
    const oldIndex = await make('search-index', 2);
    const freshIndex = await make('search-index', 0.5);
    const running = await make('import-kicad', null);
    await db.update(jobs).set({ createdAt: new Date(now.getTime() - 90 * day) }).where(eq(jobs.id, running));

    expect(await deleteExpiredJobs(db, now)).toBe(2);
    expect(await getJob(db, oldImport)).toBeNull();
    expect(await getJob(db, oldIndex)).toBeNull();
    for (const kept of [recentImport, freshIndex, running]) expect(await getJob(db, kept)).not.toBeNull();
  });
});
