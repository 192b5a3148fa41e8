// Renders a parsed board to an SVG string in the PCB editor's look (default
// colour theme, dark background): painted by render/board-painter.ts onto an
// SvgRenderer (boards are Y-down like SVG). For server previews and tests; the
// viewer paints the same way onto its WebGL2 renderer.

import type { Board } from './board.ts';
import { paintBoard } from './render/board-painter.ts';
import { PCB_COLORS } from './render/footprint-painter.ts';
import { SvgRenderer } from './render/svg-renderer.ts';

export interface BoardSvgOptions {
  /** Background colour, or null for transparent (default KiCad's #001023). */
  background?: string | null;
  /** Output width/height attributes at this many px per mm (default 4). */
  pxPerMm?: number;
  /** Paint only these layers (default all). */
  layers?: ReadonlySet<string>;
  /** Draw pad numbers (default false). */
  padNumbers?: boolean;
  /** Texts in KiCad's stroke font as stroked paths (default false: <text>). */
  strokeFont?: boolean;
}

/** Render a board to a standalone SVG document string. */
export function renderBoardSvg(board: Board, opts: BoardSvgOptions = {}): string {
  const r = new SvgRenderer({ strokeFont: opts.strokeFont === true });
  paintBoard(r, board, { layers: opts.layers, padNumbers: opts.padNumbers });
  const name = board.titleBlock.title || board.fileName;
  return r.toDocument({
    className: 'kicad-board',
    label: `Board ${name}`,
    title: name,
    // 2% of the larger side, at least 1 mm.
    margin: (b) => Math.max(1, Math.max(b.width, b.height) * 0.02),
    emptyPad: 1,
    pxPerMm: opts.pxPerMm ?? 4,
    background: opts.background === undefined ? PCB_COLORS.background : opts.background,
  });
}
