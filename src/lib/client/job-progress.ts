// Follows a job from the browser (ADR 0007): its event stream read with fetch — EventSource cannot
// send the X-token header — reconnecting with Last-Event-ID when the connection drops, and polling
// GET /api/jobs/{id} when streaming does not work at all (a proxy that buffers or refuses it).

import { isTerminal, type JobView } from '../jobs/jobs.ts';

export type FollowJobOptions = {
  /** The session token sent as X-token. */
  token: string | null;
  /** Called with every state seen, the final one included. */
  onProgress?: (job: JobView) => void;
  signal?: AbortSignal;
  /** Interval of the polling fallback. */
  pollMs?: number;
  /** Stream failures in a row before falling back to polling. */
  streamAttempts?: number;
  /** Injectable for tests and other hosts. */
  fetch?: typeof fetch;
};

/** An answer in the `{code,msg,result}` envelope that is not success (no such job, logged out…). */
export class JobFollowError extends Error {
  readonly code: number;
  constructor(code: number, msg: string) {
    super(msg);
    this.name = 'JobFollowError';
    this.code = code;
  }
}

type StreamEnd = { kind: 'final'; job: JobView } | { kind: 'broken' };

/** Resolves with the job's final state (succeeded, failed or cancelled); rejects on abort or an envelope error. */
export async function followJob(id: string, options: FollowJobOptions): Promise<JobView> {
  const doFetch = options.fetch ?? globalThis.fetch.bind(globalThis);
  const headers: Record<string, string> = options.token ? { 'X-token': options.token } : {};
  const base = `/api/jobs/${encodeURIComponent(id)}`;
  let lastEventId: string | null = null;
  let failures = 0;
  const attempts = options.streamAttempts ?? 3;

  while (failures < attempts) {
    options.signal?.throwIfAborted();
    const end = await readStream().catch((error: unknown) => {
      if (options.signal?.aborted || error instanceof JobFollowError) throw error;
      return { kind: 'broken' } as StreamEnd;
    });
    if (end.kind === 'final') return end.job;
    failures++;
    if (failures < attempts) await sleep(Math.min(1000 * failures, 3000), options.signal);
  }
  return poll();

  async function readStream(): Promise<StreamEnd> {
    const res = await doFetch(`${base}/events`, {
      headers: { ...headers, Accept: 'text/event-stream', ...(lastEventId ? { 'Last-Event-ID': lastEventId } : {}) },
      ...(options.signal ? { signal: options.signal } : {}),
    });
    if (!(res.headers.get('content-type') ?? '').startsWith('text/event-stream') || !res.body) {
      await throwIfEnvelopeError(res);
      return { kind: 'broken' };
    }
    const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
    // Not every fetch ends the body when its signal aborts: stop reading here either way.
    const stop = () => void reader.cancel().catch(() => {});
    options.signal?.addEventListener('abort', stop, { once: true });
    try {
      return await readEvents(reader);
    } finally {
      options.signal?.removeEventListener('abort', stop);
    }
  }

  async function readEvents(reader: ReadableStreamDefaultReader<string>): Promise<StreamEnd> {
    let buffer = '';
    for (;;) {
      const { done, value } = await reader.read();
      options.signal?.throwIfAborted();
      if (done) return { kind: 'broken' };
      buffer += value.replace(/\r\n?/g, '\n');
      let cut: number;
      while ((cut = buffer.indexOf('\n\n')) >= 0) {
        const block = buffer.slice(0, cut);
        buffer = buffer.slice(cut + 2);
        const job = parseEvent(block);
        if (!job) continue;
        failures = 0;
        lastEventId = String(job.version);
        options.onProgress?.(job);
        if (isTerminal(job.state)) {
          void reader.cancel().catch(() => {});
          return { kind: 'final', job };
        }
      }
    }
  }

  async function poll(): Promise<JobView> {
    let lastVersion = -1;
    for (;;) {
      const res = await doFetch(base, { headers, ...(options.signal ? { signal: options.signal } : {}) });
      const body = (await res.json().catch(() => null)) as { code: number; msg: string; result: JobView } | null;
      if (!body) throw new JobFollowError(res.status * 100, `HTTP ${res.status}`);
      if (body.code !== 200000) throw new JobFollowError(body.code, body.msg);
      const job = body.result;
      if (job.version !== lastVersion) {
        lastVersion = job.version;
        options.onProgress?.(job);
      }
      if (isTerminal(job.state)) return job;
      await sleep(options.pollMs ?? 1000, options.signal);
    }
  }
}

/** The job in one SSE block (`data:` lines joined); null for comments and other events. */
function parseEvent(block: string): JobView | null {
  const data: string[] = [];
  for (const line of block.split('\n')) {
    if (line.startsWith('data:')) data.push(line.slice(line.startsWith('data: ') ? 6 : 5));
  }
  if (data.length === 0) return null;
  try {
    const job = JSON.parse(data.join('\n')) as JobView;
    return typeof job?.version === 'number' && typeof job.state === 'string' ? job : null;
  } catch {
    return null;
  }
}

async function throwIfEnvelopeError(res: Response): Promise<void> {
  if (!(res.headers.get('content-type') ?? '').includes('application/json')) return;
  const body = (await res.json().catch(() => null)) as { code?: unknown; msg?: unknown } | null;
  if (body && typeof body.code === 'number' && body.code !== 200000) throw new JobFollowError(body.code, String(body.msg ?? ''));
}

function sleep(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal!.reason);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
