// Issue #29 item 8: a fresh install's first start with the shipped JLCPCB/LCSC catalogue on the
// embedded PGlite. `npm run bench:catalog-start [-- --keep]` (needs a built site: npm run build).
// Measures: first page after the start, the longest gap between the start log's progress lines,
// when the catalogue is fully searchable (a search for LCSC codes across the snapshot finds them),
// the import's own figures, server RSS at the end, and a restart (no second import).
// Prints one JSON object.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServer } from './lib/server.ts';

const port = Number(process.env.BENCH_PORT ?? 4562);
const base = `http://127.0.0.1:${port}`;
const dataDir = mkdtempSync(join(tmpdir(), 'chipedia-first-start-'));
const env = { PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, CATALOG: 'full', DEMO_DESIGNS: 'off', LOG_LEVEL: 'warn' };
// One LCSC code from early, middle and late shards of the manifest: all three found = all searchable.
const probes = ['C8734', 'C25804', 'C165948'];

const rss = (pid: number) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) * 1024;
async function found(code: string): Promise<boolean> {
  const r = await fetch(`${base}/api/chiplet/products/queryPage`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ keyword: code, pageNum: 1, pageSize: 5 }) });
  const j = (await r.json()) as { result?: { list?: { mfgMpnCode: string }[]; total?: number } };
  return (j.result?.list?.length ?? 0) > 0;
}

const t0 = performance.now();
const server = await startServer(env, ['--no-build']);
const lines: { at: number; text: string }[] = [];
server.child.stdout!.on('data', (c: Buffer) => {
  for (const text of c.toString().split('\n')) if (text.includes('JLCPCB/LCSC catalogue')) lines.push({ at: performance.now() - t0, text });
});
let firstPageMs = -1;
for (let i = 0; i < 600 && firstPageMs < 0; i++) {
  const r = await fetch(`${base}/`).catch(() => null);
  if (r?.status === 200) firstPageMs = performance.now() - t0;
  else await new Promise((d) => setTimeout(d, 100));
}
let searchableMs = -1;
while (performance.now() - t0 < 900_000) {
  const all = await Promise.all(probes.map(found)).catch(() => [false]);
  if (all.every(Boolean)) {
    searchableMs = performance.now() - t0;
    break;
  }
  await new Promise((d) => setTimeout(d, 2000));
}
const rssBytes = rss(server.child.pid!);
await server.stop();
const gaps = lines.map((l, i) => (i === 0 ? l.at : l.at - lines[i - 1]!.at));
const loaded = lines.find((l) => /catalogue loaded/.test(l.text))?.text ?? null;

// A restart: no second import, ready again.
const r0 = performance.now();
const again = await startServer(env, ['--no-build']);
let restartLines = 0;
again.child.stdout!.on('data', (c: Buffer) => (restartLines += (c.toString().match(/loading the JLCPCB/g) ?? []).length));
await new Promise((d) => setTimeout(d, 15_000));
const restart = { readyMs: Math.round(again.readyMs), importedAgain: restartLines > 0, wallMs: Math.round(performance.now() - r0) };
await again.stop();
if (!process.argv.includes('--keep')) rmSync(dataDir, { recursive: true, force: true });

console.log(
  JSON.stringify({
    bench: 'catalog-first-start',
    database: 'pglite',
    readyMs: Math.round(server.readyMs),
    firstPageMs: Math.round(firstPageMs),
    searchableMs: Math.round(searchableMs),
    longestProgressGapMs: Math.round(Math.max(0, ...gaps)),
    progressLines: lines.length,
    loaded,
    rssBytes,
    restart,
    budgets: {
      searchableWithin5min: { value: Math.round(searchableMs), budget: 300_000, ok: searchableMs > 0 && searchableMs <= 300_000 },
      progressEvery10s: { value: Math.round(Math.max(0, ...gaps.slice(1))), budget: 10_500, ok: Math.max(0, ...gaps.slice(1)) <= 10_500 },
      noSecondImport: { value: restart.importedAgain, budget: false, ok: !restart.importedAgain },
      rss: { value: rssBytes, budget: 1.5 * 2 ** 30, ok: rssBytes <= 1.5 * 2 ** 30 },
    },
  }),
);
