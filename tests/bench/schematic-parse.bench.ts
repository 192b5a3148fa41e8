// `node tests/bench/schematic-parse.bench.ts [file.kicad_sch] [runs]`: parse + model speed of one
// schematic sheet (default: the largest sheet of Debian's kicad-demos) and of every demo sheet
// together; prints one JSON object. Times the S-expression reader alone (parseSexprDocument) and
// the full model (parseSchematic, which includes it) on the same bytes, medians of `runs` after
// a warm-up, and reports MB/s; plus the cold first parse of the process. Reading the file is not timed. Exits 1 when the model reports errors.
import { existsSync, readFileSync } from 'node:fs';
import { parseSexprDocument } from '../../src/lib/kicad/sexpr.ts';
import { parseSchematic } from '../../src/lib/kicad/schematic.ts';
import { DEMOS, demoSheets, largestDemoSheet } from './lib/demo-sheets.ts';

const sheets = demoSheets();
const largest = largestDemoSheet();
const file = process.argv[2] ?? largest;
const runs = Number(process.argv[3] ?? 100);
if (file === undefined || !existsSync(file)) {
  console.error(`schematic-parse.bench: no schematic found (pass a .kicad_sch path; default looks in ${DEMOS})`);
  process.exit(2);
}

const round = (x: number, digits = 2): number => Number(x.toFixed(digits));
const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)] ?? 0;
};

function time(fn: () => void, n: number): number {
  for (let i = 0; i < 3; i++) fn(); // warm-up
  const ms: number[] = [];
  for (let i = 0; i < n; i++) {
    const t0 = performance.now();
    fn();
    ms.push(performance.now() - t0);
  }
  return median(ms);
}

const bytes = readFileSync(file);
const mb = bytes.length / 1e6;
// The first parse in a fresh process (cold JIT): what opening one file in a new worker costs.
const t0 = performance.now();
const first = parseSchematic(bytes, file);
const coldMs = performance.now() - t0;
const sexprMs = time(() => parseSexprDocument(bytes, { tolerant: true }), runs);
const modelMs = time(() => parseSchematic(bytes, file), runs);

// Every demo sheet, once each per run (the realistic mix of small and large sheets).
const all = sheets.map((f) => readFileSync(f));
const allMb = all.reduce((a, b) => a + b.length, 0) / 1e6;
const allMs = time(() => {
  for (let i = 0; i < all.length; i++) parseSchematic(all[i] as Uint8Array, sheets[i] as string);
}, Math.max(3, Math.floor(runs / 3)));

console.log(
  JSON.stringify(
    {
      file,
      sizeMB: round(mb, 3),
      runs,
      items: { symbols: first.symbols.length, libSymbols: first.libSymbols.length, wires: first.wires.length, labels: first.labels.length, junctions: first.junctions.length },
      errors: first.errors.length,
      coldFirstParse: { ms: round(coldMs), mbPerS: round(mb / (coldMs / 1000), 1) },
      sexprOnly: { ms: round(sexprMs), mbPerS: round(mb / (sexprMs / 1000), 1) },
      parseAndModel: { ms: round(modelMs), mbPerS: round(mb / (modelMs / 1000), 1) },
      modelOverheadPct: round(((modelMs - sexprMs) / sexprMs) * 100, 0),
      allDemoSheets: { files: all.length, sizeMB: round(allMb, 2), ms: round(allMs), mbPerS: round(allMb / (allMs / 1000), 1) },
    },
    null,
    2,
  ),
);
if (first.errors.length > 0) process.exit(1);
