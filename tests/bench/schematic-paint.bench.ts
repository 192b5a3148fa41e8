// `node tests/bench/schematic-paint.bench.ts [file.kicad_sch] [runs]`: paint speed of one schematic
// sheet (default: the largest sheet of Debian's kicad-demos) with paintSchematicSheet into
// SvgRenderer (finish() included: the SVG markup is built), and of every demo sheet; one JSON
// object with medians of `runs` after a warm-up, the slowest demo sheet, and the parse time of the
// same file for scale. Reading and parsing are not part of the paint time.
import { existsSync, readFileSync } from 'node:fs';
import { paintSchematicSheet } from '../../src/lib/kicad/render/schematic-painter.ts';
import { SCHEMATIC_THEMES } from '../../src/lib/kicad/render/schematic-theme.ts';
import { SvgRenderer } from '../../src/lib/kicad/render/svg-renderer.ts';
import { parseSchematic, type KicadSchematic } from '../../src/lib/kicad/schematic.ts';
import { DEMOS, demoSheets, largestDemoSheet } from './lib/demo-sheets.ts';

const sheets = demoSheets();
const largest = largestDemoSheet();
const file = process.argv[2] ?? largest;
const runs = Number(process.argv[3] ?? 30);
if (file === undefined || !existsSync(file)) {
  console.error(`schematic-paint.bench: no schematic found (pass a .kicad_sch path; default looks in ${DEMOS})`);
  process.exit(2);
}

const round = (x: number, digits = 2): number => Number(x.toFixed(digits));
const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)] ?? 0;
};

function paintOnce(sch: KicadSchematic): number {
  const t0 = performance.now();
  const r = new SvgRenderer();
  paintSchematicSheet(r, sch, { theme: SCHEMATIC_THEMES.light });
  r.finish();
  return performance.now() - t0;
}

function timePaint(sch: KicadSchematic, n: number): { median: number; min: number } {
  paintOnce(sch);
  const t: number[] = [];
  for (let i = 0; i < n; i++) t.push(paintOnce(sch));
  return { median: round(median(t)), min: round(Math.min(...t)) };
}

const bytes = readFileSync(file);
const p0 = performance.now();
const sch = parseSchematic(bytes, file);
const parseMs = performance.now() - p0;
const main = timePaint(sch, runs);
let slowest = { file: '', median: 0 };
for (const f of sheets) {
  const m = timePaint(parseSchematic(readFileSync(f), f), Math.max(5, Math.floor(runs / 3))).median;
  if (m > slowest.median) slowest = { file: f, median: m };
}
console.log(
  JSON.stringify(
    {
      file,
      bytes: bytes.length,
      symbols: sch.symbols.length,
      wires: sch.wires.length,
      labels: sch.labels.length,
      coldParseMs: round(parseMs),
      paintMs: main,
      slowestDemoSheet: slowest,
      runs,
    },
    null,
    2,
  ),
);
if (sch.errors.length) process.exit(1);
