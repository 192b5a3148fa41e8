// A small pool of worker threads for the CPU-heavy steps of jobs, so the request loop never runs
// them. One task per worker at a time; tasks wait in order when all are busy. Cancelling sets a
// shared flag the task reads between chunks, and terminates the worker if it has not stopped
// after a grace period. A worker that dies fails its task with a clear error and is replaced.

import { availableParallelism } from 'node:os';
import { resolve } from 'node:path';
import { Worker } from 'node:worker_threads';
import type { JobProgress } from './jobs.ts';
import { TaskCancelledError, type FromWorker, type ToWorker, type WorkerTask } from './worker-task.ts';

export class WorkerCrashedError extends Error {
  constructor(detail: string) {
    super(`the worker thread running this step stopped: ${detail}`);
    this.name = 'WorkerCrashedError';
  }
}

/** A task threw inside the worker (its message is kept). */
export class WorkerTaskError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'WorkerTaskError';
  }
}

export type RunOptions = {
  signal?: AbortSignal;
  onProgress?: (report: Partial<JobProgress>) => void;
  /** Buffers in `data` to move to the worker rather than copy. */
  transfer?: ArrayBuffer[];
};

type Running = {
  taskId: number;
  stop: Int32Array;
  resolve: (value: unknown) => void;
  reject: (error: Error) => void;
  onProgress: ((report: Partial<JobProgress>) => void) | undefined;
};

type Slot = { worker: Worker; running: Running | null; idleTimer?: NodeJS.Timeout };

type Waiting = { start: (slot: Slot) => void };

/**
 * The nice value of the pool's threads (0–19): analyses, imports and file reads give way to the
 * request thread when both want the CPU (on 2 cores an analysis otherwise slows searches).
 */
export const WORKER_NICE = 10;

/** One worker for each core but the one serving requests, at least one, at most four. */
export function defaultPoolSize(): number {
  return Math.max(1, Math.min(4, availableParallelism() - 1));
}

/**
 * An idle worker ends after this long (ms): each holds its own V8 heap (tens of MB after an index
 * build or an import), and a server that ran one big job at start should not keep that memory.
 */
export const WORKER_IDLE_MS = 30_000;

export class WorkerPool {
  readonly size: number;
  private readonly graceMs: number;
  private readonly idleMs: number;
  private readonly entry: string;
  private readonly nice: number;
  private readonly slots = new Set<Slot>();
  private readonly idle: Slot[] = [];
  private readonly waiting: Waiting[] = [];
  private nextTaskId = 1;
  private started = 0;
  private closed = false;

  constructor(options: { size?: number; graceMs?: number; nice?: number; idleMs?: number } = {}) {
    this.size = options.size ?? defaultPoolSize();
    this.nice = options.nice ?? WORKER_NICE;
    this.graceMs = options.graceMs ?? 2000;
    this.idleMs = options.idleMs ?? WORKER_IDLE_MS;
    // From the project root, not import.meta.url: the server bundle holds a copy of this module,
    // but the worker always runs the source (as migrations are read from the source folder).
    this.entry = resolve(process.cwd(), 'src/lib/jobs/worker-entry.ts');
  }

  run<D, R>(task: WorkerTask<D, R>, data: D, options: RunOptions = {}): Promise<R> {
    if (this.closed) return Promise.reject(new Error('the worker pool is closed'));
    const { signal } = options;
    if (signal?.aborted) return Promise.reject(new TaskCancelledError());
    return new Promise<R>((resolvePromise, rejectPromise) => {
      let slot: Slot | null = null;
      let graceTimer: NodeJS.Timeout | undefined;
      let waiter: Waiting | null = null;
      let taskIdOf = 0;
      const settle = () => {
        clearTimeout(graceTimer);
        signal?.removeEventListener('abort', onAbort);
      };
      const onAbort = () => {
        if (!slot) {
          // Still waiting for a worker: just leave the queue.
          if (waiter) this.waiting.splice(this.waiting.indexOf(waiter), 1);
          settle();
          rejectPromise(new TaskCancelledError());
          return;
        }
        const current = slot;
        const running = current.running;
        // Only this task's run: the slot may already be serving the next one.
        if (!running || running.taskId !== taskIdOf) return;
        Atomics.store(running.stop, 0, 1);
        graceTimer = setTimeout(() => {
          if (current.running !== running) return;
          // It did not stop in time: end the thread (a fresh one takes its place on demand).
          this.discard(current);
          running.reject(new TaskCancelledError());
        }, this.graceMs);
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      const start = (s: Slot) => {
        slot = s;
        waiter = null;
        const taskId = this.nextTaskId++;
        taskIdOf = taskId;
        const stopBuffer = new SharedArrayBuffer(4);
        s.running = {
          taskId,
          stop: new Int32Array(stopBuffer),
          onProgress: options.onProgress,
          resolve: (value) => {
            settle();
            resolvePromise(value as R);
          },
          reject: (error) => {
            settle();
            rejectPromise(error);
          },
        };
        s.worker.ref();
        const message: ToWorker = { type: 'run', taskId, module: task.module, fn: task.fn, data, stop: stopBuffer };
        try {
          s.worker.postMessage(message, options.transfer ?? []);
        } catch (error) {
          s.running = null;
          this.release(s);
          settle();
          rejectPromise(error as Error);
        }
      };
      const free = this.acquire();
      if (free) start(free);
      else {
        waiter = { start };
        this.waiting.push(waiter);
      }
    });
  }

  /** Ends every worker; running tasks fail. */
  async close(): Promise<void> {
    this.closed = true;
    const all = [...this.slots];
    this.slots.clear();
    this.idle.length = 0;
    await Promise.all(
      all.map(async (s) => {
        clearTimeout(s.idleTimer);
        const running = s.running;
        s.running = null;
        await s.worker.terminate();
        running?.reject(new WorkerCrashedError('the pool was closed'));
      }),
    );
  }

  /** Worker threads alive now (busy or idle). */
  get workers(): number {
    return this.slots.size;
  }

  /** Worker threads started since the pool was made (a reused worker is not counted again). */
  get workersStarted(): number {
    return this.started;
  }

  private acquire(): Slot | null {
    const idle = this.idle.pop();
    if (idle) {
      clearTimeout(idle.idleTimer);
      return idle;
    }
    if (this.slots.size < this.size) return this.spawn();
    return null;
  }

  private release(slot: Slot): void {
    if (!this.slots.has(slot)) return;
    const next = this.waiting.shift();
    if (next) next.start(slot);
    else {
      // An idle worker does not keep a script's process alive, and ends after idleMs.
      slot.worker.unref();
      this.idle.push(slot);
      // A worker left idle is dropped (its heap goes with it); the next task starts a fresh one.
      slot.idleTimer = setTimeout(() => this.discard(slot), this.idleMs);
      slot.idleTimer.unref();
    }
  }

  /** Drops a worker (crashed, overrunning its cancel or idle too long) and lets a waiting task start a new one. */
  private discard(slot: Slot): void {
    clearTimeout(slot.idleTimer);
    if (!this.slots.delete(slot)) return;
    const i = this.idle.indexOf(slot);
    if (i >= 0) this.idle.splice(i, 1);
    slot.running = null;
    void slot.worker.terminate();
    const next = this.waiting.shift();
    if (next && !this.closed) next.start(this.spawn());
  }

  private spawn(): Slot {
    const worker = new Worker(this.entry, { workerData: { nice: this.nice } });
    const slot: Slot = { worker, running: null };
    this.slots.add(slot);
    this.started++;
    worker.on('message', (message: FromWorker) => {
      const running = slot.running;
      if (!running || message.taskId !== running.taskId) return;
      if (message.type === 'progress') {
        running.onProgress?.(message.progress);
        return;
      }
      slot.running = null;
      this.release(slot);
      if (message.type === 'done') running.resolve(message.result);
      else running.reject(message.cancelled ? new TaskCancelledError() : new WorkerTaskError(message.message));
    });
    const crashed = (detail: string) => {
      const running = slot.running;
      this.discard(slot);
      running?.reject(new WorkerCrashedError(detail));
    };
    worker.on('error', (error) => crashed(error.message));
    worker.on('exit', (code) => {
      if (this.slots.has(slot)) crashed(`it exited with code ${code}`);
    });
    return slot;
  }
}

const poolKey = Symbol.for('chipedia.jobs.workerPool');
type PoolHolder = { [poolKey]?: WorkerPool };

/** The process's pool (shared with the server bundle's copy of this module through globalThis). */
export function sharedWorkerPool(): WorkerPool {
  const holder = globalThis as PoolHolder;
  return (holder[poolKey] ??= new WorkerPool());
}
