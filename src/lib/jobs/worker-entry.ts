// The worker thread's main: loads a task module (by path from the project root), runs the named
// export on the data it was sent, posts progress and the result back. Started by worker-pool.server.ts
// with Node's own TypeScript support, so it and every module a task imports must be plain-Node
// TypeScript (erasable syntax, `.ts` import paths).

import { setPriority } from 'node:os';
import { parentPort, workerData } from 'node:worker_threads';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { TaskCancelledError, transferablesOf, type FromWorker, type ToWorker, type WorkerTaskFn } from './worker-task.ts';

const port = parentPort;
if (!port) throw new Error('worker-entry.ts runs only as a worker thread');

// Background work yields the CPU to requests: on Linux a nice value belongs to a thread, and
// setPriority() with no pid sets the calling thread's, so this lowers only this worker (the
// request thread and PostgreSQL keep theirs). Where the platform refuses, the task runs as is.
const nice = (workerData as { nice?: number } | undefined)?.nice ?? 0;
if (nice > 0) {
  try {
    setPriority(nice);
  } catch {
    // Not permitted here: same priority as the server.
  }
}

const post = (message: FromWorker, transfer: ArrayBuffer[] = []) => port.postMessage(message, transfer);

port.on('message', async (message: ToWorker) => {
  if (message.type !== 'run') return;
  const { taskId } = message;
  const stop = new Int32Array(message.stop);
  const stopped = () => Atomics.load(stop, 0) !== 0;
  try {
    const mod = (await import(pathToFileURL(resolve(process.cwd(), message.module)).href)) as Record<string, unknown>;
    const fn = mod[message.fn];
    if (typeof fn !== 'function') throw new Error(`${message.module} has no task ${message.fn}`);
    const result = await (fn as WorkerTaskFn<unknown, unknown>)(message.data, {
      progress: (progress) => post({ type: 'progress', taskId, progress }),
      stopped,
      throwIfStopped: () => {
        if (stopped()) throw new TaskCancelledError();
      },
    });
    post({ type: 'done', taskId, result }, transferablesOf(result));
  } catch (error) {
    const cancelled = error instanceof TaskCancelledError || stopped();
    post({ type: 'error', taskId, message: error instanceof Error ? error.message : String(error), cancelled });
  }
});
