// Renders one schematic sheet to an SVG document in the schematic editor's
// look: the page frame and title block (KiCad's default drawing sheet), then
// the sheet's items painted by render/schematic-painter.ts onto an SvgRenderer
// (sheets are Y-down like SVG). For tests, thumbnails and design covers; the
// viewer paints the same way onto its WebGL2 renderer.

import type { DrawingSheet } from './drawing-sheet.ts';
import { defaultDrawingSheet } from './drawing-sheet-default.ts';
import { paintDrawingSheet } from './render/drawing-sheet-painter.ts';
import { paintSchematicSheet, type SheetPaint } from './render/schematic-painter.ts';
import { DEFAULT_DRAWING, SCHEMATIC_THEMES, type SchematicTheme } from './render/schematic-theme.ts';
import { SvgRenderer } from './render/svg-renderer.ts';
import type { KicadSchematic } from './schematic.ts';

export interface SchematicSvgOptions extends Partial<Omit<SheetPaint, 'theme' | 'drawingSheet'>> {
  /** Colour theme (default KiCad's light default). */
  theme?: SchematicTheme;
  /** Page frame and title block: a drawing sheet, or false for none (default KiCad's default sheet). */
  frame?: DrawingSheet | false;
  /** Background colour, or null for transparent (default the theme's). */
  background?: string | null;
  /** Output width/height attributes at this many px per mm (default 4). */
  pxPerMm?: number;
  /** Texts in KiCad's stroke font as stroked paths (default true), or false for <text> in a browser font. */
  strokeFont?: boolean;
  /** `${SHEETPATH}` in the title block (default "/"). */
  sheetPath?: string;
}

/** Render a sheet to a standalone SVG document string. */
export function renderSchematicSvg(sch: KicadSchematic, opts: SchematicSvgOptions = {}): string {
  const theme = opts.theme ?? SCHEMATIC_THEMES.light;
  // The editor's text pen: the project's default line width (thickness 0 in the file).
  const r = new SvgRenderer({ strokeFont: opts.strokeFont !== false, textPen: (opts.drawing ?? DEFAULT_DRAWING).line });
  const ws = opts.frame === false ? null : (opts.frame ?? defaultDrawingSheet());
  const page = Number.parseInt(opts.page ?? '1', 10);
  const drawingSheet: SheetPaint['drawingSheet'] = ws
    ? (target, layer, color) =>
        paintDrawingSheet(target, ws, {
          paper: sch.paper,
          titleBlock: sch.titleBlock,
          sheetName: opts.sheetName || '/',
          sheetPath: opts.sheetPath || '/',
          pageNumber: Number.isFinite(page) ? page : 1,
          pageCount: opts.pageCount ?? 1,
          fileName: sch.fileName.split(/[\\/]/).pop() ?? sch.fileName,
          vars: opts.vars ?? {},
          color,
          layer,
        })
    : undefined;
  paintSchematicSheet(r, sch, { ...opts, theme, drawingSheet });
  const name = sch.titleBlock.title || sch.fileName;
  return r.toDocument({
    className: 'kicad-schematic',
    label: `Schematic ${name}`,
    title: name,
    // 2% of the larger side, at least 1 mm.
    margin: (b) => Math.max(1, Math.max(b.width, b.height) * 0.02),
    emptyPad: 1,
    pxPerMm: opts.pxPerMm ?? 4,
    background: opts.background === undefined ? theme.background : opts.background,
  });
}
