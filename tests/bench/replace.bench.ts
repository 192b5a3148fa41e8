// `node tests/bench/replace.bench.ts`: replacement lookups (SPEC §7 replace/*), printed as JSON.
// On the built server with the demo catalogue, over up to 1,000 parts spread across the products
// sitemap: replace/getReplaces on each part's first request (candidates read and graded, nothing
// cached) and again (graded list cached), and the product detail page, which now renders the
// Replacements section, on first visit and steady state (its budget: ≥ 200 requests/s).
//
// Options (environment): BENCH_BASE=http://host:port measures a running server; BENCH_DATA_DIR
// reuses a data directory (default: a fresh one, which loads the demo catalogue on first start).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { load } from './lib/load.ts';
import { startServer } from './lib/server.ts';

const port = 4483;
const external = process.env.BENCH_BASE;
const base = external ?? `http://127.0.0.1:${port}`;
const zh = { cookie: 'locale=zh' };
const PARTS = 1000;

let stop = async () => {};
let dataDir = process.env.BENCH_DATA_DIR;
const fresh = !external && !dataDir;
if (!external) {
  dataDir ??= mkdtempSync(join(tmpdir(), 'chipedia-replace-bench-'));
  const env = { PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir };
  const first = await startServer(env);
  await first.stop();
  stop = (await startServer(env, ['--no-build'])).stop;
}

const xml = await (await fetch(`${base}/sitemap-products-1.xml`)).text();
const codes = [...new Set([...xml.matchAll(/<url><loc>[^<]*?\/productDetail\/([^<]+)<\/loc>/g)].map((m) => m[1]!))];
if (codes.length === 0) throw new Error('no products in the catalogue');
const step = Math.max(1, Math.floor(codes.length / PARTS));
const parts = codes.filter((_, i) => i % step === 0).slice(0, PARTS);

/** POST with a JSON body through the load driver (it issues GETs): one fetch per call, timed here. */
async function timedPosts(path: string, bodies: unknown[], connections: number) {
  const times: number[] = [];
  let errors = 0;
  let candidates = 0;
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (next < bodies.length) {
        const body = bodies[next++];
        const t0 = performance.now();
        const res = await fetch(base + path, { method: 'POST', headers: { 'content-type': 'application/json', ...zh }, body: JSON.stringify(body) });
        const json = (await res.json()) as { code: number; result?: { total?: number } };
        times.push(performance.now() - t0);
        if (json.code !== 200000) errors++;
        else candidates += json.result?.total ?? 0;
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  times.sort((a, b) => a - b);
  const q = (p: number) => +(times[Math.min(times.length - 1, Math.floor(p * times.length))] ?? 0).toFixed(1);
  return { requests: times.length, errors, rps: +(times.length / seconds).toFixed(1), p50: q(0.5), p95: q(0.95), p99: q(0.99), max: q(1), meanCandidates: +(candidates / Math.max(1, times.length - errors)).toFixed(1) };
}

const bodies = parts.map((mfgMpnCode) => ({ mfgMpnCode, pageNum: 1, pageSize: 20 }));
const getReplacesFirst = await timedPosts('/api/chiplet/replace/getReplaces', bodies, 4);
const getReplacesCached = await timedPosts('/api/chiplet/replace/getReplaces', bodies, 4);

// The detail page over parts whose replacements are not cached yet (the other half), then steady.
const detailParts = codes.filter((_, i) => i % step === Math.floor(step / 2)).slice(0, PARTS);
let i = 0;
const nextDetail = () => `${base}/productDetail/${(detailParts.length ? detailParts : parts)[i++ % (detailParts.length || parts.length)]}`;
const detailFirstVisit = await load(nextDetail, 10, detailParts.length || parts.length, zh);
const detailSteady = await load(nextDetail, 10, 3000, zh);

await stop();
if (fresh && dataDir) rmSync(dataDir, { recursive: true, force: true });

console.log(
  JSON.stringify(
    {
      bench: 'replace',
      catalogueParts: codes.length,
      parts: parts.length,
      getReplacesFirst,
      getReplacesCached,
      detailFirstVisit,
      detailSteady,
      budgets: { detailRps: { limit: 200, steady: detailSteady.rps, ok: detailSteady.rps >= 200 }, errors: { ok: getReplacesFirst.errors === 0 && getReplacesCached.errors === 0 && detailSteady.errors === 0 } },
    },
    null,
    2,
  ),
);
