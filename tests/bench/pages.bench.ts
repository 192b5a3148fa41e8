// `npm run bench:pages`: the foundation's budgets, printed as JSON.
// - JavaScript shipped: a page without islands 0 KB; home page with header islands ≤ 80 KB gzip.
// - Server render p95 ≤ 20 ms at 10 connections (home and 404 pages).
// - Cold `npm start` on an existing data directory: listening in ≤ 5 s.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { load } from './lib/load.ts';
import { pageJavaScript } from './lib/page-js.ts';
import { startServer } from './lib/server.ts';

const port = 4480;
const base = `http://127.0.0.1:${port}`;
const dataDir = mkdtempSync(join(tmpdir(), 'chipedia-bench-'));
const env = { PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir };
const zh = { cookie: 'locale=zh' };

const first = await startServer(env); // builds if needed, creates and seeds the data directory
await first.stop();
const cold = await startServer(env, ['--no-build']); // existing data directory and build: the measured start

const js = {
  home: await pageJavaScript(base, '/', zh),
  notFound: await pageJavaScript(base, '/no-such-page', zh),
  noIsland: await pageJavaScript(base, '/library', zh),
};
for (const path of ['/', '/no-such-page']) await load(base + path, 10, 200, zh); // warm-up
const render = {
  home: await load(`${base}/`, 10, 2000, zh),
  notFound: await load(`${base}/no-such-page`, 10, 2000, zh),
};
await cold.stop();
rmSync(dataDir, { recursive: true, force: true });

const result = {
  bench: 'pages',
  coldStartMs: Math.round(cold.readyMs),
  firstStartMs: Math.round(first.readyMs),
  javascriptGzipKB: {
    home: +(js.home.gzipBytes / 1024).toFixed(1),
    notFound: +(js.notFound.gzipBytes / 1024).toFixed(1),
    pageWithoutIslands: +(js.noIsland.gzipBytes / 1024).toFixed(1),
  },
  render,
  budgets: {
    coldStartMs: { limit: 5000, ok: cold.readyMs <= 5000 },
    homeJsKB: { limit: 80, ok: js.home.gzipBytes <= 80 * 1024 },
    noIslandJsKB: { limit: 0, ok: js.noIsland.gzipBytes === 0 },
    renderP95Ms: { limit: 20, ok: render.home.p95 <= 20 && render.notFound.p95 <= 20 },
  },
};
console.log(JSON.stringify(result, null, 2));
