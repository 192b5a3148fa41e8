// KiCad 6's default drawing sheet (used when a project names none), described
// as our own model data: a double border 2 mm apart inside 10 mm margins, a
// reference grid every 50 mm (numbers along the top and bottom, letters down
// both sides) and a 108 × 32 mm title block in the bottom right corner with
// date, KiCad version, revision, paper size, sheet id, title, file name,
// sheet name, company and four comment lines. Measured from the sheet
// compiled into KiCad 6.0.11; tests/unit/kicad/drawing-sheet.test.ts checks
// that both place the same lines and texts.

import { defaultSetup, type Corner, type DrawingSheet, type SheetItem, type SheetLine, type SheetText } from './drawing-sheet.ts';

function base(): Omit<SheetLine, 'kind' | 'start' | 'end'> {
  return { name: '', comment: '', option: 'all', repeat: 1, incrx: 0, incry: 0, lineWidth: 0 };
}

function seg(kind: 'line' | 'rect', x0: number, y0: number, x1: number, y1: number, c0: Corner = 'rbcorner', c1: Corner = c0, rep: Partial<SheetLine> = {}): SheetLine {
  return { ...base(), kind, start: { x: x0, y: y0, corner: c0 }, end: { x: x1, y: y1, corner: c1 }, ...rep };
}

function label(text: string, x: number, y: number, more: Partial<SheetText> = {}): SheetText {
  return {
    ...base(),
    kind: 'text',
    text,
    pos: { x, y, corner: 'rbcorner' },
    size: { w: 0, h: 0 },
    bold: false,
    italic: false,
    h: 'left',
    v: 'center',
    rotate: 0,
    maxlen: 0,
    maxheight: 0,
    incrlabel: 1,
    ...more,
  };
}

/** Grid reference labels: 1.3 mm, one every 50 mm, counting up from the corner. */
function gridLabel(text: string, x: number, y: number, corner: Corner, along: 'x' | 'y'): SheetText {
  return label(text, x, y, {
    pos: { x, y, corner },
    size: { w: 1.3, h: 1.3 },
    repeat: 100,
    ...(along === 'x' ? { incrx: 50 } : { incry: 50, h: 'center' as const }),
  });
}

function items(): SheetItem[] {
  const tick = { repeat: 30 };
  return [
    // Title block outline, then the page border and the inner border 2 mm inside it.
    seg('rect', 110, 34, 2, 2),
    seg('rect', 0, 0, 0, 0, 'ltcorner', 'rbcorner', { repeat: 2, incrx: 2, incry: 2 }),
    // Grid ticks and labels: top and bottom edges (numbers), left and right edges (letters).
    seg('line', 50, 2, 50, 0, 'ltcorner', 'ltcorner', { ...tick, incrx: 50 }),
    gridLabel('1', 25, 1, 'ltcorner', 'x'),
    seg('line', 50, 2, 50, 0, 'lbcorner', 'lbcorner', { ...tick, incrx: 50 }),
    gridLabel('1', 25, 1, 'lbcorner', 'x'),
    seg('line', 0, 50, 2, 50, 'ltcorner', 'ltcorner', { ...tick, incry: 50 }),
    gridLabel('A', 1, 25, 'ltcorner', 'y'),
    seg('line', 0, 50, 2, 50, 'rtcorner', 'rtcorner', { ...tick, incry: 50 }),
    gridLabel('A', 1, 25, 'rtcorner', 'y'),
    // Title block rows (offsets from the bottom right corner of the inner border).
    label('Date: ${ISSUE_DATE}', 87, 6.9),
    seg('line', 110, 5.5, 2, 5.5),
    label('${KICAD_VERSION}', 109, 4.1, { comment: 'Kicad version' }),
    seg('line', 110, 8.5, 2, 8.5),
    label('Rev: ${REVISION}', 24, 6.9, { bold: true }),
    label('Size: ${PAPER}', 109, 6.9, { comment: 'Paper format name' }),
    label('Id: ${#}/${##}', 24, 4.1, { comment: 'Sheet id' }),
    seg('line', 110, 12.5, 2, 12.5),
    label('Title: ${TITLE}', 109, 10.7, { size: { w: 2, h: 2 }, bold: true, italic: true }),
    label('File: ${FILENAME}', 109, 14.3),
    seg('line', 110, 18.5, 2, 18.5),
    label('Sheet: ${SHEETNAME}', 109, 17),
    label('${COMPANY}', 109, 20, { bold: true, comment: 'Company name' }),
    label('${COMMENT1}', 109, 23),
    label('${COMMENT2}', 109, 26),
    label('${COMMENT3}', 109, 29),
    label('${COMMENT4}', 109, 32),
    // Column separators: date | size, and the revision / id column.
    seg('line', 90, 8.5, 90, 5.5),
    seg('line', 26, 8.5, 26, 2),
  ];
}

/** A fresh copy of KiCad's default drawing sheet. */
export function defaultDrawingSheet(): DrawingSheet {
  return { setup: defaultSetup(), items: items(), issues: [] };
}
