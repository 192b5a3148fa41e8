// `npm run bench:index-memory`: what the in-memory search index costs per million parts (issue #18
// item 5, the figures of docs/deploy.md "Scale"). On a PostgreSQL catalogue of the demo parts plus
// SCALE_BENCH_PARTS generated ones (default 1,000,000; database SCALE_BENCH_DATABASE_URL, default
// scale_index_bench on the local server, prepared like the search bench's and reused), it builds
// the index twice in this process and prints, as JSON: build time, the memory the built index
// keeps (heap + array buffers after a full GC, against the same process before the build), the
// peak RSS while building (the worker's transient copy included), and both per million parts.
import { BENCH_PARTS, prepareBenchCatalog } from './lib/catalog-db.ts';

const url = process.env['SCALE_BENCH_DATABASE_URL'] ?? 'postgres://postgres@127.0.0.1:5432/scale_index_bench';
const parts = Number(process.env['SCALE_BENCH_PARTS'] ?? BENCH_PARTS);
const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) throw new Error('run with node --expose-gc (npm run bench:index-memory does)');

await prepareBenchCatalog((m) => console.error(m), url, parts);
const { openDatabase } = await import('../../src/lib/server/db/client.server.ts');
const { buildSearchIndex } = await import('../../src/lib/search/search-index.server.ts');
const { sharedWorkerPool } = await import('../../src/lib/jobs/worker-pool.server.ts');
const database = await openDatabase({ kind: 'postgres', url });

const mb = (n: number) => Math.round((n / 1048576) * 10) / 10;
function retained(): number {
  gc!();
  gc!();
  const m = process.memoryUsage();
  return m.heapUsed + m.arrayBuffers;
}

/**
 * Bytes of the typed arrays an index holds, each buffer once. They are made in the build worker and
 * transferred here, so this thread's `arrayBuffers` figure never counts them.
 */
function typedArrayBytes(value: unknown, seen = new Set<unknown>(), buffers = new Set<ArrayBufferLike>()): number {
  if (value === null || typeof value !== 'object' || seen.has(value)) return 0;
  seen.add(value);
  if (ArrayBuffer.isView(value)) {
    if (buffers.has(value.buffer)) return 0;
    buffers.add(value.buffer);
    return value.buffer.byteLength;
  }
  let sum = 0;
  const children = value instanceof Map ? [...value.values()] : Array.isArray(value) ? value : Object.values(value);
  for (const child of children) sum += typedArrayBytes(child, seen, buffers);
  return sum;
}

const runs: { buildMs: number; typedArraysMB: number; heapMB: number; retainedMB: number; rssAfterGcMB: number; peakRssMB: number }[] = [];
let keep: unknown = null;
const rssBeforeMB = mb((retained(), process.memoryUsage().rss));
for (let i = 0; i < 2; i++) {
  // The second build runs while the first index is still held, as a live rebuild does.
  const before = retained();
  let peak = process.memoryUsage().rss;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 50);
  const started = performance.now();
  const index = await buildSearchIndex(database.db);
  const buildMs = Math.round(performance.now() - started);
  clearInterval(sampler);
  keep = index;
  const heap = retained() - before;
  const arrays = typedArrayBytes(index);
  runs.push({ buildMs, typedArraysMB: mb(arrays), heapMB: mb(heap), retainedMB: mb(arrays + heap), rssAfterGcMB: mb(process.memoryUsage().rss), peakRssMB: mb(peak) });
  if (i === 0) console.error(`index: ${index.n} parts`);
}
// What stays once the build worker has exited (the pool keeps workers warm between tasks).
await sharedWorkerPool().close();
await new Promise((r) => setTimeout(r, 500));
const rssWithoutWorkersMB = mb((retained(), process.memoryUsage().rss));
const n = (keep as { n: number }).n;
const last = runs[runs.length - 1]!;
console.log(
  JSON.stringify({
    bench: 'search-index-memory',
    parts: n,
    rssBeforeMB,
    runs,
    rssWithoutWorkersMB,
    perMillion: { retainedMB: Math.round((last.retainedMB / n) * 1e6), buildMs: Math.round((last.buildMs / n) * 1e6) },
    note: 'retained = typed arrays of the index + JS heap it keeps after GC; peak RSS includes the build worker and the JSON text of the rows',
  }),
);
await database.close();
process.exit(0);
