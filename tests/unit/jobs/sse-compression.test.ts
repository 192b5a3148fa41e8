import { createServer, get, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import compression from 'compression';
import { getRequestListener } from '@hono/node-server';
import pino from 'pino';
import { defineJob, JobRunner } from '../../../src/lib/jobs/runner.server.ts';
import { WorkerPool } from '../../../src/lib/jobs/worker-pool.server.ts';
import { createApp } from '../../../src/lib/server/app.ts';
import { createSession } from '../../../src/lib/server/auth.server.ts';
import { users } from '../../../src/lib/server/db/schema/index.ts';
import { createTestDatabase } from '../../helpers/test-db.ts';

// The event stream behind the same `compression` middleware scripts/start.ts puts in front of every
// answer: it must arrive uncompressed and event by event, not buffered until the job ends.

type TestDb = Awaited<ReturnType<typeof createTestDatabase>>;
let database: TestDb;
let server: Server;
let pool: WorkerPool;
let runner: JobRunner;
let token: string;
let ownerId: number;

beforeAll(async () => {
  database = await createTestDatabase();
  const app = createApp({ db: database.db, logger: pino({ level: 'silent' }) });
  const listener = getRequestListener(app.fetch);
  const compress = compression({ threshold: 1024 });
  server = createServer((req, res) => compress(req as never, res as never, () => void listener(req, res)));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  pool = new WorkerPool({ size: 1 });
  runner = new JobRunner(database.db, { pool, flushMs: 0 });
  const [u] = await database.db.insert(users).values({ username: 'streamer' }).returning({ id: users.id });
  ownerId = u!.id;
  token = (await createSession(database.db, ownerId, Math.floor(Date.now() / 1000))).token;
});
afterAll(async () => {
  server?.close();
  await pool?.close();
  await database?.close();
});

describe('job event stream behind compression', () => {
  it('arrives uncompressed, the first event long before the job ends', async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const { job, done } = await runner.submit(
      defineJob('search-index', async (_input, ctx) => {
        // Enough text that compression would kick in (threshold 1 KB) were it allowed to.
        ctx.progress({ done: 1, total: 2, phase: 'waiting', message: 'x'.repeat(4000) });
        await gate;
        return { parts: 2, ms: 0 };
      }),
      { reason: 'test' },
      { ownerId },
    );
    const { port } = server.address() as AddressInfo;
    const chunks: { at: number; text: string }[] = [];
    const ended = new Promise<{ encoding: string | undefined }>((resolve, reject) => {
      const req = get({ host: '127.0.0.1', port, path: `/api/jobs/${job.id}/events`, headers: { 'x-token': token, 'accept-encoding': 'gzip, br' } }, (res) => {
        res.setEncoding('utf8');
        res.on('data', (text: string) => {
          chunks.push({ at: Date.now(), text });
          // Release the job only once the first event has come through.
          if (chunks.length === 1) setTimeout(release, 200);
        });
        res.on('end', () => resolve({ encoding: res.headers['content-encoding'] }));
      });
      req.on('error', reject);
    });
    const { encoding } = await ended;
    await done;
    expect(encoding).toBeUndefined();
    const all = chunks.map((c) => c.text).join('');
    expect(all).toContain('event: progress');
    expect(all).toContain('event: done');
    // The progress event came in an earlier chunk than the final one (streamed, not buffered).
    expect(chunks[0]!.text).toContain('event: progress');
    expect(chunks[0]!.text).not.toContain('event: done');
  });
});
