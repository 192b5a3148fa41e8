// The browser's half of the proof of work (src/lib/sso/README.md "Proof of work"): find the number
// n, counting from 0, with SHA-256(salt + n) = challenge. crypto.subtle only; no DOM, so the same
// code runs in the Web Worker (pow-worker.ts) and, where no worker can start, on the main thread
// in slices that yield. Digests are requested in batches: one await per digest costs a thread hop
// each, a batch shares it (about 1.6× faster in Chromium).

export type PowTask = { algorithm: 'SHA-256'; challenge: string; salt: string; maxnumber: number };
export type PowFound = { number: number; took: number };

/** The task in a challenge answer (GET /captcha/pow), or null when it is not one we can solve. */
export function readPowTask(data: unknown): (PowTask & { signature: string }) | null {
  if (!data || typeof data !== 'object') return null;
  const d = data as Record<string, unknown>;
  const { algorithm, challenge, salt, signature, maxnumber } = d;
  if (algorithm !== 'SHA-256') return null;
  if (typeof challenge !== 'string' || !/^[0-9a-f]{64}$/.test(challenge)) return null;
  if (typeof signature !== 'string' || !/^[0-9a-f]{64}$/.test(signature)) return null;
  if (typeof salt !== 'string' || salt.length === 0 || salt.length > 300) return null;
  if (typeof maxnumber !== 'number' || !Number.isSafeInteger(maxnumber) || maxnumber < 1 || maxnumber > 10_000_000) return null;
  return { algorithm, challenge, salt, signature, maxnumber };
}

function hexBytes(hex: string): Uint8Array {
  const out = new Uint8Array(hex.length / 2);
  for (let i = 0; i < out.length; i++) out[i] = Number.parseInt(hex.slice(i * 2, i * 2 + 2), 16);
  return out;
}

function same(a: ArrayBuffer, b: Uint8Array): boolean {
  const x = new Uint8Array(a);
  if (x.length !== b.length) return false;
  for (let i = 0; i < x.length; i++) if (x[i] !== b[i]) return false;
  return true;
}

/**
 * Counts from 0 to maxnumber. `onProgress(tried)` after every batch; `yieldMs` > 0 hands the
 * thread back (a macrotask) at least that often, for the main-thread fallback. Resolves null when
 * no number up to maxnumber fits or when `signal` aborts.
 */
export async function solvePow(
  task: PowTask,
  options: { batch?: number; onProgress?: (tried: number) => void; signal?: AbortSignal; yieldMs?: number; now?: () => number } = {},
): Promise<PowFound | null> {
  const subtle = globalThis.crypto?.subtle;
  if (!subtle) throw new Error('crypto.subtle unavailable');
  const now = options.now ?? (() => performance.now());
  const batch = Math.max(1, options.batch ?? 64);
  const target = hexBytes(task.challenge);
  const encoder = new TextEncoder();
  const started = now();
  let lastYield = started;
  for (let first = 0; first <= task.maxnumber; first += batch) {
    if (options.signal?.aborted) return null;
    const last = Math.min(task.maxnumber, first + batch - 1);
    const digests: Promise<ArrayBuffer>[] = [];
    for (let n = first; n <= last; n++) digests.push(subtle.digest(task.algorithm, encoder.encode(task.salt + n)));
    const results = await Promise.all(digests);
    for (let i = 0; i < results.length; i++) {
      if (same(results[i]!, target)) return { number: first + i, took: Math.round(now() - started) };
    }
    options.onProgress?.(last + 1);
    if (options.yieldMs && now() - lastYield >= options.yieldMs) {
      await new Promise((resolve) => setTimeout(resolve, 0));
      lastYield = now();
    }
  }
  return null;
}

/** Messages between the dialog and pow-worker.ts. */
export type PowWorkerRequest = { type: 'solve'; task: PowTask };
export type PowWorkerMessage =
  | { type: 'progress'; tried: number }
  | { type: 'done'; number: number; took: number }
  | { type: 'failed'; reason: 'unsolved' | 'unsupported' };
