// `npm run bench:downloads`: the KiCad download and the symbol/footprint previews under load, as JSON.
// - GET products/downloadZip: 300 requests at 20 connections (autocannon) over 300 real parts whose
//   footprint has a stored 3D model; first the cold pass (no zip of these parts built yet), then the
//   same parts again (warm).
// - GET symbol.svg and footprint.svg: the same parts, 600 requests at 20 connections, cold then warm.
// - The latency of an unrelated call (GET products/chosenCateTree, one at a time) when idle and
//   while each load runs: what the rest of the site feels during a download burst.
// - The per-client limit: 70 zip requests from one address in a few seconds (expected: 60 served
//   in the minute, the rest 429; the warm-up zip from the same address counts, so 59 + 11).
//
// The limiter counts per socket address, so the loads go through a small TCP relay here that opens
// each upstream connection from its own loopback address (127.0.0.2 … 127.0.0.251): every
// autocannon connection is a distinct client sending 15–30 requests, below the per-minute limits,
// so the figures measure the cache and not the limiter. The unrelated call goes direct.
//
// Options (environment): BENCH_BASE=http://127.0.0.1:port measures a server already running
// (it must listen on 127.0.0.1 for the relay); BENCH_DATA_DIR reuses a data directory (default: a
// fresh one, which loads the demo catalogue on first start).
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import { createRequire } from 'node:module';
import net from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServer } from './lib/server.ts';

type AutocannonInstance = { on(event: 'response', fn: (client: unknown, status: number, bytes: number, ms: number) => void): void; on(event: 'done', fn: (r: { errors: number; timeouts: number; non2xx: number }) => void): void };
type AutocannonOptions = { url: string; connections: number; amount: number; requests: { method: string; setupRequest: (req: { path: string }) => { path: string } }[] };
const autocannon = createRequire(import.meta.url)('autocannon') as (opts: AutocannonOptions) => AutocannonInstance;

const port = 4483;
const external = process.env.BENCH_BASE;
const base = external ?? `http://127.0.0.1:${port}`;
const PARTS = 300;
const CONNECTIONS = 20;

let stop = async () => {};
let dataDir = process.env.BENCH_DATA_DIR;
const fresh = !external && !dataDir;
if (!external) {
  dataDir ??= mkdtempSync(join(tmpdir(), 'chipedia-downloads-bench-'));
  const env = { PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir };
  const first = await startServer(env); // builds if needed; a fresh directory loads the demo catalogue
  await first.stop();
  const server = await startServer(env, ['--no-build']);
  stop = server.stop;
}
const target = new URL(base);

// Parts with a stored 3D model, spread over the products sitemap.
const xml = await (await fetch(`${base}/sitemap-products-1.xml`)).text();
const codes = [...xml.matchAll(/<url><loc>[^<]*?\/productDetail\/([^<]+)<\/loc>/g)].map((m) => m[1]!).filter((c, i, all) => all.indexOf(c) === i);
if (codes.length === 0) throw new Error('no products in the catalogue');
const parts: string[] = [];
const models = new Set<string>();
const stride = 7919; // prime: visits every code once, in an order spread over the catalogue
for (let k = 0; k < codes.length && parts.length <= PARTS; k++) {
  const code = codes[(k * stride) % codes.length]!;
  const res = await fetch(`${base}/api/chiplet/products/detail`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ mfgMpnCode: code }) });
  const body = (await res.json()) as { result?: { symbol?: unknown; footprint?: { preview3d?: { path: string } | null } | null } };
  const model = body.result?.footprint?.preview3d?.path;
  if (model && body.result?.symbol) {
    parts.push(code);
    models.add(model);
  }
}
const warmupPart = parts.length > 1 ? parts.pop()! : undefined; // JIT warm-up outside the measured set
if (parts.length === 0) throw new Error('no parts with a stored 3D model (was the demo 3D library loaded?)');

// The relay: one loopback source address per upstream connection.
let nextAddress = 0;
const relay = net.createServer((down) => {
  const up = net.connect({ host: target.hostname, port: Number(target.port), localAddress: `127.0.0.${2 + (nextAddress++ % 250)}` });
  down.pipe(up).pipe(down);
  const close = () => (down.destroy(), up.destroy());
  down.on('error', close);
  up.on('error', close);
});
await new Promise<void>((resolve) => relay.listen(0, '127.0.0.1', resolve));
const relayBase = `http://127.0.0.1:${(relay.address() as net.AddressInfo).port}`;

type Stats = { requests: number; ok: number; status429: number; errors: number; rps: number; p50: number; p95: number; p99: number; max: number; meanKB: number };
const percentile = (sorted: number[], p: number) => Number((sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? 0).toFixed(1));

/** `amount` GETs over `connections` autocannon connections through the relay, paths from `next`. */
function cannon(next: () => string, amount: number): Promise<Stats> {
  return new Promise((resolve) => {
    const latencies: number[] = [];
    let ok = 0;
    let limited = 0;
    let bytes = 0;
    const started = performance.now();
    const instance = autocannon({ url: relayBase, connections: CONNECTIONS, amount, requests: [{ method: 'GET', setupRequest: (req) => ({ ...req, path: next() }) }] });
    let last = started;
    instance.on('response', (_client, status, resBytes, ms) => {
      last = performance.now();
      latencies.push(ms);
      bytes += resBytes;
      if (status === 200) ok++;
      if (status === 429) limited++;
    });
    instance.on('done', (r) => {
      // To the last response: autocannon reports 'done' on its one-second tick.
      const seconds = (last - started) / 1000;
      latencies.sort((a, b) => a - b);
      resolve({
        requests: latencies.length,
        ok,
        status429: limited,
        errors: r.errors + r.timeouts + (latencies.length - ok - limited),
        rps: Math.round(latencies.length / seconds),
        p50: percentile(latencies, 50),
        p95: percentile(latencies, 95),
        p99: percentile(latencies, 99),
        max: percentile(latencies, 100),
        meanKB: Number((bytes / Math.max(1, latencies.length) / 1024).toFixed(1)),
      });
    });
  });
}

// The unrelated call: one request at a time on a keep-alive connection, from 127.0.0.1.
const probeAgent = new http.Agent({ keepAlive: true, maxSockets: 1 });
const probeUrl = `${base}/api/chiplet/products/chosenCateTree`;
let probeErrors = 0;
/** One call's latency in ms; a failed call (counted in probeErrors) is retried once on a new connection. */
const probeOnce = (retry = true): Promise<number> =>
  new Promise<number>((resolve) => {
    const t0 = performance.now();
    http
      .get(probeUrl, { agent: probeAgent }, (res) => {
        res.resume();
        res.on('end', () => resolve(performance.now() - t0));
      })
      .on('error', () => {
        probeErrors++;
        resolve(retry ? probeOnce(false) : NaN);
      });
  });
const summary = (ms: number[]) => {
  const sorted = ms.filter((n) => !Number.isNaN(n)).sort((a, b) => a - b);
  return { samples: sorted.length, p50: percentile(sorted, 50), p95: percentile(sorted, 95), max: percentile(sorted, 100) };
};
async function probeIdle(n: number) {
  const ms: number[] = [];
  for (let i = 0; i < n; i++) ms.push(await probeOnce());
  return summary(ms);
}
/** Runs `load` while probing the unrelated call every 10 ms. */
async function during(load: () => Promise<Stats>) {
  let running = true;
  const ms: number[] = [];
  const probing = (async () => {
    while (running) {
      ms.push(await probeOnce());
      await new Promise((r) => setTimeout(r, 10));
    }
  })();
  const stats = await load();
  running = false;
  await probing;
  return { ...stats, unrelatedCall: summary(ms) };
}

const cycle = (paths: string[]) => {
  let i = 0;
  return () => paths[i++ % paths.length]!;
};
const zipPaths = parts.map((c) => `/api/chiplet/products/downloadZip?mfgMpnCode=${c}`);
const svgPaths = parts.flatMap((c) => [`/api/chiplet/products/symbol.svg?mfgMpnCode=${c}`, `/api/chiplet/products/footprint.svg?mfgMpnCode=${c}`]);

// Warm the process (JIT, category list) on the unrelated call and one part outside the measured set.
for (let i = 0; i < 50; i++) await probeOnce();
if (warmupPart) for (const kind of ['downloadZip', 'symbol.svg', 'footprint.svg']) await (await fetch(`${base}/api/chiplet/products/${kind}?mfgMpnCode=${warmupPart}`)).arrayBuffer();
const unrelatedIdle = await probeIdle(200);
const zipCold = await during(() => cannon(cycle(zipPaths), zipPaths.length));
const zipWarm = await during(() => cannon(cycle(zipPaths), zipPaths.length));
const svgCold = await during(() => cannon(cycle(svgPaths), svgPaths.length));
const svgWarm = await during(() => cannon(cycle(svgPaths), svgPaths.length));
const unrelatedAfter = await probeIdle(200);

// The limit: 70 zip requests of one part from one address (127.0.0.1, direct).
const limitStatuses: Record<string, number> = {};
let retryAfter: string | null = null;
for (let i = 0; i < 70; i++) {
  const res = await fetch(`${base}${zipPaths[0]}`);
  await res.arrayBuffer();
  limitStatuses[res.status] = (limitStatuses[res.status] ?? 0) + 1;
  if (res.status === 429) retryAfter ??= res.headers.get('retry-after');
}

relay.close();
probeAgent.destroy();
await stop();
if (fresh && dataDir) rmSync(dataDir, { recursive: true, force: true });

console.log(
  JSON.stringify(
    {
      bench: 'downloads',
      parts: parts.length,
      distinctModels: models.size,
      connections: CONNECTIONS,
      clients: 'each autocannon connection from its own 127.0.0.x address (relay); limiter on',
      unrelatedCall: { path: 'GET /api/chiplet/products/chosenCateTree', idleBefore: unrelatedIdle, idleAfter: unrelatedAfter, errors: probeErrors },
      downloadZip: { cold: zipCold, warm: zipWarm },
      svg: { cold: svgCold, warm: svgWarm },
      oneClient70Zips: { statuses: limitStatuses, retryAfter },
    },
    null,
    2,
  ),
);
