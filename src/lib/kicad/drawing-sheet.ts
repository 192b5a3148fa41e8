// Drawing sheets (page frame and title block): `.kicad_wks` files, KiCad 6+
// `(kicad_wks …)` and KiCad 5 `(page_layout …)` with its `%T`-style codes,
// read into a typed model; `layoutDrawingSheet` places the items on a page.
//
// How KiCad places items (learnt from its drawing sheet editor's behaviour
// and file format): every coordinate is an offset in mm from one of the four
// corners of the page's margin box (`rbcorner`, the default, counts leftwards
// and upwards); a repeated item adds (incrx, incry) × i to that offset, is
// dropped when it leaves the margin box (the first copy always stays), and a
// repeated one-character text counts up ("1" → "2" … "10", "A" → "B").

import { atomAt, child, children, isList, numAt, parseSexpr, type SexprList } from './sexpr.ts';
import type { Paper } from './title-block.ts';
import type { Point } from './kicad-common.ts';
import { measureText } from './text/stroke-font.ts';

export type Corner = 'ltcorner' | 'lbcorner' | 'rbcorner' | 'rtcorner';

/** An offset from a corner of the margin box. */
export interface SheetPoint {
  x: number;
  y: number;
  corner: Corner;
}

export type PageOption = 'all' | 'page1only' | 'notonpage1';

interface ItemBase {
  name: string;
  comment: string;
  option: PageOption;
  repeat: number;
  incrx: number;
  incry: number;
  /** Pen width in mm; 0 = the sheet's default. */
  lineWidth: number;
}

export interface SheetLine extends ItemBase {
  kind: 'line' | 'rect';
  start: SheetPoint;
  end: SheetPoint;
}

export interface SheetText extends ItemBase {
  kind: 'text';
  /** Text as in the file: `${VAR}`s (legacy `%X` codes converted), `\n` escapes kept. */
  text: string;
  pos: SheetPoint;
  /** Glyph width and height in mm; 0 = the sheet's default. */
  size: { w: number; h: number };
  bold: boolean;
  italic: boolean;
  h: 'left' | 'center' | 'right';
  v: 'top' | 'center' | 'bottom';
  /** Degrees counter-clockwise. */
  rotate: number;
  /** Text shrunk to fit this width / height in mm (0 = none). */
  maxlen: number;
  maxheight: number;
  incrlabel: number;
}

export interface SheetPolygon extends ItemBase {
  kind: 'polygon';
  pos: SheetPoint;
  rotate: number;
  /** Outlines, relative to `pos` (Y down). */
  polys: Point[][];
}

export interface SheetBitmap extends ItemBase {
  kind: 'bitmap';
  pos: SheetPoint;
  scale: number;
  /** PNG bytes. */
  png: Uint8Array;
}

export type SheetItem = SheetLine | SheetText | SheetPolygon | SheetBitmap;

export interface SheetSetup {
  textSize: { w: number; h: number };
  lineWidth: number;
  textLineWidth: number;
  margins: { left: number; right: number; top: number; bottom: number };
}

export interface DrawingSheet {
  setup: SheetSetup;
  items: SheetItem[];
  /** Problems met while reading (an item skipped), English, with the line. */
  issues: string[];
}

export function defaultSetup(): SheetSetup {
  return { textSize: { w: 1.5, h: 1.5 }, lineWidth: 0.15, textLineWidth: 0.15, margins: { left: 10, right: 10, top: 10, bottom: 10 } };
}

// ---------------------------------------------------------------- paper

/** KiCad keeps page sizes in whole mils: an ISO page is its mm size rounded to a mil (A4 = 297.0022 × 210.0072 mm). */
function mils(mm: number): number {
  return Math.round(mm / 0.0254) * 0.0254;
}

/** Landscape sizes in mm of KiCad's named pages, as KiCad sizes them. */
export const PAPER_SIZES: Readonly<Record<string, readonly [number, number]>> = {
  A5: [mils(210), mils(148)],
  A4: [mils(297), mils(210)],
  A3: [mils(420), mils(297)],
  A2: [mils(594), mils(420)],
  A1: [mils(841), mils(594)],
  A0: [mils(1189), mils(841)],
  A: [279.4, 215.9],
  B: [431.8, 279.4],
  C: [558.8, 431.8],
  D: [863.6, 558.8],
  E: [1117.6, 863.6],
  USLetter: [279.4, 215.9],
  USLegal: [355.6, 215.9],
  USLedger: [431.8, 279.4],
  GERBER: [812.8, 812.8],
};

/** Page width and height in mm (portrait swaps named sizes; `User` uses its own). */
export function paperSize(paper: Paper): { width: number; height: number } {
  if (paper.size === 'User' && paper.width && paper.height) return { width: paper.width, height: paper.height };
  const s = PAPER_SIZES[paper.size] ?? PAPER_SIZES.A4 ?? [297, 210];
  return paper.portrait ? { width: s[1], height: s[0] } : { width: s[0], height: s[1] };
}

// ---------------------------------------------------------------- reading

// KiCad 5 `page_layout` format codes and the text variables that replaced them.
const LEGACY_CODES: Record<string, string> = {
  D: '${ISSUE_DATE}',
  R: '${REVISION}',
  K: '${KICAD_VERSION}',
  Z: '${PAPER}',
  S: '${#}',
  N: '${##}',
  F: '${FILENAME}',
  L: '${LAYER}',
  P: '${SHEETNAME}',
  Y: '${COMPANY}',
  T: '${TITLE}',
};

/** `%T` → `${TITLE}`, `%C0` → `${COMMENT1}`, `%%` → `%`. */
export function convertLegacyCodes(s: string): string {
  if (!s.includes('%')) return s;
  return s.replace(/%(%|C([0-9])|[A-Z])/g, (m: string, code: string, digit: string | undefined) => {
    if (code === '%') return '%';
    if (digit !== undefined) return `\${COMMENT${Number(digit) + 1}}`;
    return LEGACY_CODES[code] ?? m;
  });
}

function readSheetPoint(list: SexprList | undefined): SheetPoint {
  const c = atomAt(list, 3);
  const corner: Corner = c === 'ltcorner' || c === 'lbcorner' || c === 'rtcorner' ? c : 'rbcorner';
  return { x: numAt(list, 1), y: numAt(list, 2), corner };
}

function readBase(node: SexprList, legacy: boolean): ItemBase {
  const opt = atomAt(child(node, 'option'), 1);
  const name = atomAt(child(node, 'name'), 1) ?? '';
  const comment = atomAt(child(node, 'comment'), 1) ?? '';
  return {
    name,
    comment: legacy ? convertLegacyCodes(comment) : comment,
    option: opt === 'page1only' || opt === 'notonpage1' ? opt : 'all',
    repeat: Math.max(1, Math.floor(numAt(child(node, 'repeat'), 1, 1))),
    incrx: numAt(child(node, 'incrx'), 1),
    incry: numAt(child(node, 'incry'), 1),
    lineWidth: numAt(child(node, 'linewidth'), 1),
  };
}

function readText(node: SexprList, legacy: boolean): SheetText {
  const raw = atomAt(node, 1) ?? '';
  const font = child(node, 'font');
  const size = child(font ?? node, 'size');
  const fontFlags = font ? font.items.filter((i): i is string => typeof i === 'string') : [];
  const t: SheetText = {
    ...readBase(node, legacy),
    kind: 'text',
    text: legacy ? convertLegacyCodes(raw) : raw,
    pos: readSheetPoint(child(node, 'pos')),
    size: { w: numAt(size, 1), h: numAt(size, 2) },
    bold: fontFlags.includes('bold'),
    italic: fontFlags.includes('italic'),
    h: 'left',
    v: 'center',
    rotate: numAt(child(node, 'rotate'), 1),
    maxlen: numAt(child(node, 'maxlen'), 1),
    maxheight: numAt(child(node, 'maxheight'), 1),
    incrlabel: numAt(child(node, 'incrlabel'), 1, 1),
  };
  // The pen may be given in the font or on the item.
  const fontPen = numAt(child(font ?? node, 'linewidth'), 1);
  if (fontPen) t.lineWidth = fontPen;
  for (const j of child(node, 'justify')?.items.slice(1) ?? []) {
    if (j === 'left' || j === 'right') t.h = j;
    else if (j === 'top' || j === 'bottom') t.v = j;
    else if (j === 'center') {
      t.h = 'center';
      t.v = 'center';
    }
  }
  return t;
}

function readPolygon(node: SexprList, legacy: boolean): SheetPolygon {
  const polys: Point[][] = [];
  for (const pts of children(node, 'pts')) {
    const poly: Point[] = [];
    for (const xy of children(pts, 'xy')) poly.push({ x: numAt(xy, 1), y: numAt(xy, 2) });
    if (poly.length >= 3) polys.push(poly);
  }
  return { ...readBase(node, legacy), kind: 'polygon', pos: readSheetPoint(child(node, 'pos')), rotate: numAt(child(node, 'rotate'), 1), polys };
}

function hexBytes(node: SexprList | undefined): Uint8Array {
  let hex = '';
  for (const d of node ? children(node, 'data') : []) {
    for (let i = 1; i < d.items.length; i++) {
      const it = d.items[i];
      if (typeof it === 'string') hex += it;
    }
  }
  hex = hex.replace(/[^0-9a-fA-F]/g, '');
  const out = new Uint8Array(hex.length >> 1);
  for (let i = 0; i < out.length; i++) out[i] = parseInt(hex.slice(2 * i, 2 * i + 2), 16);
  return out;
}

function readBitmap(node: SexprList, legacy: boolean): SheetBitmap {
  return {
    ...readBase(node, legacy),
    kind: 'bitmap',
    pos: readSheetPoint(child(node, 'pos')),
    scale: numAt(child(node, 'scale'), 1, 1),
    png: hexBytes(child(node, 'pngdata')),
  };
}

/** Read a `.kicad_wks` (or KiCad 5 page layout) text. Throws SexprError on broken S-expressions. */
export function parseDrawingSheet(input: string | Uint8Array): DrawingSheet {
  const root = parseSexpr(input);
  const head = atomAt(root, 0);
  if (head !== 'kicad_wks' && head !== 'page_layout' && head !== 'drawing_sheet') {
    throw new Error(`not a drawing sheet: (${head ?? ''} …)`);
  }
  const legacy = head === 'page_layout';
  const setup = defaultSetup();
  const s = child(root, 'setup');
  if (s) {
    const ts = child(s, 'textsize');
    if (ts) setup.textSize = { w: numAt(ts, 1, 1.5), h: numAt(ts, 2, 1.5) };
    setup.lineWidth = numAt(child(s, 'linewidth'), 1, setup.lineWidth);
    setup.textLineWidth = numAt(child(s, 'textlinewidth'), 1, setup.textLineWidth);
    setup.margins = {
      left: numAt(child(s, 'left_margin'), 1, 10),
      right: numAt(child(s, 'right_margin'), 1, 10),
      top: numAt(child(s, 'top_margin'), 1, 10),
      bottom: numAt(child(s, 'bottom_margin'), 1, 10),
    };
  }
  const items: SheetItem[] = [];
  const issues: string[] = [];
  for (let i = 1; i < root.items.length; i++) {
    const node = root.items[i];
    if (!isList(node)) continue;
    switch (node.items[0]) {
      case 'line':
      case 'rect':
        items.push({ ...readBase(node, legacy), kind: node.items[0], start: readSheetPoint(child(node, 'start')), end: readSheetPoint(child(node, 'end')) });
        break;
      case 'tbtext':
        items.push(readText(node, legacy));
        break;
      case 'polygon':
        items.push(readPolygon(node, legacy));
        break;
      case 'bitmap':
        items.push(readBitmap(node, legacy));
        break;
      case 'setup':
      case 'version':
      case 'generator':
      case 'generator_version':
        break;
      default:
        issues.push(`line ${node.line}: unknown item (${String(node.items[0])}) skipped`);
    }
  }
  return { setup, items, issues };
}

// ---------------------------------------------------------------- layout

export type SheetDrawItem =
  | { kind: 'line' | 'rect'; x0: number; y0: number; x1: number; y1: number; width: number; item: SheetItem }
  | {
      kind: 'text';
      text: string;
      x: number;
      y: number;
      /** Glyph height and width in mm (after maxlen/maxheight). */
      size: number;
      glyphWidth: number;
      thickness: number;
      bold: boolean;
      italic: boolean;
      h: SheetText['h'];
      v: SheetText['v'];
      angle: number;
      item: SheetItem;
    }
  | { kind: 'polygon'; polys: Point[][]; width: number; item: SheetItem }
  | { kind: 'bitmap'; x: number; y: number; width: number; height: number; png: Uint8Array; item: SheetItem };

export interface SheetLayoutOptions {
  width: number;
  height: number;
  /** 1-based page number; page 1 shows `page1only` items, the others `notonpage1` ones. */
  pageNumber?: number;
  /** Final text of a text item (variables substituted); default: as in the model. */
  resolve?: (text: string) => string;
}

/** Increment a one-character-ended label like KiCad: digits count in decimal, other characters by code. */
export function incrementLabel(base: string, by: number): string {
  if (!base || by === 0) return base;
  const last = base.charCodeAt(base.length - 1);
  const head = base.slice(0, -1);
  if (last >= 48 && last <= 57) return head + String(last - 48 + by);
  return head + String.fromCharCode(last + by);
}

/** `\n` in a drawing sheet text is a line break, `\\` a backslash. */
function unescapeText(s: string): string {
  if (!s.includes('\\')) return s;
  return s.replace(/\\(\\|n)/g, (_m: string, c: string) => (c === 'n' ? '\n' : '\\'));
}

/** Pixels per inch of every drawing-sheet bitmap (KiCad's default; the PNG's own pHYs is not used there). */
export const DRAWING_SHEET_BITMAP_PPI = 300;

/** PNG size in pixels and pixels per inch (pHYs; KiCad's default 300). */
export function pngInfo(png: Uint8Array): { w: number; h: number; ppi: number } | null {
  if (png.length < 24 || png[0] !== 0x89 || png[1] !== 0x50) return null;
  const u32 = (o: number): number => (((png[o] ?? 0) << 24) | ((png[o + 1] ?? 0) << 16) | ((png[o + 2] ?? 0) << 8) | (png[o + 3] ?? 0)) >>> 0;
  const w = u32(16);
  const h = u32(20);
  let ppi = 300;
  for (let o = 8; o + 8 <= png.length; ) {
    const len = u32(o);
    const type = String.fromCharCode(png[o + 4] ?? 0, png[o + 5] ?? 0, png[o + 6] ?? 0, png[o + 7] ?? 0);
    if (type === 'pHYs' && png[o + 16] === 1) {
      const ppm = u32(o + 8);
      if (ppm > 0) ppi = Math.round(ppm * 0.0254);
      break;
    }
    if (type === 'IDAT' || type === 'IEND') break;
    o += 12 + len;
  }
  return { w, h, ppi };
}

/** Place the sheet's items on a page: repeats expanded, page options applied, positions in page mm (Y down, origin top-left). */
export function layoutDrawingSheet(ws: DrawingSheet, o: SheetLayoutOptions): SheetDrawItem[] {
  const m = ws.setup.margins;
  const ltx = m.left;
  const lty = m.top;
  const rbx = o.width - m.right;
  const rby = o.height - m.bottom;
  const page = o.pageNumber ?? 1;
  const eps = 1e-9;
  const at = (p: SheetPoint, i: number, ix: number, iy: number): Point => {
    const dx = p.x + ix * i;
    const dy = p.y + iy * i;
    switch (p.corner) {
      case 'ltcorner':
        return { x: ltx + dx, y: lty + dy };
      case 'lbcorner':
        return { x: ltx + dx, y: rby - dy };
      case 'rtcorner':
        return { x: rbx - dx, y: lty + dy };
      default:
        return { x: rbx - dx, y: rby - dy };
    }
  };
  const inside = (p: Point): boolean => p.x >= ltx - eps && p.x <= rbx + eps && p.y >= lty - eps && p.y <= rby + eps;

  const out: SheetDrawItem[] = [];
  for (const item of ws.items) {
    if (item.option === 'page1only' && page !== 1) continue;
    if (item.option === 'notonpage1' && page === 1) continue;
    for (let i = 0; i < item.repeat; i++) {
      if (item.kind === 'line' || item.kind === 'rect') {
        const a = at(item.start, i, item.incrx, item.incry);
        const b = at(item.end, i, item.incrx, item.incry);
        if (i > 0 && !(inside(a) && inside(b))) continue;
        out.push({ kind: item.kind, x0: a.x, y0: a.y, x1: b.x, y1: b.y, width: item.lineWidth || ws.setup.lineWidth, item });
      } else if (item.kind === 'text') {
        const p = at(item.pos, i, item.incrx, item.incry);
        if (i > 0 && !inside(p)) continue;
        const base = i === 0 ? item.text : incrementLabel(item.text, i * item.incrlabel);
        const text = unescapeText(o.resolve ? o.resolve(base) : base);
        let w = item.size.w || ws.setup.textSize.w;
        let h = item.size.h || ws.setup.textSize.h;
        if (item.maxlen > 0 || item.maxheight > 0) {
          // KiCad shrinks the text to its box, measured with the default pen and rounded to whole mm.
          const box = measureText(text, { size: h, width: w, bold: item.bold, italic: item.italic });
          const bw = Math.round(box.width);
          const bh = Math.round(box.height);
          if (item.maxlen > 0 && bw > item.maxlen) w *= item.maxlen / bw;
          if (item.maxheight > 0 && bh > item.maxheight) h *= item.maxheight / bh;
        }
        const pen = item.bold ? Math.min(w, h) / 5 : item.lineWidth || ws.setup.textLineWidth;
        out.push({ kind: 'text', text, x: p.x, y: p.y, size: h, glyphWidth: w, thickness: pen, bold: item.bold, italic: item.italic, h: item.h, v: item.v, angle: item.rotate, item });
      } else if (item.kind === 'polygon') {
        const p = at(item.pos, i, item.incrx, item.incry);
        const rad = (item.rotate * Math.PI) / 180;
        const c = Math.cos(rad);
        const s = Math.sin(rad);
        const polys = item.polys.map((poly) => poly.map((q) => ({ x: p.x + q.x * c + q.y * s, y: p.y - q.x * s + q.y * c })));
        if (i > 0 && !polys.every((poly) => poly.every(inside))) continue;
        out.push({ kind: 'polygon', polys, width: item.lineWidth, item });
      } else if (item.kind === 'bitmap') {
        const p = at(item.pos, i, item.incrx, item.incry);
        if (i > 0 && !inside(p)) continue;
        const info = pngInfo(item.png);
        if (!info) continue;
        // eeschema (KiCad 9's PDF of libresolar-bms-c1: a 185 px logo with pHYs 117 ppi is
        // 15.7 mm wide) sizes drawing-sheet bitmaps at its default 300 ppi whatever the PNG says.
        const mmPerPx = (25.4 / DRAWING_SHEET_BITMAP_PPI) * item.scale;
        out.push({ kind: 'bitmap', x: p.x, y: p.y, width: info.w * mmPerPx, height: info.h * mmPerPx, png: item.png, item });
      }
    }
  }
  return out;
}
