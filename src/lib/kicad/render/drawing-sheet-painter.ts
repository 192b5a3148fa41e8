// Painter for a drawing sheet (page frame and title block) onto a Renderer:
// the sheet is placed on the page (drawing-sheet.ts layoutDrawingSheet), text
// variables are filled from the title block and the page, and every item is
// drawn in one colour, in page mm (Y down, origin at the page's top left), as
// KiCad draws it under a schematic or a board.

import { layoutDrawingSheet, paperSize, type DrawingSheet } from '../drawing-sheet.ts';
import type { Paper, TitleBlock } from '../title-block.ts';
import type { LayerSpec, Renderer } from './renderer.ts';

export interface DrawingSheetContext {
  paper: Paper;
  titleBlock: TitleBlock;
  /** Name of the sheet shown (`${SHEETNAME}`); KiCad shows the root as "/". */
  sheetName: string;
  /** Full path of the sheet (`${SHEETPATH}`), e.g. "/Power/". */
  sheetPath: string;
  pageNumber: number;
  pageCount: number;
  fileName: string;
  /** Project text variables (and any override, e.g. KICAD_VERSION, LAYER). */
  vars: Record<string, string>;
  /** Colour of lines and texts (KiCad: the theme's worksheet colour). */
  color: string;
  /** Layer to draw in; default DRAWING_SHEET_LAYER. */
  layer?: LayerSpec;
}

/** Under everything else. */
export const DRAWING_SHEET_LAYER: LayerSpec = { name: ':DrawingSheet', z: -100, meta: { class: 'drawing-sheet' } };

/** KiCad 6's own version text, shown by `${KICAD_VERSION}` unless vars override it. */
export const DEFAULT_KICAD_VERSION = 'KiCad E.D.A.  kicad 6.0';

/** The values of the drawing sheet's text variables for a page. */
export function sheetVariables(ctx: Omit<DrawingSheetContext, 'color' | 'layer'>): Record<string, string> {
  const tb = ctx.titleBlock;
  const v: Record<string, string> = {
    KICAD_VERSION: DEFAULT_KICAD_VERSION,
    ...ctx.vars,
    TITLE: tb.title,
    ISSUE_DATE: tb.date,
    REVISION: tb.rev,
    COMPANY: tb.company,
    SHEETNAME: ctx.sheetName,
    SHEETPATH: ctx.sheetPath,
    FILENAME: ctx.fileName,
    PAPER: ctx.paper.size,
    '#': String(ctx.pageNumber),
    '##': String(ctx.pageCount),
  };
  for (let i = 1; i <= 9; i++) v[`COMMENT${i}`] = tb.comments[i] ?? '';
  return v;
}

/** Replace `${NAME}` by its value; unknown names stay as written (as KiCad shows them). */
export function expandVariables(text: string, vars: Readonly<Record<string, string>>): string {
  if (!text.includes('${')) return text;
  return text.replace(/\$\{([^}]*)\}/g, (m: string, name: string) => (Object.hasOwn(vars, name) ? (vars[name] ?? '') : m));
}

/** base64 of bytes, without Buffer (runs in browsers and workers). */
function base64(bytes: Uint8Array): string {
  const abc = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
  let out = '';
  let i = 0;
  for (; i + 2 < bytes.length; i += 3) {
    const n = ((bytes[i] ?? 0) << 16) | ((bytes[i + 1] ?? 0) << 8) | (bytes[i + 2] ?? 0);
    out += abc.charAt(n >> 18) + abc.charAt((n >> 12) & 63) + abc.charAt((n >> 6) & 63) + abc.charAt(n & 63);
  }
  if (i < bytes.length) {
    const two = i + 1 < bytes.length;
    const n = ((bytes[i] ?? 0) << 16) | ((two ? (bytes[i + 1] ?? 0) : 0) << 8);
    out += abc.charAt(n >> 18) + abc.charAt((n >> 12) & 63) + (two ? abc.charAt((n >> 6) & 63) : '=') + '=';
  }
  return out;
}

/** Paint the drawing sheet for one page. */
export function paintDrawingSheet(r: Renderer, ws: DrawingSheet, ctx: DrawingSheetContext): void {
  const { width, height } = paperSize(ctx.paper);
  const vars = sheetVariables(ctx);
  const items = layoutDrawingSheet(ws, { width, height, pageNumber: ctx.pageNumber, resolve: (t) => expandVariables(t, vars) });
  const color = ctx.color;
  r.beginLayer(ctx.layer ?? DRAWING_SHEET_LAYER);
  r.beginGroup({ style: { stroke: color, fill: 'none', color } });
  for (const d of items) {
    switch (d.kind) {
      case 'line':
        r.shape({ kind: 'path', parts: [[{ x: d.x0, y: d.y0 }, { x: d.x1, y: d.y1 }]], style: { width: d.width } });
        break;
      case 'rect':
        r.shape({ kind: 'rect', x0: d.x0, y0: d.y0, x1: d.x1, y1: d.y1, style: { width: d.width } });
        break;
      case 'text':
        if (d.text.trim() === '') break;
        r.text({
          text: d.text,
          at: { x: d.x, y: d.y },
          angle: d.angle,
          size: d.size,
          width: d.glyphWidth,
          thickness: d.thickness,
          h: d.h,
          v: d.v,
          fill: color,
          bold: d.bold,
          italic: d.italic,
          cls: 'drawing-sheet-text',
        });
        break;
      case 'polygon':
        for (const poly of d.polys) r.shape({ kind: 'path', parts: [poly], closed: true, style: { fill: color, width: d.width } });
        break;
      case 'bitmap':
        r.shape({ kind: 'image', at: { x: d.x, y: d.y }, width: d.width, height: d.height, mime: 'image/png', data: base64(d.png) });
        break;
    }
  }
  r.endGroup();
  r.endLayer();
}
