// `node tests/bench/board-paint.bench.ts [file.kicad_pcb] [runs]`: time to paint a parsed board
// (render/board-painter.ts) into a renderer, after two warm-up runs; medians as one JSON object.
// `paintMs`: into a renderer that only counts calls (the painter's own cost, what a WebGL2
// renderer adds its buffers to); `svgMs`: into SvgRenderer (markup built while painting);
// `parseMs` for the same bytes, so parse + paint can be read against the viewer's budget (file
// bytes to first frame ≤ 0.8 s in Chromium). Default file: video.kicad_pcb (7.4 MB).
import { existsSync, readFileSync } from 'node:fs';
import { parseBoard } from '../../src/lib/kicad/board.ts';
import { paintBoard } from '../../src/lib/kicad/render/board-painter.ts';
import { SvgRenderer } from '../../src/lib/kicad/render/svg-renderer.ts';
import type { Box, Renderer } from '../../src/lib/kicad/render/renderer.ts';

const file = process.argv[2] ?? '/usr/share/kicad/demos/video/video.kicad_pcb';
const runs = Number(process.argv[3] ?? 7);
if (!existsSync(file)) {
  console.error(`board-paint.bench: file not found: ${file} (install kicad-demos or pass a .kicad_pcb path)`);
  process.exit(2);
}
const bytes = readFileSync(file);

/** Counts calls and keeps nothing. */
class CountingRenderer implements Renderer {
  calls = 0;
  beginLayer(): void {}
  endLayer(): void {}
  beginGroup(): void {
    this.calls++;
  }
  endGroup(): void {}
  shape(): void {
    this.calls++;
  }
  text(): void {
    this.calls++;
  }
  addBounds(): void {}
  bounds(): Box | null {
    return null;
  }
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)] ?? NaN;
}

function time(fn: () => void): number {
  for (let i = 0; i < 2; i++) fn();
  const out: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    fn();
    out.push(performance.now() - t0);
  }
  return median(out);
}

const board = parseBoard(bytes, file).board;
if (!board) {
  console.error(`board-paint.bench: ${file} is not a readable KiCad 6+ board`);
  process.exit(2);
}
let calls = 0;
const paintMs = time(() => {
  const r = new CountingRenderer();
  paintBoard(r, board);
  calls = r.calls;
});
const svgMs = time(() => paintBoard(new SvgRenderer(), board));
const parseMs = time(() => parseBoard(bytes, file));
const round = (v: number): number => Math.round(v * 10) / 10;
console.log(JSON.stringify({ file, mb: round(bytes.length / 1e6), calls, paintMs: round(paintMs), svgMs: round(svgMs), parseMs: round(parseMs), parsePlusPaintMs: round(parseMs + paintMs) }));
