// `npm run bench:placement`: placing a part in KiCad (issue #17 budgets), as JSON.
// - POST /api/chiplet/kicad/placement (DL_COMPONENT) for up to 40 demo parts with a symbol and a
//   footprint: first request per part (cold: zip and payload not built yet) and again (warm), one at
//   a time; p50/p95 in ms, measured by the client over loopback (an upper bound of the server's
//   build time). Budget: ≤ 50 ms.
// - Payload bytes per part: the whole JSON answer and the DL_COMPONENT message's data (what KiCad
//   receives). Budget: ≤ 200 KB for a typical part (p50), the largest also reported.
// - /symbolSelector with Chromium at 4× CPU slowdown (CDP Emulation.setCPUThrottlingRate): ms from
//   navigation start until the search box is usable (first contentful paint: it is a plain GET form
//   in the HTML) and until its island hydrated (its `data-ready` time), 5 fresh loads. Budget: ≤ 1000 ms.
// Options (environment): BENCH_BASE=http://127.0.0.1:port measures a server already running;
// BENCH_DATA_DIR reuses a data directory (default: a fresh one, which loads the demo catalogue).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freshContext, launchChromium } from './lib/browser.ts';
import { startServer, waitUntilIdle } from './lib/server.ts';

const port = 4487;
const external = process.env.BENCH_BASE;
const base = external ?? `http://127.0.0.1:${port}`;
const MAX_PARTS = 40;
const KEYWORDS = ['LM358', 'NE555', 'TL072', 'STM32', 'AMS1117', 'LM7805', 'ATmega', 'ESP32', 'op amp', 'regulator', 'MOSFET', 'diode'];

let stop = async () => {};
let startupWork: { waitedMs: number; idle: boolean } | null = null;
let dataDir = process.env.BENCH_DATA_DIR;
const fresh = !external && !dataDir;
if (!external) {
  dataDir ??= mkdtempSync(join(tmpdir(), 'chipedia-placement-bench-'));
  const server = await startServer({ PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir });
  stop = server.stop;
  // A fresh start checks the whole demo catalogue in the background; time placements after it.
  startupWork = await waitUntilIdle(server.child.pid!);
}

const post = async (path: string, body: unknown) => {
  const started = performance.now();
  const res = await fetch(`${base}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const text = await res.text();
  return { ms: performance.now() - started, text, json: JSON.parse(text) as { code: number; result: Record<string, unknown> & { list?: { mfgMpnCode: string }[]; data?: string } } };
};
const pct = (values: number[], p: number) => {
  const s = [...values].sort((a, b) => a - b);
  return s.length ? Math.round(s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))]! * 10) / 10 : null;
};

try {
  const candidates: string[] = [];
  for (const keyword of KEYWORDS) {
    const r = await post('/api/chiplet/products/queryPage', { keyword, pageNum: 1, pageSize: 20 });
    for (const hit of r.json.result.list ?? []) if (!candidates.includes(hit.mfgMpnCode)) candidates.push(hit.mfgMpnCode);
  }
  const cold: number[] = [];
  const parts: { code: string; jsonBytes: number; dataBytes: number; assets: number }[] = [];
  for (const code of candidates) {
    if (parts.length >= MAX_PARTS) break;
    const r = await post('/api/chiplet/kicad/placement', { mfgMpnCode: code, command: 'DL_COMPONENT' });
    if (r.json.code !== 200000) continue;
    cold.push(r.ms);
    parts.push({ code, jsonBytes: Buffer.byteLength(r.text), dataBytes: r.json.result.data!.length, assets: (r.json.result['assets'] as unknown[]).length });
  }
  const warm: number[] = [];
  for (const p of parts) warm.push((await post('/api/chiplet/kicad/placement', { mfgMpnCode: p.code, command: 'DL_COMPONENT' })).ms);

  const browser = await launchChromium();
  const ready: number[] = [];
  const painted: number[] = [];
  for (let i = 0; i < 5; i++) {
    const context = await freshContext(browser, base);
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await page.goto(`${base}/symbolSelector`);
    const form = await page.waitForSelector('[data-testid="selector-search"][data-ready]', { timeout: 30_000 });
    ready.push(Number(await form.getAttribute('data-ready')));
    // The box is a plain form in the HTML: usable once painted, before the island hydrates.
    painted.push(await page.evaluate(() => Math.round(performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Number.NaN)));
    await context.close();
  }
  await browser.close();

  const result = {
    bench: 'placement',
    parts: parts.length,
    partsWithModel: parts.filter((p) => p.assets === 3).length,
    startupWork,
    buildMs: { cold: { p50: pct(cold, 50), p95: pct(cold, 95) }, warm: { p50: pct(warm, 50), p95: pct(warm, 95) }, budget: 50 },
    payloadBytes: {
      data: { p50: pct(parts.map((p) => p.dataBytes), 50), max: Math.max(...parts.map((p) => p.dataBytes)) },
      json: { p50: pct(parts.map((p) => p.jsonBytes), 50), max: Math.max(...parts.map((p) => p.jsonBytes)) },
      budget: 200 * 1024,
    },
    selectorMs4xCpu: {
      boxUsable: { what: 'first contentful paint: the search box is a plain GET form from then on', runs: painted, p50: pct(painted, 50), max: Math.max(...painted) },
      hydrated: { what: 'the island took the box over (data-ready)', runs: ready, p50: pct(ready, 50), max: Math.max(...ready) },
      budget: 1000,
    },
  };
  console.log(JSON.stringify(result, null, 2));
} finally {
  await stop();
  if (fresh && dataDir) rmSync(dataDir, { recursive: true, force: true });
}
