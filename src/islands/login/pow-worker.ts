import { solvePow, type PowWorkerMessage, type PowWorkerRequest } from './pow-solver.ts';

// The proof of work off the main thread (a module worker from /_astro/, allowed by the page CSP's
// worker-src 'self'): one task per worker; progress at most every 100 ms; the worker is dropped
// (terminate) when the dialog no longer needs it.

const scope = self as unknown as {
  onmessage: ((event: MessageEvent<PowWorkerRequest>) => void) | null;
  postMessage: (message: PowWorkerMessage) => void;
};

scope.onmessage = (event) => {
  if (event.data?.type !== 'solve') return;
  let reported = 0;
  solvePow(event.data.task, {
    onProgress: (tried) => {
      const t = performance.now();
      if (t - reported < 100) return;
      reported = t;
      scope.postMessage({ type: 'progress', tried });
    },
  })
    .then((found) => scope.postMessage(found ? { type: 'done', number: found.number, took: found.took } : { type: 'failed', reason: 'unsolved' }))
    .catch(() => scope.postMessage({ type: 'failed', reason: 'unsupported' }));
};
