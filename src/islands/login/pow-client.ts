import { solvePow, type PowFound, type PowTask, type PowWorkerMessage, type PowWorkerRequest } from './pow-solver.ts';

// Runs a proof of work off the main thread: a module Web Worker (pow-worker.ts, bundled by Vite to
// /_astro/, which the page CSP's worker-src 'self' allows). Where no worker starts (old browser, a
// stricter CSP), the same search runs on the main thread in slices that yield every 12 ms.

/** crypto.subtle is missing (an insecure http:// page other than localhost): nothing can solve it. */
export class PowUnsupportedError extends Error {
  constructor() {
    super('proof of work unsupported');
    this.name = 'PowUnsupportedError';
  }
}

type Options = { onProgress?: (tried: number) => void; signal?: AbortSignal };

export function solveInBackground(task: PowTask, options: Options = {}): Promise<PowFound | null> {
  if (!globalThis.crypto?.subtle) return Promise.reject(new PowUnsupportedError());
  let worker: Worker | undefined;
  try {
    worker = new Worker(new URL('./pow-worker.ts', import.meta.url), { type: 'module' });
  } catch {
    worker = undefined;
  }
  if (!worker) return onMainThread(task, options);
  const running = worker;
  return new Promise<PowFound | null>((resolve, reject) => {
    let heard = false;
    const finish = () => {
      running.terminate();
      options.signal?.removeEventListener('abort', abort);
    };
    const abort = () => {
      finish();
      resolve(null);
    };
    options.signal?.addEventListener('abort', abort, { once: true });
    running.onmessage = (event: MessageEvent<PowWorkerMessage>) => {
      heard = true;
      const message = event.data;
      if (message.type === 'progress') {
        options.onProgress?.(message.tried);
        return;
      }
      finish();
      if (message.type === 'done') resolve({ number: message.number, took: message.took });
      else if (message.reason === 'unsupported') reject(new PowUnsupportedError());
      else resolve(null);
    };
    running.onerror = (event) => {
      event.preventDefault();
      finish();
      // The worker did not load (blocked, no module workers): do it here instead.
      if (!heard) onMainThread(task, options).then(resolve, reject);
      else reject(new Error('proof of work worker failed'));
    };
    const request: PowWorkerRequest = { type: 'solve', task };
    running.postMessage(request);
  });
}

function onMainThread(task: PowTask, options: Options): Promise<PowFound | null> {
  return solvePow(task, { batch: 32, yieldMs: 12, ...options });
}
