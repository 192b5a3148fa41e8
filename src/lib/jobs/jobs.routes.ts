import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import { streamSSE, type SSEStreamingApi } from 'hono/streaming';
import type { Locale } from '../i18n/i18n.ts';
import type { AppEnv } from '../server/app-env.ts';
import { callerOf, optionalUser, requireUser } from '../server/auth.server.ts';
import { authErrorResponses, envelopeOf, errorEnvelope, ok } from '../server/envelope.ts';
import { AppError, Code } from '../server/errors.ts';
import { bothMessages, serverMessage } from '../server/messages/server-message.ts';
import { validationHook } from '../server/validation.ts';
import { isTerminal, JOB_STATES, type JobView } from './jobs.ts';
import { getJobForCaller, listJobsOfOwner, onJobChange, requestCancel } from './jobs.server.ts';

// A user's jobs (ADR 0007): poll one, follow one as server-sent events, cancel one, list them.
// Only the owner sees a job; anyone else gets 404, as for an id that does not exist. Operator jobs
// (no owner) are seen in the table and the scripts' output, not here. One exception: an
// owner-less job of a capability kind (an anonymous BOM's matching, CAPABILITY_JOB_KINDS) is
// polled and followed by whoever holds its random id, logged in or not; listing and cancelling
// stay with owners.

const badId = bothMessages('jobs.badId');

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const JobIdParam = z.object({
  id: z
    .string()
    .refine((v) => UUID.test(v), { message: badId.zh, params: { en: badId.en } })
    .openapi({ param: { name: 'id', in: 'path' }, example: '3f1c2a9e-8d7b-4c55-9a51-1d2e3f4a5b6c' }),
});

const ProgressSchema = z.object({
  done: z.number(),
  total: z.number().nullable(),
  phase: z.string().nullable(),
  message: z.string().nullable(),
});

export const JobSchema = z
  .object({
    id: z.string(),
    kind: z.string(),
    state: z.enum(JOB_STATES),
    progress: ProgressSchema,
    result: z.unknown().openapi({ description: 'What a succeeded job produced (shape per kind); null otherwise' }),
    error: z.object({ code: z.string(), message: z.string() }).nullable(),
    cancelRequested: z.boolean(),
    version: z.number().int().openapi({ description: 'Grows with every change; the event stream’s id' }),
    createdAt: z.string(),
    startedAt: z.string().nullable(),
    updatedAt: z.string(),
    finishedAt: z.string().nullable(),
  })
  .openapi('Job');

const notFoundResponse = { 404: { description: 'No such job, or not yours (40400)', content: { 'application/json': { schema: errorEnvelope } } } } as const;

function notFound(locale: Locale): AppError {
  return new AppError(Code.notFound, serverMessage('jobs.notFound', locale));
}

/** The SSE event of a job's state: `progress` while it runs, then one of `done`, `failed`, `cancelled`. */
export function eventNameOf(job: JobView): 'progress' | 'done' | 'failed' | 'cancelled' {
  if (job.state === 'succeeded') return 'done';
  if (job.state === 'failed' || job.state === 'cancelled') return job.state;
  return 'progress';
}

export type JobStreamOptions = {
  /** Re-reads the job this often when no change was heard (another process may be running it). */
  pollMs?: number;
  /** A comment line after this much silence keeps proxies from closing the connection. */
  heartbeatMs?: number;
};

export function createJobRoutes(options: JobStreamOptions = {}) {
  const pollMs = options.pollMs ?? 1000;
  const heartbeatMs = options.heartbeatMs ?? 15_000;
  const routes = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });

  routes.use('/jobs', requireUser);
  routes.use('/jobs/:id/cancel', requireUser);
  routes.use('/jobs/:id', optionalUser);
  routes.use('/jobs/:id/events', optionalUser);

  routes.openapi(
    createRoute({
      method: 'get',
      path: '/jobs',
      tags: ['jobs'],
      summary: 'My jobs, newest first',
      request: {
        query: z.object({
          pageNum: z.coerce.number().int().min(1).max(10_000).default(1),
          pageSize: z.coerce.number().int().min(1).max(100).default(20),
        }),
      },
      responses: {
        200: { description: 'A page of jobs', content: { 'application/json': { schema: envelopeOf(z.object({ list: z.array(JobSchema), total: z.number().int() })) } } },
        ...authErrorResponses,
      },
    }),
    async (c) => {
      const { pageNum, pageSize } = c.req.valid('query');
      return c.json(ok(await listJobsOfOwner(c.var.db, c.var.user.id, { pageNum, pageSize })), 200);
    },
  );

  routes.openapi(
    createRoute({
      method: 'get',
      path: '/jobs/{id}',
      tags: ['jobs'],
      summary: 'A job’s state and progress (the polling fallback of the event stream)',
      request: { params: JobIdParam },
      responses: {
        200: { description: 'The job', content: { 'application/json': { schema: envelopeOf(JobSchema) } } },
        ...authErrorResponses,
        ...notFoundResponse,
      },
    }),
    async (c) => {
      const job = await getJobForCaller(c.var.db, c.req.valid('param').id, callerOf(c)?.id ?? null);
      if (!job) throw notFound(c.var.locale);
      return c.json(ok(job), 200);
    },
  );

  routes.openapi(
    createRoute({
      method: 'post',
      path: '/jobs/{id}/cancel',
      tags: ['jobs'],
      summary: 'Ask a job to stop (a finished job is answered as it is)',
      request: { params: JobIdParam },
      responses: {
        200: { description: 'The job after the request', content: { 'application/json': { schema: envelopeOf(JobSchema) } } },
        ...authErrorResponses,
        ...notFoundResponse,
      },
    }),
    async (c) => {
      const job = await requestCancel(c.var.db, c.req.valid('param').id, c.var.user.id);
      if (!job) throw notFound(c.var.locale);
      return c.json(ok(job), 200);
    },
  );

  routes.openapi(
    createRoute({
      method: 'get',
      path: '/jobs/{id}/events',
      tags: ['jobs'],
      summary: 'Follow a job as server-sent events',
      description:
        'text/event-stream, outside the envelope: `progress` events while the job runs, then one `done`, `failed` or `cancelled` event, after which the stream ends. Each event’s data is the Job; its id is the job’s version, and a reconnect with Last-Event-ID (header or query) gets only newer states (the final event is always sent). Comment lines are heartbeats. Errors before the stream starts (401, 404) are envelopes. Send X-token: read it with fetch, not EventSource.',
      request: {
        params: JobIdParam,
        query: z.object({ lastEventId: z.string().optional().openapi({ description: 'Same as the Last-Event-ID header' }) }),
      },
      responses: {
        200: { description: 'The event stream', content: { 'text/event-stream': { schema: z.string() } } },
        ...authErrorResponses,
        ...notFoundResponse,
      },
    }),
    async (c) => {
      const { id } = c.req.valid('param');
      const owner = callerOf(c)?.id ?? null;
      const db = c.var.db;
      const lastText = c.req.header('last-event-id') ?? c.req.valid('query').lastEventId;
      let lastSent = -1;
      if (lastText !== undefined && lastText !== '') {
        if (!/^\d{1,10}$/.test(lastText)) throw new AppError(Code.badInput, `Last-Event-ID: ${serverMessage('jobs.badEventId', c.var.locale)}`);
        lastSent = Number(lastText);
      }
      const first = await getJobForCaller(db, id, owner);
      if (!first) throw notFound(c.var.locale);

      const response = streamSSE(c, async (stream) => {
        const waiter = changeWaiter(stream, id, pollMs);
        try {
          await follow(stream, waiter, first);
        } finally {
          waiter.close();
        }
      });
      async function follow(stream: SSEStreamingApi, waiter: ChangeWaiter, start: JobView): Promise<void> {
        let job: JobView | null = start;
        let lastWrite = Date.now();
        let firstEvent = true;
        while (job && !stream.aborted) {
          if (job.version > lastSent || isTerminal(job.state)) {
            await stream.writeSSE({
              event: eventNameOf(job),
              id: String(job.version),
              data: JSON.stringify(job),
              ...(firstEvent ? { retry: 2000 } : {}),
            });
            firstEvent = false;
            lastSent = job.version;
            lastWrite = Date.now();
          }
          if (isTerminal(job.state)) break;
          await waiter.next();
          if (stream.aborted) break;
          if (Date.now() - lastWrite >= heartbeatMs) {
            await stream.write(': keep-alive\n\n');
            lastWrite = Date.now();
          }
          job = await getJobForCaller(db, id, owner);
        }
      }
      // `no-transform`: the server's compression must not buffer the stream (compression honours it,
      // as do proxies); X-Accel-Buffering does the same for nginx.
      response.headers.set('Cache-Control', 'no-cache, no-transform');
      response.headers.set('X-Accel-Buffering', 'no');
      return response;
    },
  );

  return routes;
}

/** `next()` resolves on the job's next change in this process, after `pollMs`, or when the client leaves. */
type ChangeWaiter = { next: () => Promise<void>; close: () => void };

function changeWaiter(stream: SSEStreamingApi, id: string, pollMs: number): ChangeWaiter {
  let wake: (() => void) | null = null;
  let changedMeanwhile = false;
  const stop = onJobChange(id, () => {
    if (wake) wake();
    else changedMeanwhile = true;
  });
  stream.onAbort(() => wake?.());
  return {
    next: () =>
      new Promise<void>((resolve) => {
        if (changedMeanwhile || stream.aborted) {
          changedMeanwhile = false;
          resolve();
          return;
        }
        const timer = setTimeout(() => wake?.(), pollMs);
        wake = () => {
          clearTimeout(timer);
          wake = null;
          resolve();
        };
      }),
    close: stop,
  };
}

export const jobRoutes = createJobRoutes();
