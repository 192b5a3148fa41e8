// Sheet notes of the schematic painter: graphics (polyline, rectangle,
// circle, arc, bezier) in their line styles, text boxes (border, fill,
// margins, word wrap), KiCad 9 tables and PNG images.

import type { Point, TextEffects } from '../kicad-common.ts';
import type { KicadSchematic, SchTextBox, SheetGraphic } from '../schematic.ts';
import type { Fill } from '../symbol-lib.ts';
import { dashPattern } from './label-shapes.ts';
import type { Style } from './renderer.ts';
import { emitText, expandVars, fileColor, measureLabel, strokedPath, strokeWidth, textShape, type Ctx } from './schematic-context.ts';
import { SCH_DEFAULTS } from './schematic-theme.ts';

function fillPaint(f: Fill, stroke: string, background: string): string | undefined {
  if (f.type === 'outline') return stroke;
  if (f.type === 'background') return background === 'none' ? undefined : background;
  if (f.type === 'color') return fileColor(f.color);
  return undefined;
}

export function paintGraphic(c: Ctx, g: SheetGraphic): void {
  const { r, L, t } = c;
  const w = strokeWidth(g.stroke, c.d.line);
  const stroke = fileColor(g.stroke.color) ?? t.notes;
  const fill = fillPaint(g.fill, stroke, t.notesBackground);
  r.beginLayer(L.notes);
  r.beginGroup({ meta: { class: 'graphic', 'data-uuid': g.uuid } });
  // The fill under the outline, then the outline in its line style.
  if (fill !== undefined) {
    const fs: Style = { fill, stroke: 'none', width: 0 };
    switch (g.kind) {
      case 'rectangle':
        r.shape({ kind: 'rect', ...rectOf(g.start, g.end), style: fs });
        break;
      case 'circle':
        r.shape({ kind: 'circle', center: g.center, radius: g.radius, style: fs });
        break;
      case 'arc':
        r.shape({ kind: 'arc', start: g.start, mid: g.mid, end: g.end, pie: true, style: fs });
        break;
      case 'polyline':
        r.shape({ kind: 'path', parts: [g.points], closed: true, style: fs });
        break;
      case 'bezier':
        if (g.points.length >= 4) r.shape({ kind: 'bezier', points: [g.points[0], g.points[1], g.points[2], g.points[3]] as never, closed: true, style: fs });
        break;
    }
  }
  if (g.stroke.width >= 0) {
    const pattern = dashPattern(g.stroke.type, w, c.d.dashRatio, c.d.gapRatio);
    const style: Style = { stroke, width: w };
    if (pattern) {
      strokedPath(c, [outlinePoints(g)], g.stroke, c.d.line, SCH_DEFAULTS.line, t.notes);
    } else {
      switch (g.kind) {
        case 'rectangle':
          r.shape({ kind: 'rect', ...rectOf(g.start, g.end), style: { ...style, fill: 'none' } });
          break;
        case 'circle':
          r.shape({ kind: 'circle', center: g.center, radius: g.radius, style: { ...style, fill: 'none' } });
          break;
        case 'arc':
          r.shape({ kind: 'arc', start: g.start, mid: g.mid, end: g.end, style: { ...style, fill: 'none' } });
          break;
        case 'polyline':
          r.shape({ kind: 'path', parts: [g.points], style: { ...style, fill: 'none' } });
          break;
        case 'bezier':
          if (g.points.length >= 4) r.shape({ kind: 'bezier', points: [g.points[0], g.points[1], g.points[2], g.points[3]] as never, style: { ...style, fill: 'none' } });
          break;
      }
    }
  }
  r.endGroup();
  r.endLayer();
}

function rectOf(a: Point, b: Point): { x0: number; y0: number; x1: number; y1: number } {
  return { x0: Math.min(a.x, b.x), y0: Math.min(a.y, b.y), x1: Math.max(a.x, b.x), y1: Math.max(a.y, b.y) };
}

/** A graphic's outline as one polyline (for dashing): curves flattened. */
function outlinePoints(g: SheetGraphic): Point[] {
  switch (g.kind) {
    case 'rectangle': {
      const b = rectOf(g.start, g.end);
      return [
        { x: b.x0, y: b.y0 },
        { x: b.x1, y: b.y0 },
        { x: b.x1, y: b.y1 },
        { x: b.x0, y: b.y1 },
        { x: b.x0, y: b.y0 },
      ];
    }
    case 'circle': {
      const pts: Point[] = [];
      for (let i = 0; i <= 64; i++) {
        const a = (i / 64) * Math.PI * 2;
        pts.push({ x: g.center.x + g.radius * Math.cos(a), y: g.center.y + g.radius * Math.sin(a) });
      }
      return pts;
    }
    case 'arc':
      return flattenArc(g.start, g.mid, g.end);
    case 'polyline':
      return g.points;
    case 'bezier': {
      const [p0, p1, p2, p3] = g.points as [Point, Point, Point, Point];
      if (!p3) return g.points;
      const pts: Point[] = [];
      for (let i = 0; i <= 32; i++) {
        const s = i / 32;
        const u = 1 - s;
        pts.push({
          x: u * u * u * p0.x + 3 * u * u * s * p1.x + 3 * u * s * s * p2.x + s * s * s * p3.x,
          y: u * u * u * p0.y + 3 * u * u * s * p1.y + 3 * u * s * s * p2.y + s * s * s * p3.y,
        });
      }
      return pts;
    }
  }
}

function flattenArc(s: Point, m: Point, e: Point): Point[] {
  // Circle through three points; fall back to the chord when they are collinear.
  const d = 2 * (s.x * (m.y - e.y) + m.x * (e.y - s.y) + e.x * (s.y - m.y));
  if (Math.abs(d) < 1e-12) return [s, e];
  const s2 = s.x * s.x + s.y * s.y;
  const m2 = m.x * m.x + m.y * m.y;
  const e2 = e.x * e.x + e.y * e.y;
  const cx = (s2 * (m.y - e.y) + m2 * (e.y - s.y) + e2 * (s.y - m.y)) / d;
  const cy = (s2 * (e.x - m.x) + m2 * (s.x - e.x) + e2 * (m.x - s.x)) / d;
  const rad = Math.hypot(s.x - cx, s.y - cy);
  const a0 = Math.atan2(s.y - cy, s.x - cx);
  let a1 = Math.atan2(m.y - cy, m.x - cx);
  let a2 = Math.atan2(e.y - cy, e.x - cx);
  // Sweep from start through mid to end.
  const norm = (a: number): number => ((a - a0) % (2 * Math.PI) + 2 * Math.PI) % (2 * Math.PI);
  a1 = norm(a1);
  a2 = norm(a2);
  const sweep = a1 < a2 ? a2 : a2 - 2 * Math.PI;
  const pts: Point[] = [];
  for (let i = 0; i <= 32; i++) {
    const a = a0 + (sweep * i) / 32;
    pts.push({ x: cx + rad * Math.cos(a), y: cy + rad * Math.sin(a) });
  }
  return pts;
}

/** KiCad's default text box margin when the file gives none (KiCad 7): 0.8 × the text height... capped for big text. */
function boxMargins(tb: SchTextBox): [number, number, number, number] {
  if (tb.margins) return tb.margins;
  const m = Math.round(tb.effects.height * 0.8 * 1e4) / 1e4;
  return [m, m, m, m];
}

export function paintTextBox(c: Ctx, tb: SchTextBox, cls: string, border = true): void {
  const { r, L, t } = c;
  const x0 = tb.at.x;
  const y0 = tb.at.y;
  const x1 = x0 + tb.size.width;
  const y1 = y0 + tb.size.height;
  const stroke = fileColor(tb.stroke.color) ?? t.notes;
  const fill = fillPaint(tb.fill, stroke, t.notesBackground);
  r.beginLayer(L.notes);
  r.beginGroup({ meta: { class: cls, 'data-uuid': tb.uuid } });
  const box = rectOf({ x: x0, y: y0 }, { x: x1, y: y1 });
  if (fill !== undefined) r.shape({ kind: 'rect', ...box, style: { fill, stroke: 'none', width: 0 } });
  if (border && tb.stroke.width >= 0) {
    const pts = [
      { x: box.x0, y: box.y0 },
      { x: box.x1, y: box.y0 },
      { x: box.x1, y: box.y1 },
      { x: box.x0, y: box.y1 },
    ];
    strokedPath(c, [pts], tb.stroke, c.d.line, SCH_DEFAULTS.line, t.notes, true);
  }
  r.endGroup();
  r.endLayer();
  const text = expandVars(tb.text, c.sheetVar);
  if (text === '') return;
  const [ml, mt, mr, mb] = boxMargins(tb);
  const e = tb.effects;
  const vertical = Math.round(tb.at.rotation) % 180 !== 0;
  let at: Point;
  let wrapWidth: number;
  if (!vertical) {
    at = { x: e.hAlign === 'left' ? box.x0 + ml : e.hAlign === 'right' ? box.x1 - mr : (box.x0 + ml + box.x1 - mr) / 2, y: e.vAlign === 'top' ? box.y0 + mt : e.vAlign === 'bottom' ? box.y1 - mb : (box.y0 + mt + box.y1 - mb) / 2 };
    wrapWidth = box.x1 - box.x0 - ml - mr;
  } else {
    at = { x: e.vAlign === 'top' ? box.x0 + ml : e.vAlign === 'bottom' ? box.x1 - mr : (box.x0 + ml + box.x1 - mr) / 2, y: e.hAlign === 'left' ? box.y1 - mb : e.hAlign === 'right' ? box.y0 + mt : (box.y0 + mt + box.y1 - mb) / 2 };
    wrapWidth = box.y1 - box.y0 - mt - mb;
  }
  r.beginLayer(L.texts);
  emitText(r, textShape(wrapText(text, e, wrapWidth), at, vertical ? 90 : 0, e, fileColor(undefined) ?? t.notes, cls === 'table-cell' ? 'table-text' : 'text-box-text'));
  r.endLayer();
}

/** Word wrap to the box width, as KiCad wraps text box contents (explicit line breaks kept). */
function wrapText(text: string, e: TextEffects, width: number): string {
  if (!(width > 0)) return text;
  const out: string[] = [];
  for (const para of text.split('\n')) {
    let line = '';
    for (const word of para.split(' ')) {
      const next = line === '' ? word : `${line} ${word}`;
      if (line !== '' && measureLabel(next, e) > width) {
        out.push(line);
        line = word;
      } else line = next;
    }
    out.push(line);
  }
  return out.join('\n');
}

export function paintTable(c: Ctx, table: KicadSchematic['tables'][number]): void {
  const { r, L, t } = c;
  for (const cell of table.cells) {
    if (cell.span.cols === 0 || cell.span.rows === 0) continue;
    paintTextBox(c, cell, 'table-cell', false);
  }
  // Grid: the outer border, then each cell's right and bottom edges where separators are on.
  const cells = table.cells.filter((x) => x.span.cols > 0 && x.span.rows > 0);
  if (cells.length === 0) return;
  const minX = Math.min(...cells.map((x) => x.at.x));
  const minY = Math.min(...cells.map((x) => x.at.y));
  const maxX = Math.max(...cells.map((x) => x.at.x + x.size.width));
  const maxY = Math.max(...cells.map((x) => x.at.y + x.size.height));
  const eps = 1e-6;
  r.beginLayer(L.notes);
  r.beginGroup({ meta: { class: 'table', 'data-uuid': table.uuid } });
  const inner: Point[][] = [];
  const headerBottom = cells[0] ? cells[0].at.y + cells[0].size.height : minY;
  for (const cell of cells) {
    const x1 = cell.at.x + cell.size.width;
    const y1 = cell.at.y + cell.size.height;
    if (table.separators.cols && x1 < maxX - eps) inner.push([{ x: x1, y: cell.at.y }, { x: x1, y: y1 }]);
    const isHeader = Math.abs(y1 - headerBottom) < eps;
    if (y1 < maxY - eps && (table.separators.rows || (isHeader && table.border.header))) inner.push([{ x: cell.at.x, y: y1 }, { x: x1, y: y1 }]);
  }
  if (inner.length) strokedPath(c, inner, table.separators.stroke, c.d.line, SCH_DEFAULTS.line, t.notes);
  if (table.border.external) {
    strokedPath(
      c,
      [
        [
          { x: minX, y: minY },
          { x: maxX, y: minY },
          { x: maxX, y: maxY },
          { x: minX, y: maxY },
        ],
      ],
      table.border.stroke,
      c.d.line,
      SCH_DEFAULTS.line,
      t.notes,
      true,
    );
  }
  r.endGroup();
  r.endLayer();
}

/**
 * PNG width and height in pixels. KiCad sizes schematic images at 300 pixels
 * per inch whatever the file's pHYs says (the olimex fixture's 71 ppi logo is
 * plotted by eeschema at 300 ppi in its published PDF).
 */
export function pngInfo(base64: string): { width: number; height: number; ppi: number } | null {
  let head: string;
  try {
    head = atob(base64.slice(0, 32));
  } catch {
    return null;
  }
  const b = (i: number): number => head.charCodeAt(i);
  if (head.length < 24 || b(0) !== 0x89 || head.slice(1, 4) !== 'PNG') return null;
  const u32 = (o: number): number => b(o) * 0x1000000 + ((b(o + 1) << 16) | (b(o + 2) << 8) | b(o + 3));
  return { width: u32(16), height: u32(20), ppi: 300 };
}

export function paintImage(c: Ctx, at: Point, scale: number, data: string, uuid: string): void {
  const info = pngInfo(data);
  if (!info) return;
  const s = (scale > 0 ? scale : 1) * 25.4 / info.ppi;
  c.r.beginLayer(c.L.images);
  c.r.beginGroup({ meta: { class: 'image', 'data-uuid': uuid } });
  c.r.shape({ kind: 'image', at, width: info.width * s, height: info.height * s, mime: 'image/png', data });
  c.r.endGroup();
  c.r.endLayer();
}
