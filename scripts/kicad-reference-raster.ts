// Second step of the board reference images (first: scripts/kicad-reference-plots.py, which
// plots with KiCad's pcbnew): rasterise each plotted SVG into the board's frame and write 1-bit
// PNGs plus frames.json under tests/fixtures/kicad/reference/boards (see the README there).
//
//   npx node scripts/kicad-reference-raster.ts build/kicad-reference
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { frameAround, inkCount, rasterizeSvg, writeMaskPng, type Frame } from '../tests/unit/kicad/fidelity/mask.ts';
import { BOARD_MARGIN_MM, BOARD_PX_PER_MM } from '../tests/unit/kicad/fidelity/reference.ts';

interface PlottedLayer {
  layer: string;
  name: string;
  svg: string;
  units: { mmPerUnit: number; viewBox: number[] };
}
interface PlottedBoard {
  board: string;
  file: string;
  edgeCuts: { minX: number; minY: number; maxX: number; maxY: number };
  viasOnMask: boolean;
  padToMaskClearance: number;
  layers: PlottedLayer[];
}

const OUT = fileURLToPath(new URL('../tests/fixtures/kicad/reference/boards/', import.meta.url));

/** KiCad's SVG with its root sized to the frame: the viewBox becomes the frame in the plot's units (1:1 plot, page origin = board origin). */
function framed(svg: string, frame: Frame, mmPerUnit: number): string {
  const u = (mm: number): string => String(Math.round(mm / mmPerUnit));
  const vb = `${u(frame.x0)} ${u(frame.y0)} ${u(frame.width / frame.pxPerMm)} ${u(frame.height / frame.pxPerMm)}`;
  return svg.replace(/<svg\b[\s\S]*?>/, (root) =>
    root
      .replace(/\swidth="[^"]*"/, ` width="${frame.width}"`)
      .replace(/\sheight="[^"]*"/, ` height="${frame.height}"`)
      .replace(/\sviewBox="[^"]*"/, ` viewBox="${vb}"`),
  );
}

/** KiCad writes each text as an invisible <text> (opacity 0, for search) followed by its strokes in <g class="stroked-text">. */
function textCount(svg: string): number {
  return svg.split('<g class="stroked-text">').length - 1;
}

async function main(): Promise<void> {
  const dir = process.argv[2] ?? 'build/kicad-reference';
  const manifest = JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8')) as { kicad: string; boards: PlottedBoard[] };
  const index: Record<string, unknown> = {};
  for (const b of manifest.boards) {
    const frame = frameAround(b.edgeCuts, BOARD_PX_PER_MM, BOARD_MARGIN_MM);
    mkdirSync(join(OUT, b.board), { recursive: true });
    const layers: Record<string, { png: string; ink: number; textGroups: number }> = {};
    for (const l of b.layers) {
      const svg = readFileSync(join(dir, l.svg), 'utf8');
      const base = l.layer.replace(/\./g, '_');
      const full = await rasterizeSvg(framed(svg, frame, l.units.mmPerUnit), frame);
      const ink = inkCount(full);
      if (ink === 0) continue;
      await writeMaskPng(full, join(OUT, b.board, `${base}.png`));
      layers[l.layer] = { png: `${base}.png`, ink, textGroups: textCount(svg) };
      console.log(b.board, l.layer, ink);
    }
    index[b.board] = { file: b.file, edgeCuts: b.edgeCuts, frame, viasOnMask: b.viasOnMask, padToMaskClearance: b.padToMaskClearance, layers };
  }
  writeFileSync(join(OUT, 'frames.json'), JSON.stringify({ kicad: manifest.kicad, pxPerMm: BOARD_PX_PER_MM, marginMm: BOARD_MARGIN_MM, boards: index }, null, 2) + '\n');
}

await main();
