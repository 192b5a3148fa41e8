// The contract between a job step and the worker thread running it. A task module exports
// functions `(data, ctx) => result`; they get plain data (never a database: PGlite lives in the
// main thread) and return plain data, whose typed arrays are transferred back, not copied.

import type { JobProgress } from './jobs.ts';

export type WorkerTaskContext = {
  /** Reports progress to the job (throttled by the runner). */
  progress(report: Partial<JobProgress>): void;
  /** True once the job was cancelled; readable inside a synchronous loop (a shared flag, not a message). */
  stopped(): boolean;
  /** Throws the cancellation when stopped: call it between chunks of work. */
  throwIfStopped(): void;
};

export type WorkerTaskFn<D, R> = (data: D, ctx: WorkerTaskContext) => R | Promise<R>;

/** Names the task for the pool: the module's path from the project root and the export's name. */
export type WorkerTask<D = unknown, R = unknown> = { module: string; fn: string; readonly __types?: (d: D) => R };

export function workerTask<D, R>(module: string, fn: string): WorkerTask<D, R> {
  return { module, fn };
}

export type ToWorker = { type: 'run'; taskId: number; module: string; fn: string; data: unknown; stop: SharedArrayBuffer };
export type FromWorker =
  | { type: 'progress'; taskId: number; progress: Partial<JobProgress> }
  | { type: 'done'; taskId: number; result: unknown }
  | { type: 'error'; taskId: number; message: string; cancelled: boolean };

export class TaskCancelledError extends Error {
  constructor() {
    super('cancelled');
    this.name = 'TaskCancelledError';
  }
}

/** The buffers behind every typed array in a value (each once), for a transfer list. */
export function transferablesOf(value: unknown): ArrayBuffer[] {
  const found = new Set<ArrayBuffer>();
  const seen = new Set<object>();
  const walk = (v: unknown): void => {
    if (typeof v !== 'object' || v === null || seen.has(v)) return;
    seen.add(v);
    if (ArrayBuffer.isView(v)) {
      if (v.buffer instanceof ArrayBuffer) found.add(v.buffer);
      return;
    }
    if (v instanceof Map) {
      for (const [k, x] of v) {
        walk(k);
        walk(x);
      }
    } else if (Array.isArray(v)) for (const x of v) walk(x);
    else for (const x of Object.values(v)) walk(x);
  };
  walk(value);
  return [...found];
}
