// `npm run bench:bom`: the BOM budgets of issue #12 on PostgreSQL with the 1,000,000-part
// synthetic catalogue (the search bench's database, tests/bench/lib/catalog-db.ts: prepared once,
// a few minutes). A 1,000-line and a 5,000-line BOM are built as xlsx and CSV bytes from the
// catalogue itself — MPN lines (as listed, with packaging suffixes, lower-case, with the maker),
// value-only passives with KiCad footprints and designators, and unknown parts — then timed
// through bytes → readBomFile → matchHeader → linesFromSheet → matchLines, several runs each.
// Prints JSON { bench, parts, runs: [{ lines, format, ms: { p50, max }, stages }], budgets }.
// Budgets: 1,000 lines ≤ 3 s, 5,000 lines ≤ 12 s (the whole pipeline, the slowest run counted at p50).
// Settings: BOM_BENCH_RUNS (5), SEARCH_BENCH_DATABASE_URL / SEARCH_BENCH_PARTS (catalog-db.ts).
import { performance } from 'node:perf_hooks';
import { DEFAULT_BOM_TRENDS } from '../../src/lib/bom/bom.schema.ts';
import { linesFromSheet } from '../../src/lib/bom/bom-line.ts';
import { matchHeader } from '../../src/lib/bom/header-match.ts';
import { matchLines } from '../../src/lib/bom/match/match-lines.server.ts';
import { readBomFile } from '../../src/lib/bom/read/read-bom-file.ts';
import { openDatabase } from '../../src/lib/server/db/client.server.ts';
import { runnerOf } from '../../src/lib/server/db/raw-sql.server.ts';
import { buildXlsx, inlineRows } from '../unit/bom/read/xlsx-builder.ts';
import { BENCH_PG_URL, prepareBenchCatalog, tidyBenchCatalog } from './lib/catalog-db.ts';
import { mulberry32 } from '../../src/lib/catalog/generate/permutation.ts';

const RUNS = Number(process.env.BOM_BENCH_RUNS ?? 5);
const log = (m: string) => process.stderr.write(`bench:bom: ${m}\n`);

const rng = mulberry32;
const pick = <T>(r: () => number, list: readonly T[]): T => list[Math.floor(r() * list.length)]!;

await prepareBenchCatalog(log);
await tidyBenchCatalog();
const database = await openDatabase({ kind: 'postgres', url: BENCH_PG_URL });
const runner = runnerOf(database.db);
const parts = (await runner.rows<{ n: number }>('SELECT count(*)::int AS n FROM products'))[0]!.n;
const mpns = await runner.rows<{ mpn: string; brand: string | null }>(
  'SELECT p.mpn, b.name_en AS brand FROM products p LEFT JOIN brands b ON b.id = p.brand_id WHERE p.id % 331 = 7 ORDER BY p.id LIMIT 4000',
);
const values = async (key: string) =>
  runner.rows<{ v: number; pkg: string }>(
    `SELECT DISTINCT pp.value_num AS v, p.package AS pkg FROM product_params pp JOIN products p ON p.id = pp.product_id
      WHERE pp.key = $1 AND p.package IN ('0402', '0603', '0805', '1206') AND pp.product_id % 97 = 3 LIMIT 300`,
    [key],
  );
const resistors = await values('resistance');
const capacitors = await values('capacitance');
log(`catalogue: ${parts} parts; sampled ${mpns.length} MPNs, ${resistors.length} resistor and ${capacitors.length} capacitor values`);

const METRIC: Record<string, string> = { '0402': '1005', '0603': '1608', '0805': '2012', '1206': '3216' };
function ohms(v: number): string {
  if (v >= 1e6) return `${+(v / 1e6).toPrecision(3)}M`;
  if (v >= 1e3) return `${+(v / 1e3).toPrecision(3)}k`;
  return `${+v.toPrecision(3)}`;
}
function farads(v: number): string {
  if (v >= 1e-6) return `${+(v * 1e6).toPrecision(3)}uF`;
  if (v >= 1e-9) return `${+(v * 1e9).toPrecision(3)}nF`;
  return `${+(v * 1e12).toPrecision(3)}pF`;
}

/** KiCad-style rows: Reference, Value, Footprint, Qty, Manufacturer, MPN. */
function bomRows(lines: number, seed: number): string[][] {
  const r = rng(seed);
  const rows: string[][] = [['Reference', 'Value', 'Footprint', 'Qty', 'Manufacturer', 'MPN']];
  let ref = 1;
  for (let i = 0; i < lines; i++) {
    const x = r();
    const n = 1 + Math.floor(r() * 4);
    const des = (p: string) => Array.from({ length: n }, () => `${p}${ref++}`).join(',');
    if (x < 0.55) {
      const m = pick(r, mpns);
      const y = r();
      const mpn = y < 0.6 ? m.mpn : y < 0.8 ? `${m.mpn}-TR` : m.mpn.toLowerCase();
      rows.push([des('U'), m.mpn, '', String(n), y < 0.5 ? (m.brand ?? '') : '', mpn]);
    } else if (x < 0.75) {
      const v = pick(r, resistors);
      rows.push([des('R'), ohms(v.v), `Resistor_SMD:R_${v.pkg}_${METRIC[v.pkg]}Metric`, String(n), '', '']);
    } else if (x < 0.93) {
      const v = pick(r, capacitors);
      rows.push([des('C'), farads(v.v), `Capacitor_SMD:C_${v.pkg}_${METRIC[v.pkg]}Metric`, String(n), '', '']);
    } else {
      rows.push([des('U'), `ZQX${Math.floor(r() * 1e6)}-Q7`, 'Package_SO:SOIC-8_3.9x4.9mm_P1.27mm', String(n), '', `ZQX${Math.floor(r() * 1e6)}-Q7`]);
    }
  }
  return rows;
}

const csvOf = (rows: string[][]) => Buffer.from(rows.map((row) => row.map((c) => (/[",\n]/.test(c) ? `"${c.replace(/"/g, '""')}"` : c)).join(',')).join('\r\n'));
const xlsxOf = (rows: string[][]) => buildXlsx({ sheets: [{ name: 'BOM', sheetData: inlineRows(rows) }] });

async function time(bytes: Uint8Array, name: string) {
  const t0 = performance.now();
  const read = readBomFile(bytes, name);
  const rows = read.sheets[read.defaultSheet]!.rows;
  const t1 = performance.now();
  const header = matchHeader(rows);
  const lines = linesFromSheet(rows, { headerRow: header.headerRow, columns: header.columns });
  const t2 = performance.now();
  let progress = 0;
  const cascade: Record<string, number> = {};
  const matches = await matchLines(database.db, lines.map((l) => ({ fields: l.source.fields, designators: l.designators, dnp: l.dnp })), {
    trends: DEFAULT_BOM_TRENDS,
    onProgress: (done) => (progress = done),
    onStage: (stage, ms) => (cascade[stage] = (cascade[stage] ?? 0) + ms),
  });
  const t3 = performance.now();
  const statuses: Record<string, number> = {};
  for (const m of matches) statuses[m.status] = (statuses[m.status] ?? 0) + 1;
  return { total: t3 - t0, read: t1 - t0, header: t2 - t1, match: t3 - t2, lines: lines.length, progress, statuses, cascade };
}

const stat = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return { p50: Math.round(s[Math.floor((s.length - 1) / 2)]!), max: Math.round(s[s.length - 1]!) };
};

const runs = [];
const budgets: Record<string, { limit: number; value: number; ok: boolean }> = {};
const ONLY = process.env.BOM_BENCH_ONLY ? Number(process.env.BOM_BENCH_ONLY) : null;
for (const [lines, limit] of [
  [1000, 3000],
  [5000, 12000],
] as const) {
  if (ONLY !== null && ONLY !== lines) continue;
  const rows = bomRows(lines, lines);
  for (const format of (process.env.BOM_BENCH_FORMAT ? [process.env.BOM_BENCH_FORMAT as 'csv'] : ['xlsx', 'csv']) as ('xlsx' | 'csv')[]) {
    const bytes = format === 'xlsx' ? xlsxOf(rows) : csvOf(rows);
    await time(bytes, `bench.${format}`); // warm-up (connections, JIT)
    const results = [];
    for (let i = 0; i < RUNS; i++) results.push(await time(bytes, `bench.${format}`));
    const last = results[results.length - 1]!;
    const entry = {
      lines: last.lines,
      format,
      bytes: bytes.length,
      ms: stat(results.map((x) => x.total)),
      stages: { read: stat(results.map((x) => x.read)), header: stat(results.map((x) => x.header)), match: stat(results.map((x) => x.match)) },
      cascadeMs: Object.fromEntries(Object.entries(last.cascade).map(([k, v]) => [k, Math.round(v)])),
      statuses: last.statuses,
      progressReported: last.progress,
    };
    runs.push(entry);
    const key = `lines${lines}${format === 'xlsx' ? 'Xlsx' : 'Csv'}P50Ms`;
    budgets[key] = { limit, value: entry.ms.p50, ok: entry.ms.p50 <= limit };
    log(`${lines} lines ${format}: p50 ${entry.ms.p50} ms, max ${entry.ms.max} ms, cascade ${JSON.stringify(entry.cascadeMs)}`);
  }
}
await database.close();
console.log(JSON.stringify({ bench: 'bom', parts, runs, budgets }, null, 1));
if (Object.values(budgets).some((b) => !b.ok)) process.exitCode = 1;
