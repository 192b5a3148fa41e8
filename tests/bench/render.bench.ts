// Symbol SVG render time over every symbol of the demo catalogue, uncached: parse the stored
// symbol text and render it, as GET /api/chiplet/products/symbol.svg does. Budget p95 ≤ 5 ms.
import { createReadStream } from 'node:fs';
import { createInterface } from 'node:readline';
import { createBrotliDecompress } from 'node:zlib';
import { DEMO_FILE } from '../../src/lib/catalog/demo/demo-catalog.server.ts';
import { parseStoredSymbol } from '../../src/lib/catalog/product-files.server.ts';
import { renderSymbolSvg } from '../../src/lib/kicad/symbol-svg.ts';

const times: number[] = [];
const rl = createInterface({ input: createReadStream(DEMO_FILE).pipe(createBrotliDecompress()), crlfDelay: Infinity });
for await (const line of rl) {
  if (!line.startsWith('{"t":"symbol"')) continue;
  const row = JSON.parse(line) as { name: string; content: string };
  const t0 = performance.now();
  const svg = renderSymbolSvg(parseStoredSymbol(row.content, row.name));
  times.push(performance.now() - t0);
  if (!svg.startsWith('<svg')) throw new Error(`render of ${row.name} is not an SVG`);
}
times.sort((a, b) => a - b);
const pct = (p: number) => +(times[Math.min(times.length - 1, Math.ceil((p / 100) * times.length) - 1)] ?? 0).toFixed(3);
const p95 = pct(95);
console.log(JSON.stringify({ bench: 'symbol-render', symbols: times.length, p50Ms: pct(50), p95Ms: p95, p99Ms: pct(99), maxMs: pct(100), budget: { p95Ms: 5, ok: p95 <= 5 } }, null, 2));
