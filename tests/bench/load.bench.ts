// `npm run bench:load`: the site under a mixed workload modelled on a catalogue site (issue #18
// item 2), printed as JSON on stdout (progress on stderr).
// - The real built server (`node scripts/start.ts --no-build`) on a fresh PostgreSQL database
//   (`load_<time>` on the shared cluster, dropped afterwards) with the demo catalogue it seeds;
//   `--pglite` runs it on embedded PGlite in the data directory instead.
// - The mix (lib/load-mix.ts): mostly detail and search pages, category pages, some API (suggest,
//   queryPage, products/detail, symbol and footprint previews, the KiCad zip), a few SMS logins
//   through the dev provider (slider path) followed by an upload, anonymous BOM uploads; real part
//   numbers, categories and Chinese keywords read from the database.
// - Clients: autocannon connections, each one visitor running operations back to back, each
//   reaching the server from its own loopback address through a relay (lib/loopback-relay.ts), so
//   the per-address download and upload limits count visitors as in production. The SSO's hourly
//   SMS limit per address is raised (SSO_SMS_PER_IP_HOUR=10000), since a visitor here logs in far
//   more often than a person; 429s are counted apart and reported (expected: 0).
// - Finding the sustained rate: after a warm-up, the connection count is stepped up (each step
//   --step-seconds) until p95 > 200 ms or an error; the best step that met both is then run for
//   --duration seconds (default 300): its rate, p50/p95/p99 and errors are the result. An error
//   is any answer ≥ 400 but 429, a failed step of a login or upload, a socket error or a timeout.
// - Memory: RSS of the server (its worker threads included, and any child process) sampled every
//   second from /proc; growth is the median of the sustained run's last 30 s over its first 30 s.
//
// Options: --duration <s> (300), --step-seconds <s> (20), --warmup-seconds <s> (60),
// --connections <n> (skip the search, sustain at n), --steps 2,4,8 (the connection counts tried),
// --pglite, --database-url <url> (reuse a database; kept), --keep (keep the database and data
// directory), --port <n> (4800), --cpu-prof (the server writes a V8 CPU profile into the data
// directory on exit).
// Figures on the shared 2-core machine move with its load: `machine` reports the load average.
import { createRequire } from 'node:module';
import { existsSync, mkdirSync, rmSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { OPERATIONS, readCatalogue, Visitor, WEIGHTS, type Catalogue, type Operation } from './lib/load-mix.ts';
import { startLoopbackRelay } from './lib/loopback-relay.ts';
import { sampleRss } from './lib/rss-sampler.ts';
import { startServer, waitUntilIdle, type RunningServer } from './lib/server.ts';

const { values: args } = parseArgs({
  options: {
    duration: { type: 'string', default: '300' },
    'step-seconds': { type: 'string', default: '20' },
    'warmup-seconds': { type: 'string', default: '60' },
    connections: { type: 'string' },
    steps: { type: 'string', default: '2,4,6,8,12,16,24,32' },
    pglite: { type: 'boolean', default: false },
    'database-url': { type: 'string' },
    keep: { type: 'boolean', default: false },
    port: { type: 'string', default: '4800' },
    'cpu-prof': { type: 'boolean', default: false },
  },
});
const P95_BUDGET_MS = 200;
const RSS_GROWTH_BUDGET_PCT = 5;
const log = (m: string) => console.error(`[bench:load ${new Date().toISOString().slice(11, 19)}] ${m}`);

type ClientLike = { setRequests: (r: unknown[]) => void };
type AutocannonResult = { errors: number; timeouts: number };
type Instance = {
  on(event: 'response', fn: (client: ClientLike, status: number, bytes: number, ms: number) => void): void;
  on(event: 'done', fn: (r: AutocannonResult) => void): void;
};
const autocannon = createRequire(import.meta.url)('autocannon') as (opts: Record<string, unknown>) => Instance;

if (!existsSync('dist/server/entry.mjs')) throw new Error('no build: run `npm run build` first (the bench serves the existing build)');
const port = Number(args.port);
const stamp = new Date().toISOString().replace(/\D/g, '').slice(0, 14);
const dataDir = join(process.cwd(), 'data', `load-${stamp}`);
mkdirSync(dataDir, { recursive: true });

// ── The database ─────────────────────────────────────────────────────────────
const adminUrl = 'postgres://postgres@127.0.0.1:5432/postgres';
let databaseUrl = args['database-url'];
const ownDatabase = !args.pglite && !databaseUrl;
if (ownDatabase) {
  databaseUrl = `postgres://postgres@127.0.0.1:5432/load_${stamp}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE load_${stamp}`);
  await admin.end();
}

const env: Record<string, string> = {
  PORT: String(port),
  HOST: '127.0.0.1',
  DATA_DIR: dataDir,
  DATABASE_URL: args.pglite ? '' : databaseUrl!,
  // A visitor here logs in far more often than a person: the per-address SMS limit would refuse it.
  SSO_SMS_PER_IP_HOUR: '10000',
  // The daily SMS alarm (an error log line per send past the budget) is not what is measured.
  SMS_DAILY_BUDGET: '10000000',
  // /metrics answers only the operator's token, loopback or not (issue #36 item 4).
  METRICS_TOKEN: 'load-bench-metrics-token-0123456789',
  ...(args['cpu-prof'] ? { NODE_OPTIONS: `--cpu-prof --cpu-prof-dir=${join(dataDir, 'prof')}` } : {}),
};

/** One SELECT against the bench's database (PGlite: opened while the server is stopped). */
async function sampleCatalogue(): Promise<Omit<Catalogue, 'assets'>> {
  if (!args.pglite) {
    const c = new pg.Client({ connectionString: databaseUrl });
    await c.connect();
    try {
      return await readCatalogue(async (sql) => (await c.query(sql)).rows as Record<string, unknown>[]);
    } finally {
      await c.end();
    }
  }
  const { openDatabase } = await import('../../src/lib/server/db/client.server.ts');
  const { runnerOf } = await import('../../src/lib/server/db/raw-sql.server.ts');
  const database = await openDatabase({ kind: 'pglite', dataDir });
  try {
    return await readCatalogue((sql) => runnerOf(database.db).rows(sql));
  } finally {
    await database.close();
  }
}

log(`first start (${args.pglite ? 'PGlite' : databaseUrl}): migrations and the demo catalogue`);
let server: RunningServer = await startServer(env, ['--no-build']);
let sample: Omit<Catalogue, 'assets'>;
if (args.pglite) {
  await waitUntilIdle(server.child.pid!);
  await server.stop();
  sample = await sampleCatalogue();
  server = await startServer(env, ['--no-build']);
} else {
  sample = await sampleCatalogue();
}
const pid = server.child.pid!;
const idle = await waitUntilIdle(pid);
log(`server ${pid} idle after ${idle.waitedMs} ms (idle: ${idle.idle}); ${sample.parts.length} parts, ${sample.categories.length} categories, ${sample.keywords.length} keywords sampled`);

const base = `http://127.0.0.1:${port}`;
// The build assets a page view loads, from the home and a detail page.
const assets = new Set<string>();
for (const path of ['/', `/productDetail/${encodeURIComponent(sample.parts[0]!.code)}`, '/search?name=NE555']) {
  const html = await (await fetch(base + path)).text();
  for (const m of html.matchAll(/["'](\/_astro\/[^"'?#]+\.(?:js|css))["']/g)) assets.add(m[1]!);
}
const catalogue: Catalogue = { ...sample, assets: [...assets] };

// ── Load phases ──────────────────────────────────────────────────────────────
const relay = await startLoopbackRelay({ host: '127.0.0.1', port });
const rss = sampleRss(pid);
const clock = performance.now();
const at = () => (performance.now() - clock) / 1000;
// The V8 heap beside RSS (every 10 s from /metrics, with the operator's token): whether growth is live
// objects or memory V8 keeps after collecting.
const heap: { t: number; heapMB: number; externalMB: number }[] = [];
const metric = (text: string, name: string) => Number(new RegExp(`^${name} (\\S+)$`, 'm').exec(text)?.[1] ?? NaN) / 2 ** 20;
const heapTimer = setInterval(() => {
  void fetch(`${base}/metrics`, { headers: { Authorization: `Bearer ${env['METRICS_TOKEN']}` } })
    .then((r) => r.text())
    .then((text) => heap.push({ t: Number(at().toFixed(1)), heapMB: Number(metric(text, 'chipedia_nodejs_heap_size_used_bytes').toFixed(1)), externalMB: Number(metric(text, 'chipedia_nodejs_external_memory_bytes').toFixed(1)) }))
    .catch(() => {});
}, 10_000);

type Stats = { requests: number; errors: number; status429: number; p50: number; p95: number; p99: number; max: number };
type Phase = Stats & { label: string; connections: number; seconds: number; rps: number; from: number; to: number; byOp: Partial<Record<Operation, Stats>>; failures: string[] };

const percentile = (sorted: Float64Array, p: number) => (sorted.length ? Number(sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!.toFixed(1)) : 0);
function stats(ms: number[], errors: number, limited: number): Stats {
  const sorted = Float64Array.from(ms).sort();
  return { requests: ms.length, errors, status429: limited, p50: percentile(sorted, 50), p95: percentile(sorted, 95), p99: percentile(sorted, 99), max: percentile(sorted, 100) };
}

let seed = 1;
function phase(label: string, connections: number, seconds: number): Promise<Phase> {
  const from = at();
  const visitors = new Map<ClientLike, Visitor>();
  const ms: Record<string, number[]> = {};
  const errors: Record<string, number> = {};
  const limited: Record<string, number> = {};
  let first = 0;
  let last = 0;
  const instance = autocannon({
    url: relay.base,
    connections,
    duration: seconds,
    timeout: 10,
    requests: [{ method: 'GET', path: '/healthz' }], // replaced per client below
    setupClient: (client: ClientLike) => {
      const v = new Visitor(catalogue, seed++ * 7919);
      visitors.set(client, v);
      client.setRequests([{ setupRequest: (req: Record<string, unknown>) => ({ ...req, ...v.next() }), onResponse: (status: number, body: string) => v.record(status, body) }]);
    },
  });
  instance.on('response', (client, _status, _bytes, took) => {
    const now = performance.now();
    first ||= now;
    last = now;
    const { op, outcome } = visitors.get(client)!.last;
    (ms[op] ??= []).push(took);
    if (outcome === 'error') errors[op] = (errors[op] ?? 0) + 1;
    if (outcome === 'limited') limited[op] = (limited[op] ?? 0) + 1;
  });
  return new Promise((resolve) => {
    instance.on('done', (r) => {
      const all = Object.values(ms).flat();
      const sum = (o: Record<string, number>) => Object.values(o).reduce((a, b) => a + b, 0);
      const byOp: Phase['byOp'] = {};
      for (const op of OPERATIONS) if (ms[op]) byOp[op] = stats(ms[op], errors[op] ?? 0, limited[op] ?? 0);
      const elapsed = (last - first) / 1000 || seconds;
      const result: Phase = {
        label,
        connections,
        seconds: Number(elapsed.toFixed(1)),
        rps: Math.round(all.length / elapsed),
        ...stats(all, sum(errors) + r.errors + r.timeouts, sum(limited)),
        from: Number(from.toFixed(1)),
        to: Number(at().toFixed(1)),
        byOp,
        failures: [...visitors.values()].flatMap((v) => v.flowFailures).slice(0, 10),
      };
      log(`${label}: ${connections} connections, ${result.rps} req/s, p50 ${result.p50} p95 ${result.p95} p99 ${result.p99} ms, ${result.errors} errors, ${result.status429} × 429`);
      resolve(result);
    });
  });
}

const meets = (p: Phase) => p.p95 <= P95_BUDGET_MS && p.errors === 0;
const stepSeconds = Number(args['step-seconds']);
const warmup = await phase('warm-up', 4, Number(args['warmup-seconds']));
const steps: Phase[] = [];
let chosen = args.connections ? Number(args.connections) : 0;
if (!chosen) {
  for (const n of args.steps.split(',').map(Number)) {
    const step = await phase(`step ${n}`, n, stepSeconds);
    steps.push(step);
    if (!meets(step)) break;
  }
  const best = steps.filter(meets).sort((a, b) => b.rps - a.rps)[0];
  chosen = best?.connections ?? steps[0]!.connections;
}
const sustained = await phase('sustained', chosen, Number(args.duration));
rss.stop();
clearInterval(heapTimer);
relay.close();

// ── Memory ───────────────────────────────────────────────────────────────────
const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.floor(s.length / 2)]! : 0;
};
const during = rss.samples.filter((s) => s.t >= sustained.from && s.t <= sustained.to);
const window = Math.max(1, Math.min(30, Math.floor(during.length / 4)));
const startMB = median(during.slice(0, window).map((s) => s.mb));
const endMB = median(during.slice(-window).map((s) => s.mb));
const growthPct = startMB ? Number((((endMB - startMB) / startMB) * 100).toFixed(2)) : 0;
const heapDuring = heap.filter((h) => h.t >= sustained.from && h.t <= sustained.to);
const heapEnds = (key: 'heapMB' | 'externalMB') => {
  const k = Math.max(1, Math.min(3, Math.floor(heapDuring.length / 4)));
  return { startMB: median(heapDuring.slice(0, k).map((h) => h[key])), endMB: median(heapDuring.slice(-k).map((h) => h[key])) };
};
const memory = {
  heapUsed: heapEnds('heapMB'),
  external: heapEnds('externalMB'),
  heapCurve: heap.map((h) => [h.t, h.heapMB, h.externalMB]),
  sampledEverySecond: rss.samples.length,
  beforeWarmupMB: rss.samples[0]?.mb ?? 0,
  sustained: { startMB, endMB, growthPct, minMB: Math.min(...during.map((s) => s.mb)), maxMB: Math.max(...during.map((s) => s.mb)), windowSeconds: window },
  // Every 10th sample, for the curve.
  curve: rss.samples.filter((_, i) => i % 10 === 0).map((s) => [s.t, s.mb]),
};

await server.stop();
if (ownDatabase && !args.keep) {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS load_${stamp} WITH (FORCE)`);
  await admin.end();
}
if (!args.keep && !args['cpu-prof']) rmSync(dataDir, { recursive: true, force: true });

const strip = ({ from: _from, to: _to, ...p }: Phase) => p;
console.log(
  JSON.stringify(
    {
      bench: 'load',
      database: args.pglite ? 'pglite' : 'postgres',
      machine: { cpus: cpus().length, loadavg: loadavg().map((l) => Number(l.toFixed(2))), shared: 'figures are provisional on a shared machine' },
      server: { pid, idleWaitMs: idle.waitedMs, ...(ownDatabase && args.keep ? { databaseUrl } : {}), ...(args.keep || args['cpu-prof'] ? { dataDir } : {}) },
      clients: 'autocannon; each connection one visitor from its own 127.0.0.x address (relay); SSO_SMS_PER_IP_HOUR=10000',
      mixPer1000: WEIGHTS,
      sample: { parts: catalogue.parts.length, drawnParts: catalogue.drawn.length, categories: catalogue.categories.length, keywords: catalogue.keywords.length, assets: catalogue.assets.length },
      warmup: strip(warmup),
      steps: steps.map((s) => {
        const { byOp: _byOp, failures: _f, ...rest } = strip(s);
        return rest;
      }),
      sustained: strip(sustained),
      memory,
      result: {
        connections: sustained.connections,
        rps: sustained.rps,
        p50: sustained.p50,
        p95: sustained.p95,
        p99: sustained.p99,
        errors: sustained.errors,
        status429: sustained.status429,
        rss: { startMB, endMB, growthPct },
      },
      budgets: {
        p95: { limit: P95_BUDGET_MS, value: sustained.p95, ok: sustained.p95 <= P95_BUDGET_MS },
        errors: { limit: 0, value: sustained.errors, ok: sustained.errors === 0 },
        rssGrowthPct: { limit: RSS_GROWTH_BUDGET_PCT, value: growthPct, ok: growthPct <= RSS_GROWTH_BUDGET_PCT },
      },
    },
    null,
    2,
  ),
);
