// `node tests/bench/catalog-pages.bench.ts`: the catalogue pages' budgets, printed as JSON.
// - Product detail page server render ≥ 200 requests/s at 10 connections, on the built server
//   (`node scripts/start.ts --no-build`) with the demo catalogue, over 1,000 different parts.
//   Measured twice: the first visit of each part (nothing cached but the category tree), then
//   steady state (similar-parts lists cached, as in production after one visit).
// - JavaScript shipped on the filter and detail pages ≤ 100 KB gzip (header included; issue #10 and
//   ADR 0005 raised it from the Preact-era 60 KB: React's runtime alone is about 58 KB).
// Also reported, without budgets: catalogue, filter (with a unit range) and search pages; the 3D
// preview: the viewer's on-demand JavaScript, and GET model3d over the parts that have one
// (first request per footprint composes the board and model; later ones come from the cache).
//
// Options (environment): BENCH_BASE=http://host:port measures a server that is already running
// instead of starting one; BENCH_DATA_DIR reuses a data directory (default: a fresh one, which
// loads the demo catalogue on first start).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { load, wireBytes } from './lib/load.ts';
import { pageJavaScript } from './lib/page-js.ts';
import { startServer } from './lib/server.ts';

const port = 4481;
const external = process.env.BENCH_BASE;
const base = external ?? `http://127.0.0.1:${port}`;
const zh = { cookie: 'locale=zh' };
const FILTER_PATH = '/filterPage/55001/%E5%9B%BA%E5%AE%9A%E7%94%B5%E9%98%BB?p.resistance=4k7..10k';
const PARTS = 1000;

let stop = async () => {};
let dataDir = process.env.BENCH_DATA_DIR;
const fresh = !external && !dataDir;
if (!external) {
  dataDir ??= mkdtempSync(join(tmpdir(), 'chipedia-pages-bench-'));
  const env = { PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir };
  const first = await startServer(env); // builds if needed; a fresh directory loads the demo catalogue
  await first.stop();
  const server = await startServer(env, ['--no-build']);
  stop = server.stop;
}

// Parts to visit: spread over the whole products sitemap (zh entries).
const xml = await (await fetch(`${base}/sitemap-products-1.xml`)).text();
const codes = [...xml.matchAll(/<url><loc>[^<]*?\/productDetail\/([^<]+)<\/loc>/g)].map((m) => m[1]!).filter((c, i, all) => all.indexOf(c) === i);
if (codes.length === 0) throw new Error('no products in the catalogue');
const step = Math.max(1, Math.floor(codes.length / PARTS));
const parts = codes.filter((_, i) => i % step === 0).slice(0, PARTS);
const detailPath = `/productDetail/${parts[0]}`;

const js = {
  filter: await pageJavaScript(base, FILTER_PATH, zh),
  detail: await pageJavaScript(base, detailPath, zh),
};

// Warm the process (JIT, category tree, header) on pages outside the measured set.
await load(`${base}/catalog`, 10, 100, zh);
await load(`${base}/productDetail/${codes.at(-1)}`, 10, 200, zh);

let i = 0;
const nextPart = () => `${base}/productDetail/${parts[i++ % parts.length]}`;
const detailFirstVisit = await load(nextPart, 10, parts.length, zh);
const detailSteady = await load(nextPart, 10, 3000, zh);
const other = {
  catalog: await load(`${base}/catalog`, 10, 300, zh),
  filterWithRange: await load(base + FILTER_PATH, 10, 500, zh),
  search: await load(`${base}/search?name=NE555`, 10, 300, zh),
  partNotFound: await load(`${base}/productDetail/NO_SUCH_PART_x`, 10, 300, zh),
};

// 3D previews: parts whose footprint has a stored model (the detail call says which).
const with3d: string[] = [];
for (const code of codes) {
  if (with3d.length >= 300) break;
  const res = await fetch(`${base}/api/chiplet/products/detail`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ mfgMpnCode: code }) });
  const body = (await res.json()) as { result?: { footprint?: { preview3d?: unknown } | null } };
  if (body.result?.footprint?.preview3d) with3d.push(code);
}
let j = 0;
const nextModel = () => `${base}/api/chiplet/products/model3d?mfgMpnCode=${with3d[j++ % with3d.length]}`;
const gz = { 'accept-encoding': 'gzip' };
const model3dFirst = with3d.length ? await load(nextModel, 10, with3d.length, gz) : null;
const model3dCached = with3d.length ? await load(nextModel, 10, 2000, gz) : null;
let modelBytes = 0;
// Bytes on the wire (gzip), counted raw: fetch would decompress them.
for (const code of with3d.slice(0, 50)) modelBytes += await wireBytes(`${base}/api/chiplet/products/model3d?mfgMpnCode=${code}`, gz);

await stop();
if (fresh && dataDir) rmSync(dataDir, { recursive: true, force: true });

const kb = (bytes: number) => +(bytes / 1024).toFixed(1);
const result = {
  bench: 'catalog-pages',
  parts: parts.length,
  javascriptGzipKB: { filter: kb(js.filter.gzipBytes), detail: kb(js.detail.gzipBytes) },
  render: { detailFirstVisit, detailSteady, ...other },
  preview3d: {
    viewerOnDemandGzipKB: kb(js.detail.onDemand['model-viewer'] ?? 0),
    partsSampled: with3d.length,
    meanTransferKB: with3d.length ? kb(modelBytes / Math.min(50, with3d.length)) : null,
    model3dFirstRequest: model3dFirst,
    model3dCached,
  },
  budgets: {
    detailRps: { limit: 200, firstVisit: detailFirstVisit.rps, steady: detailSteady.rps, ok: detailSteady.rps >= 200 },
    filterJsKB: { limit: 100, ok: js.filter.gzipBytes <= 100 * 1024 },
    detailJsKB: { limit: 100, ok: js.detail.gzipBytes <= 100 * 1024 },
    errors: { limit: 0, ok: [detailFirstVisit, detailSteady, ...Object.values(other)].every((r) => r.errors === 0) },
  },
};
console.log(JSON.stringify(result, null, 2));
