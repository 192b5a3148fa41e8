// The committed KiCad reference images (tests/fixtures/kicad/reference, made by
// scripts/kicad-reference-plots.py + scripts/kicad-reference-raster.ts) and their frames.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Frame } from './mask.ts';

/** Scale of the board images: 20 px/mm, so the 0.1 mm tolerance is 2 px. */
export const BOARD_PX_PER_MM = 20;
/** Margin around the Edge.Cuts box (mm): items may overhang the outline a little. */
export const BOARD_MARGIN_MM = 2;

export const REFERENCE_DIR = fileURLToPath(new URL('../../../fixtures/kicad/reference/', import.meta.url));
export const DEMOS_DIR = '/usr/share/kicad/demos/';

export interface ReferenceLayer {
  png: string;
  ink: number;
  /** Texts KiCad plotted on the layer (stroked text groups in its SVG). */
  textGroups: number;
}

export interface ReferenceBoard {
  /** Path under /usr/share/kicad/demos. */
  file: string;
  edgeCuts: { minX: number; minY: number; maxX: number; maxY: number };
  frame: Frame;
  viasOnMask: boolean;
  padToMaskClearance: number;
  layers: Record<string, ReferenceLayer>;
}

export interface ReferenceIndex {
  kicad: string;
  pxPerMm: number;
  marginMm: number;
  boards: Record<string, ReferenceBoard>;
}

export function readBoardReferences(): ReferenceIndex {
  return JSON.parse(readFileSync(REFERENCE_DIR + 'boards/frames.json', 'utf8')) as ReferenceIndex;
}
