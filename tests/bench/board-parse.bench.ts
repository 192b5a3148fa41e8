// `node tests/bench/board-parse.bench.ts [file.kicad_pcb] [runs]`: parse + model throughput of the
// board model. Times parseSexprDocument alone and parseBoard (reader + model) on the same bytes,
// after two warm-up runs, and prints one JSON object with medians and MB/s. Reading the file is
// not timed; run with `node --expose-gc` to also get the heap the model keeps. Default file: the
// largest kicad-demos board (video.kicad_pcb, 7.4 MB).
import { existsSync, readFileSync } from 'node:fs';
import { parseSexprDocument } from '../../src/lib/kicad/sexpr.ts';
import { parseBoard } from '../../src/lib/kicad/board.ts';
import { boardStats } from '../../src/lib/kicad/board-stats.ts';

const file = process.argv[2] ?? '/usr/share/kicad/demos/video/video.kicad_pcb';
const runs = Number(process.argv[3] ?? 7);
if (!existsSync(file)) {
  console.error(`board-parse.bench: file not found: ${file} (install kicad-demos or pass a .kicad_pcb path)`);
  process.exit(2);
}
const bytes = readFileSync(file);
const mb = bytes.length / 1e6;

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
}

function time(fn: () => void): number[] {
  for (let i = 0; i < 2; i++) fn();
  const out: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    fn();
    out.push(performance.now() - t0);
  }
  return out;
}

const sexprMs = median(time(() => parseSexprDocument(bytes, { tolerant: true })));
let errors = 0;
const boardMs = median(
  time(() => {
    errors = parseBoard(bytes, file).errors.length;
  }),
);
// Heap kept by the model (the S-expression tree is garbage once parsed): with `node --expose-gc` only.
const gc = (globalThis as { gc?: () => void }).gc;
gc?.();
const heapBefore = process.memoryUsage().heapUsed;
const board = parseBoard(bytes, file).board;
gc?.();
const modelHeapMB = gc ? (process.memoryUsage().heapUsed - heapBefore) / 1e6 : null;
const round = (x: number, d = 1) => Number(x.toFixed(d));
console.log(
  JSON.stringify(
    {
      file,
      mb: round(mb, 2),
      runs,
      sexprMs: round(sexprMs),
      sexprMBps: round(mb / (sexprMs / 1000)),
      parseBoardMs: round(boardMs),
      parseBoardMBps: round(mb / (boardMs / 1000)),
      modelOverheadMs: round(boardMs - sexprMs),
      errors,
      modelHeapMB: modelHeapMB === null ? null : round(modelHeapMB, 2),
      modelHeapPerFileByte: modelHeapMB === null ? null : round(modelHeapMB / mb, 2),
      stats: board ? boardStats(board) : null,
    },
    null,
    2,
  ),
);
