// How long a search-index rebuild blocks the event loop (ADR 0007): builds the index of a seeded
// database a few times while perf_hooks.monitorEventLoopDelay samples the loop.
//   node tests/bench/search-index-loop.bench.ts <PGlite data dir | postgres:// URL> [module path, default the current search-index.server.ts] [builds]
// Pass another copy of the module (e.g. the version before the worker) to compare.
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { openDatabase, type Db } from '../../src/lib/server/db/client.server.ts';

const [dataDir, modulePath = 'src/lib/search/search-index.server.ts', buildsText = '5'] = process.argv.slice(2);
if (!dataDir) {
  console.error('usage: node tests/bench/search-index-loop.bench.ts <PGlite data dir | postgres:// URL> [module] [builds]');
  process.exit(2);
}
const mod = (await import(pathToFileURL(resolve(modulePath)).href)) as { buildSearchIndex: (db: Db) => Promise<{ n: number; buildMs: number }> };
const database = /^postgres(ql)?:\/\//.test(dataDir) ? await openDatabase({ kind: 'postgres', url: dataDir }) : await openDatabase({ kind: 'pglite', dataDir });
// One untimed build: module and worker start-up, PGlite caches.
const first = await mod.buildSearchIndex(database.db);
const histogram = monitorEventLoopDelay({ resolution: 1 });
const buildMs: number[] = [];
histogram.enable();
for (let i = 0; i < Number(buildsText); i++) buildMs.push((await mod.buildSearchIndex(database.db)).buildMs);
histogram.disable();
const ms = (ns: number) => +(ns / 1e6).toFixed(1);
console.log(
  JSON.stringify({
    module: modulePath,
    database: database.kind,
    parts: first.n,
    builds: buildMs.length,
    buildMs,
    loopDelayMs: { max: ms(histogram.max), p99: ms(histogram.percentile(99)), p50: ms(histogram.percentile(50)), mean: ms(histogram.mean) },
  }),
);
await database.close();
process.exit(0);
