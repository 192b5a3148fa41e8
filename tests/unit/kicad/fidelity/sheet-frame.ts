// Sheet side of the fidelity harness: page sizes, the colour → ink rule for schematic plots, and
// the sheet references (published PDF plots rasterised by scripts/kicad-sheet-references.ts).
import { readFileSync } from 'node:fs';
import sharp from 'sharp';
import { paperSize } from '../../../../src/lib/kicad/drawing-sheet.ts';
import type { Paper } from '../../../../src/lib/kicad/title-block.ts';
import type { Frame, Mask } from './mask.ts';
import { REFERENCE_DIR } from './reference.ts';

/** Sheet images: 10 px/mm (254 dpi); schematic lines are ≥ 0.15 mm, texts ≥ 1 mm high. */
export const SHEET_PX_PER_MM = 10;
/** Tolerance of the sheet comparison: 0.1 mm (1 px), the two rasterisers' edge pixel (README). */
export const SHEET_TOLERANCE_MM = 0.1;

/** Width and height of a sheet's page in mm. */
export function pageSizeMm(paper: Paper): { width: number; height: number } {
  // KiCad's own page sizes (whole mils), as the drawing sheet and the plots use them.
  return paperSize(paper);
}

/** The whole page at the sheet scale, origin at its top-left corner (sheet coordinates). */
export function pageFrame(paper: Paper): Frame {
  const { width, height } = pageSizeMm(paper);
  return { x0: 0, y0: 0, pxPerMm: SHEET_PX_PER_MM, width: Math.round(width * SHEET_PX_PER_MM), height: Math.round(height * SHEET_PX_PER_MM) };
}

/**
 * Schematic plots are in colour on white: a pixel is ink when any channel is more than this
 * below white (pale symbol fills such as KiCad's #FFFFC2 count, anti-aliasing halos under
 * half strength do not).
 */
const NOT_WHITE = 40;

/** Binarise a colour image (any sharp input) by "not background". */
export async function inkOfColourImage(input: Buffer | string): Promise<Mask> {
  const { data, info } = await sharp(input, { limitInputPixels: false }).flatten({ background: '#ffffff' }).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const out = new Uint8Array(info.width * info.height);
  for (let i = 0, j = 0; j < out.length; i += info.channels, j++) {
    let dark = 0;
    for (let c = 0; c < info.channels; c++) dark = Math.max(dark, 255 - (data[i + c] as number));
    out[j] = dark > NOT_WHITE ? 1 : 0;
  }
  return { width: info.width, height: info.height, data: out };
}

export interface SheetReference {
  /** Fixture project folder and sheet file in it. */
  project: string;
  sheet: string;
  /** Source PDF (in the project folder) and its 1-based page. */
  pdf: string;
  page: number;
  png: string;
  ink: number;
  frame: Frame;
}

export function readSheetReferences(): { pxPerMm: number; sheets: SheetReference[] } {
  return JSON.parse(readFileSync(REFERENCE_DIR + 'sheets/sheets.json', 'utf8')) as { pxPerMm: number; sheets: SheetReference[] };
}
