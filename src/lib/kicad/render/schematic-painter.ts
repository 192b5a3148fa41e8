// Paints one schematic sheet (one instance of it) in the schematic editor's
// look onto a Renderer, in sheet coordinates (Y-down, mm): placed symbols (via
// symbol-painter.ts through PlacedRenderer), wires, buses, bus entries,
// junctions, no-connects, labels of every kind, texts, text boxes, tables,
// images, graphics, sheet symbols with their pins. Colours come from a
// SchematicTheme; colours written in the file override it. Schematic text is
// always readable: 180° is drawn at 0°, 270° at 90°.

import type { Point, Rgba, Stroke, TextEffects } from '../kicad-common.ts';
import type { KicadSchematic, SchematicSymbol, SchLabel, SchTextBox, SheetGraphic, SheetSymbol } from '../schematic.ts';
import { resolveSymbolInstance, type SheetNode } from '../schematic-hierarchy.ts';
import { measureText } from '../text/stroke-font.ts';
import { unitCount, unitItems, unitLetter, type Fill, type KicadSymbol, type SymbolProperty } from '../symbol-lib.ts';
import { dashPattern, dashPolyline, directiveDirection, directiveFlag, globalLabelOutline, hierarchicalOutline, labelDirection, sheetPinShape, toSheet, type UW } from './label-shapes.ts';
import { FLIP_Y, mul, PlacedRenderer, placementMatrix, readableText, type Mat2 } from './placed-symbol.ts';
import type { LayerSpec, Meta, Renderer, Style, TextShape } from './renderer.ts';
import { DEFAULT_DRAWING, SCH_DEFAULTS, type SchematicDrawing, type SchematicTheme } from './schematic-theme.ts';
import { paintBodyGraphic, paintBodyText, paintPin, SCHEMATIC_COLORS, SYMBOL_LAYERS } from './symbol-painter.ts';

export interface SheetPaint {
  theme: SchematicTheme;
  /** The SheetNode.path of this sheet instance (per-instance references and units). */
  instancePath?: string;
  /** Project name for the instance lookup. */
  project?: string;
  /** The root sheet's schematic: KiCad 6 projects keep per-instance references in its `symbol_instances`. */
  root?: KicadSchematic;
  /** Net name per item uuid and per `${symbolUuid}:${pinNumber}` (written as `data-net`). */
  nets?: { items: Map<string, string>; pins: Map<string, string> };
  /**
   * The frame and title block (the drawing sheet painter's paintDrawingSheet), called first
   * with the 'sheet-frame' layer to draw on and the theme's frame colour.
   */
  drawingSheet?: (r: Renderer, layer: LayerSpec, color: string) => void;
  /** Text variables (project text_variables, ${TITLE} overrides...). */
  vars?: Record<string, string>;
  /** Sheet name, page number and page count for ${SHEETNAME}, ${#}, ${##}. */
  sheetName?: string;
  page?: string;
  pageCount?: number;
  /** The project's drawing settings (`drawingFromProject(.kicad_pro JSON)`): default widths, junction size, label ratios, dashes. */
  drawing?: SchematicDrawing;
  /** Draw pins KiCad hides (power symbols' pins), as the editor's "show hidden pins" does. */
  showHiddenPins?: boolean;
}

/** Width of KiCad's text box (stroke font metrics, pen included): label boxes, text box wrapping. */
export function measureLabel(text: string, e: Pick<TextEffects, 'height' | 'width' | 'thickness' | 'bold' | 'italic'>): number {
  return measureText(text, { size: e.height, width: e.width || e.height, thickness: e.thickness, bold: e.bold, italic: e.italic }).width;
}

/** Layer names (bottom to top) of a painted sheet. */
export const SHEET_LAYER_ORDER = [
  'sheet-frame',
  'images',
  'sheet-fill',
  'sym-body-fill',
  'notes',
  'sheets',
  'wires',
  'bus-entries',
  'buses',
  'sym-body',
  'sym-body-text',
  'sym-pins',
  'labels',
  'junctions',
  'no-connects',
  'sym-fields',
  'texts',
  'dnp',
] as const;
type LayerName = (typeof SHEET_LAYER_ORDER)[number];

function themeLayers(t: SchematicTheme): Record<LayerName, LayerSpec> {
  const style: Partial<Record<LayerName, Style>> = {
    'sym-body-fill': { stroke: 'none', fill: t.bodyFill },
    'sym-body': { fill: 'none', stroke: t.body },
    wires: { fill: 'none', stroke: t.wire, width: SCH_DEFAULTS.wire, cap: 'round' },
    buses: { fill: 'none', stroke: t.bus, width: SCH_DEFAULTS.bus, cap: 'round' },
    'bus-entries': { fill: 'none', stroke: t.wire, width: SCH_DEFAULTS.wire, cap: 'round' },
    junctions: { fill: t.junction, stroke: 'none' },
    'no-connects': { fill: 'none', stroke: t.noConnect, width: SCH_DEFAULTS.line, cap: 'round' },
    notes: { fill: 'none', stroke: t.notes, width: SCH_DEFAULTS.line },
    sheets: { fill: 'none', stroke: t.sheetBorder, width: SCH_DEFAULTS.line },
    dnp: { fill: 'none', stroke: t.dnp, cap: 'round' },
  };
  const out = {} as Record<LayerName, LayerSpec>;
  SHEET_LAYER_ORDER.forEach((name, z) => {
    const spec: LayerSpec = { name, z, meta: { class: name } };
    const s = style[name];
    out[name] = s ? { ...spec, style: s } : spec;
  });
  out['sym-pins'] = { ...out['sym-pins'], keepEmpty: true };
  return out;
}

const layerCache = new WeakMap<SchematicTheme, Record<LayerName, LayerSpec>>();
function layersFor(t: SchematicTheme): Record<LayerName, LayerSpec> {
  let l = layerCache.get(t);
  if (!l) layerCache.set(t, (l = themeLayers(t)));
  return l;
}

function symbolColorMap(t: SchematicTheme): Map<string, string> {
  return new Map([
    [SCHEMATIC_COLORS.body, t.body],
    [SCHEMATIC_COLORS.bodyFill, t.bodyFill],
    [SCHEMATIC_COLORS.pinNumber, t.pinNumber],
    [SCHEMATIC_COLORS.pinName, t.pinName],
    [SCHEMATIC_COLORS.field, t.fields],
    [SCHEMATIC_COLORS.unitLabel, t.hidden],
  ]);
}

function rgba(c: Rgba): string {
  return `rgba(${Math.round(c.r)},${Math.round(c.g)},${Math.round(c.b)},${c.a})`;
}

/** A colour written in the file, when it is one (KiCad writes 0,0,0,0 for "use the theme"). */
function fileColor(c: Rgba | undefined): string | undefined {
  return c && c.a > 0 ? rgba(c) : undefined;
}

const KICAD6_LAST = 20211123;

// ---------------------------------------------------------------------------
// Text variables

const VAR = /\$\{([^{}]+)\}/g;

/** Substitute ${NAME} from `lookup`; unknown names stay as written (as KiCad shows them). */
export function expandVars(text: string, lookup: (name: string) => string | undefined): string {
  if (!text.includes('${')) return text;
  let s = text;
  // Variables may expand to other variables; a few rounds, never endlessly.
  for (let i = 0; i < 4 && s.includes('${'); i++) {
    const next = s.replace(VAR, (m, name: string) => lookup(name) ?? m);
    if (next === s) break;
    s = next;
  }
  return s;
}

interface Ctx {
  r: Renderer;
  sch: KicadSchematic;
  o: SheetPaint;
  t: SchematicTheme;
  L: Record<LayerName, LayerSpec>;
  sheetVar: (name: string) => string | undefined;
  kicad6: boolean;
  d: SchematicDrawing;
}

function sheetVars(sch: KicadSchematic, o: SheetPaint): (name: string) => string | undefined {
  const tb = sch.titleBlock;
  const base = sch.fileName.split(/[\\/]/).pop() ?? sch.fileName;
  return (name) => {
    const v = o.vars?.[name];
    if (v !== undefined) return v;
    switch (name) {
      case 'SHEETNAME':
        return o.sheetName ?? '';
      case 'FILENAME':
        return base;
      case 'SHEETPATH':
        return '/';
      case '#':
        return o.page ?? '';
      case '##':
        return o.pageCount !== undefined ? String(o.pageCount) : undefined;
      case 'TITLE':
        return tb.title;
      case 'REVISION':
        return tb.rev;
      case 'ISSUE_DATE':
      case 'DATE':
        return tb.date;
      case 'COMPANY':
        return tb.company;
      case 'PAPER':
        return sch.paper.size;
      case 'PROJECTNAME':
        return o.project;
    }
    const c = /^COMMENT([1-9])$/.exec(name);
    if (c) return tb.comments[Number(c[1])] ?? '';
    return undefined;
  };
}

// ---------------------------------------------------------------------------
// Entry point

/** Paint one sheet instance. */
export function paintSchematicSheet(r: Renderer, sch: KicadSchematic, o: SheetPaint): void {
  const c: Ctx = { r, sch, o, t: o.theme, L: layersFor(o.theme), sheetVar: sheetVars(sch, o), kicad6: (sch.version ?? KICAD6_LAST + 1) <= KICAD6_LAST, d: o.drawing ?? DEFAULT_DRAWING };
  o.drawingSheet?.(r, c.L['sheet-frame'], c.t.frame);
  for (const img of sch.images) paintImage(c, img.at, img.scale, img.data, img.uuid);
  for (const g of sch.graphics) paintGraphic(c, g);
  for (const tb of sch.textBoxes) paintTextBox(c, tb, 'text-box');
  for (const table of sch.tables) paintTable(c, table);
  for (const s of sch.sheets) paintSheet(c, s);
  paintWires(c);
  paintSymbols(c);
  for (const l of sch.labels) paintLabel(c, l);
  paintJunctions(c);
  paintNoConnects(c);
  for (const t of sch.texts) {
    const text = expandVars(t.text, c.sheetVar);
    if (text === '') continue;
    c.r.beginLayer(c.L.texts);
    c.r.beginGroup({ meta: { class: 'text', 'data-uuid': t.uuid } });
    paintText(c, text, t.at, t.at.rotation, t.effects, c.t.notes, 'text');
    c.r.endGroup();
    c.r.endLayer();
  }
}

// ---------------------------------------------------------------------------
// Text

function textShape(text: string, at: Point, angle: number, e: TextEffects, fill: string, cls: string): TextShape {
  const t: TextShape = { text, at, angle, size: e.height, h: e.hAlign, v: e.vAlign, fill, cls };
  if (e.width > 0 && e.width !== e.height) t.width = e.width;
  if (e.thickness !== undefined && e.thickness > 0) t.thickness = e.thickness;
  if (e.bold) t.bold = true;
  if (e.italic) t.italic = true;
  return t;
}

/** KiCad's line pitch: 1.61 × the glyph height (× line_spacing). */
const INTERLINE = 1.61;

/**
 * Multi-line text as one text per line, stacked along the text's down
 * direction as KiCad stacks them (the block is justified as a whole), so
 * every renderer draws it alike.
 */
export function emitText(r: Renderer, t: TextShape): void {
  if (!t.text.includes('\n')) {
    r.text(t);
    return;
  }
  const lines = t.text.split('\n');
  const pitch = t.size * INTERLINE * (t.lineSpacing ?? 1);
  const n = lines.length;
  const first = t.v === 'top' ? 0 : t.v === 'bottom' ? -(n - 1) * pitch : (-(n - 1) * pitch) / 2;
  const a = (t.angle * Math.PI) / 180;
  // Glyph-down direction on a Y-down sheet: (0, 1) at 0°, (1, 0) at 90°.
  const dx = Math.round(Math.sin(a) * 1e12) / 1e12;
  const dy = Math.round(Math.cos(a) * 1e12) / 1e12;
  for (let i = 0; i < n; i++) {
    const line = lines[i] as string;
    if (line === '') continue;
    const off = first + i * pitch;
    r.text({ ...t, text: line, at: { x: t.at.x + dx * off, y: t.at.y + dy * off } });
  }
}

/** Sheet-level text (notes, fields not owned by a symbol): 180° turns to 0°, 270° to 90°, justification kept as KiCad saves it. */
function paintText(c: Ctx, text: string, at: Point, angle: number, e: TextEffects, fill: string, cls: string): void {
  if (text === '') return;
  const q = ((Math.round(angle) % 360) + 360) % 360;
  const a = q === 180 ? 0 : q === 270 ? 90 : q;
  emitText(c.r, textShape(text, { x: at.x, y: at.y }, a, e, fill, cls));
}

// ---------------------------------------------------------------------------
// Lines

function strokeWidth(s: Stroke, dflt: number): number {
  return s.width > 0 ? s.width : dflt;
}

/**
 * A polyline with the stroke's width, colour and line style: `dflt` is the
 * width a 0 in the file means, `layerWidth` and `layerColor` what the layer
 * already sets (only differences are written).
 */
function strokedPath(c: Ctx, parts: readonly (readonly Point[])[], s: Stroke, dflt: number, layerWidth: number, layerColor: string, closed = false): void {
  const w = strokeWidth(s, dflt);
  const style: Style = {};
  const color = fileColor(s.color);
  if (color && color !== layerColor) style.stroke = color;
  if (w !== layerWidth) style.width = w;
  const pattern = dashPattern(s.type, w, c.d.dashRatio, c.d.gapRatio);
  if (pattern) {
    const dashed: (readonly Point[])[] = [];
    for (const p of parts) dashed.push(...dashPolyline(closed && p.length > 1 ? [...p, p[0] as Point] : p, pattern));
    style.cap = 'round';
    c.r.shape({ kind: 'path', parts: dashed, style });
    return;
  }
  c.r.shape({ kind: 'path', parts, closed: closed || undefined, style: style.stroke || style.width !== undefined ? style : undefined });
}

function paintWires(c: Ctx): void {
  const { r, sch, L, t } = c;
  const nets = c.o.nets?.items;
  const kinds = [
    ['wires', sch.wires, 'wire', c.d.line, SCH_DEFAULTS.wire, t.wire],
    ['buses', sch.buses, 'bus', c.d.bus, SCH_DEFAULTS.bus, t.bus],
  ] as const;
  for (const [layer, lines, cls, w, lw, color] of kinds) {
    if (lines.length === 0) continue;
    r.beginLayer(L[layer]);
    for (const wire of lines) {
      r.beginGroup({ meta: itemMeta(cls, wire.uuid, nets) });
      strokedPath(c, [wire.points], wire.stroke, w, lw, color);
      r.endGroup();
    }
    r.endLayer();
  }
  if (sch.busEntries.length) {
    r.beginLayer(L['bus-entries']);
    for (const e of sch.busEntries) {
      r.beginGroup({ meta: itemMeta('bus-entry', e.uuid, nets) });
      strokedPath(c, [[e.at, { x: e.at.x + e.size.x, y: e.at.y + e.size.y }]], e.stroke, c.d.line, SCH_DEFAULTS.wire, t.wire);
      r.endGroup();
    }
    r.endLayer();
  }
}

function itemMeta(cls: string, uuid: string, nets?: Map<string, string>): Meta {
  const m: Record<string, string> = { class: cls, 'data-uuid': uuid };
  const net = nets?.get(uuid);
  if (net !== undefined) m['data-net'] = net;
  return m;
}

function paintJunctions(c: Ctx): void {
  const { r, sch, L } = c;
  if (sch.junctions.length === 0) return;
  r.beginLayer(L.junctions);
  for (const j of sch.junctions) {
    // A junction on a bus takes the bus junction colour.
    const color = fileColor(j.color) ?? (sch.buses.length && onLines(sch.buses, j.at) ? c.t.busJunction : undefined);
    r.beginGroup({ meta: itemMeta('junction', j.uuid, c.o.nets?.items) });
    r.shape({ kind: 'circle', center: j.at, radius: (j.diameter > 0 ? j.diameter : c.d.junctionDiameter) / 2, style: color ? { fill: color } : undefined });
    r.endGroup();
  }
  r.endLayer();
}

function onLines(lines: readonly { points: readonly Point[] }[], p: Point): boolean {
  for (const l of lines) {
    for (let i = 1; i < l.points.length; i++) {
      const a = l.points[i - 1] as Point;
      const b = l.points[i] as Point;
      const len2 = (b.x - a.x) ** 2 + (b.y - a.y) ** 2;
      const t = len2 > 0 ? ((p.x - a.x) * (b.x - a.x) + (p.y - a.y) * (b.y - a.y)) / len2 : 0;
      if (t < -1e-9 || t > 1 + 1e-9) continue;
      if (Math.hypot(a.x + t * (b.x - a.x) - p.x, a.y + t * (b.y - a.y) - p.y) < 1e-3) return true;
    }
  }
  return false;
}

function paintNoConnects(c: Ctx): void {
  const { r, sch, L } = c;
  if (sch.noConnects.length === 0) return;
  const h = SCH_DEFAULTS.noConnectSize / 2;
  r.beginLayer(L['no-connects']);
  for (const n of sch.noConnects) {
    const { x, y } = n.at;
    r.beginGroup({ meta: { class: 'no-connect', 'data-uuid': n.uuid } });
    r.shape({
      kind: 'path',
      parts: [
        [
          { x: x - h, y: y - h },
          { x: x + h, y: y + h },
        ],
        [
          { x: x + h, y: y - h },
          { x: x - h, y: y + h },
        ],
      ],
    });
    r.endGroup();
  }
  r.endLayer();
}

// ---------------------------------------------------------------------------
// Graphics, text boxes, tables, images

function fillPaint(f: Fill, stroke: string, background: string): string | undefined {
  if (f.type === 'outline') return stroke;
  if (f.type === 'background') return background === 'none' ? undefined : background;
  if (f.type === 'color') return fileColor(f.color);
  return undefined;
}

function paintGraphic(c: Ctx, g: SheetGraphic): void {
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

function paintTextBox(c: Ctx, tb: SchTextBox, cls: string, border = true): void {
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

function paintTable(c: Ctx, table: KicadSchematic['tables'][number]): void {
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

function paintImage(c: Ctx, at: Point, scale: number, data: string, uuid: string): void {
  const info = pngInfo(data);
  if (!info) return;
  const s = (scale > 0 ? scale : 1) * 25.4 / info.ppi;
  c.r.beginLayer(c.L.images);
  c.r.beginGroup({ meta: { class: 'image', 'data-uuid': uuid } });
  c.r.shape({ kind: 'image', at, width: info.width * s, height: info.height * s, mime: 'image/png', data });
  c.r.endGroup();
  c.r.endLayer();
}

// ---------------------------------------------------------------------------
// Labels

/**
 * A label's pen: the text's thickness, else (bold) height/5, else KiCad 7+'s
 * schematic default line width (0.1524 mm: eeschema's PDF plot of bitaxe-gamma
 * draws a 1.27 mm global label with 0.15 mm lines) or KiCad 6's height/8.
 */
function penWidth(e: TextEffects, c: Ctx): number {
  if (e.thickness !== undefined && e.thickness > 0) return e.thickness;
  if (e.bold) return e.height / 5;
  return c.kicad6 ? e.height / 8 : c.d.line;
}

function labelColor(c: Ctx, kind: SchLabel['kind']): string {
  return kind === 'global' ? c.t.labelGlobal : kind === 'hierarchical' ? c.t.labelHierarchical : kind === 'directive' ? c.t.labelNetclass : c.t.labelLocal;
}

/** Text along a label frame direction: readable angle and justification. */
function alongText(dir: Point, textAt: Point, text: string, e: TextEffects, fill: string, cls: string, v: TextShape['v']): TextShape {
  const horizontal = dir.y === 0;
  const h: TextShape['h'] = (horizontal ? dir.x > 0 : dir.y < 0) ? 'left' : 'right';
  const t = textShape(text, textAt, horizontal ? 0 : 90, e, fill, cls);
  t.h = h;
  t.v = v;
  return t;
}

function paintLabel(c: Ctx, l: SchLabel): void {
  const { r, L } = c;
  const color = labelColor(c, l.kind);
  const e = l.effects;
  const text = expandVars(l.text, c.sheetVar);
  const meta: Record<string, string> = { class: `label label-${l.kind}`, 'data-uuid': l.uuid, 'data-text': l.text };
  const net = c.o.nets?.items.get(l.uuid);
  if (net !== undefined) meta['data-net'] = net;
  r.beginLayer(L.labels);
  r.beginGroup({ meta, style: { stroke: color, fill: 'none' } });
  const pen = penWidth(e, c);
  const at = { x: l.at.x, y: l.at.y };
  if (l.kind === 'local') {
    const dir = labelDirection(l.at.rotation);
    // Above the wire (left of a vertical one), by the text offset plus the pen width.
    const dist = c.d.textOffsetRatio * e.height + pen;
    const horizontal = dir.y === 0;
    const p = horizontal ? { x: at.x, y: at.y - dist } : { x: at.x - dist, y: at.y };
    if (text !== '') emitText(r, alongText(dir, p, text, e, color, 'label-text', 'bottom'));
    // KiCad's label box: the anchor is part of it even with no text.
    r.addBounds(at.x, at.y, 0);
  } else if (l.kind === 'global') {
    const dir = labelDirection(l.at.rotation);
    const margin = (c.kicad6 ? c.d.textOffsetRatio : c.d.labelSizeRatio) * e.height;
    const { points, textAt } = globalLabelOutline(l.shape, measureLabel(text, e), e.height, margin, pen);
    r.shape({ kind: 'path', parts: [toSheet(at, dir, points)], closed: true, style: { width: pen } });
    // KiCad centres the text on the middle of an "E" (0.0715 × height below the axis) to leave room for overbars.
    const [p] = toSheet(at, dir, [[textAt, 0]]) as [Point];
    const drop = c.kicad6 ? 0 : e.height * 0.0715;
    const q = dir.y === 0 ? { x: p.x, y: p.y + drop } : { x: p.x + drop, y: p.y };
    if (text !== '') emitText(r, alongText(dir, q, text, e, color, 'label-text', 'center'));
  } else if (l.kind === 'hierarchical') {
    const dir = labelDirection(l.at.rotation);
    const s = (e.width || e.height) / 2;
    r.shape({ kind: 'path', parts: [toSheet(at, dir, hierarchicalOutline(l.shape, s))], closed: true, style: { width: pen } });
    const [p] = toSheet(at, dir, [[2 * s + c.d.textOffsetRatio * e.height, 0]]) as [Point];
    if (text !== '') emitText(r, alongText(dir, p, text, e, color, 'label-text', 'center'));
  } else {
    const dir = directiveDirection(l.at.rotation);
    // The flag is drawn in the label's frame turned so +u runs along the stem.
    const f = directiveFlag(l.shape, l.length ?? 2.54, e.height);
    const frame = (pts: readonly UW[]): Point[] => toSheet(at, dir, pts);
    r.shape({ kind: 'path', parts: [frame(f.stem)], style: { width: pen } });
    if (f.outline) r.shape({ kind: 'path', parts: [frame(f.outline)], closed: true, style: { width: pen } });
    if (f.circle) {
      const [cc] = frame([f.circle.c]) as [Point];
      r.shape({ kind: 'circle', center: cc, radius: f.circle.r, style: { width: pen, fill: f.circle.filled ? color : 'none' } });
    }
  }
  r.endGroup();
  r.endLayer();
  paintFields(c, l.properties, l.kind === 'directive' ? c.t.labelNetclass : c.t.fields, (key) => (key === 'Intersheetrefs' || key === 'Intersheet References' ? (c.o.vars?.INTERSHEET_REFS ?? '') : undefined), 'label-field');
}

/** Fields of labels and sheets: in sheet coordinates, readable, hidden ones skipped. */
function paintFields(c: Ctx, props: readonly SymbolProperty[], fill: string, special: (key: string) => string | undefined, cls: string, colorOf?: (key: string) => string): void {
  const visible = props.filter((p) => !p.hidden && !p.effects.hidden);
  if (visible.length === 0) return;
  c.r.beginLayer(c.L['sym-fields']);
  for (const p of visible) {
    let text = special(p.key) ?? expandVars(p.value, c.sheetVar);
    if (text === '' || text === '~') continue;
    if (p.showName) text = `${p.key}: ${text}`;
    paintText(c, text, p.at, p.at.rotation, p.effects, colorOf?.(p.key) ?? fill, cls);
  }
  c.r.endLayer();
}

// ---------------------------------------------------------------------------
// Sheet symbols

function paintSheet(c: Ctx, s: SheetSymbol): void {
  const { r, L, t } = c;
  const box = { x0: s.at.x, y0: s.at.y, x1: s.at.x + s.size.width, y1: s.at.y + s.size.height };
  const meta: Meta = { class: 'sheet', 'data-uuid': s.uuid, 'data-file': s.fileName, 'data-name': s.name };
  const fill = fileColor(s.fill.color) ?? (t.sheetFill === 'none' ? undefined : t.sheetFill);
  if (fill) {
    r.beginLayer(L['sheet-fill']);
    r.beginGroup({ meta });
    r.shape({ kind: 'rect', ...box, style: { fill, stroke: 'none', width: 0 } });
    r.endGroup();
    r.endLayer();
  }
  r.beginLayer(L.sheets);
  r.beginGroup({ meta });
  const border = fileColor(s.stroke.color);
  const w = strokeWidth(s.stroke, c.d.line);
  r.shape({ kind: 'rect', ...box, style: border || w !== SCH_DEFAULTS.line ? { stroke: border ?? t.sheetBorder, width: w } : undefined });
  for (const pin of s.pins) {
    const e = pin.effects;
    // The icon points into the sheet from its edge, the name beyond it.
    const inward = pin.side === 'left' ? { x: 1, y: 0 } : pin.side === 'right' ? { x: -1, y: 0 } : pin.side === 'top' ? { x: 0, y: 1 } : { x: 0, y: -1 };
    const half = (e.width || e.height) / 2;
    const pm: Record<string, string> = { class: 'sheet-pin', 'data-uuid': pin.uuid, 'data-name': pin.name };
    const net = c.o.nets?.items.get(pin.uuid);
    if (net !== undefined) pm['data-net'] = net;
    r.beginGroup({ meta: pm, style: { stroke: t.sheetPin } });
    r.shape({ kind: 'path', parts: [toSheet(pin.at, inward, hierarchicalOutline(sheetPinShape(pin.shape), half))], closed: true, style: { width: penWidth(e, c) } });
    const [p] = toSheet(pin.at, inward, [[2 * half + c.d.textOffsetRatio * e.height, 0]]) as [Point];
    if (pin.name !== '') emitText(r, alongText(inward, p, pin.name, e, t.sheetPin, 'sheet-pin-name', 'center'));
    r.endGroup();
  }
  r.endGroup();
  r.endLayer();
  const isName = (k: string): boolean => k === 'Sheetname' || k === 'Sheet name';
  const isFile = (k: string): boolean => k === 'Sheetfile' || k === 'Sheet file';
  paintFields(
    c,
    s.properties,
    t.sheetFields,
    (k) => (isFile(k) ? `File: ${s.fileName}` : undefined),
    'sheet-field',
    (k) => (isName(k) ? t.sheetName : isFile(k) ? t.sheetFile : t.sheetFields),
  );
}

// ---------------------------------------------------------------------------
// Placed symbols

function paintSymbols(c: Ctx): void {
  const { sch, o, L } = c;
  if (sch.symbols.length === 0) return;
  const lib = new Map<string, KicadSymbol>();
  for (const s of sch.libSymbols) lib.set(s.name, s);
  // Without a path, the sheet is taken as the root (KiCad 7+ root instances are "/<root uuid>").
  const sheetNode = instanceNode(o.instancePath ?? `/${sch.uuid}`);
  const pr = new PlacedRenderer(c.r, {
    layers: {
      [SYMBOL_LAYERS.bodyFill.name]: L['sym-body-fill'],
      [SYMBOL_LAYERS.body.name]: L['sym-body'],
      [SYMBOL_LAYERS.bodyText.name]: L['sym-body-text'],
      [SYMBOL_LAYERS.pins.name]: L['sym-pins'],
      [SYMBOL_LAYERS.fields.name]: L['sym-fields'],
      [SYMBOL_LAYERS.label.name]: L['sym-fields'],
    },
    colors: symbolColorMap(c.t),
    meta: {},
  });
  for (const sym of sch.symbols) {
    const inst = resolveSymbolInstance(sym, sheetNode, o.root ?? sch, o.project);
    paintPlacedSymbol(c, pr, sym, lib.get(sym.libName ?? sym.libId), inst);
  }
}

/** The parts of a SheetNode that instance lookups read, from its path ("/<root-uuid>/<sheet-uuid>..."). */
function instanceNode(path: string): SheetNode {
  const parts = path.split('/').filter(Boolean);
  const localPath = parts.length <= 1 ? '/' : '/' + parts.slice(1).join('/');
  return { path, localPath, name: '', namePath: '', fileName: '', schematic: null, children: [] };
}

interface Instance {
  reference: string;
  unit: number;
  value: string;
  footprint: string;
}

function paintPlacedSymbol(c: Ctx, pr: PlacedRenderer, sym: SchematicSymbol, lib: KicadSymbol | undefined, inst: Instance): void {
  const meta: Record<string, string> = { class: 'symbol', 'data-ref': inst.reference, 'data-uuid': sym.uuid, 'data-value': inst.value, 'data-lib-id': sym.libId };
  if (sym.dnp) meta['data-dnp'] = 'true';
  if (sym.excludeFromSim) meta['data-exclude-from-sim'] = 'true';
  if (!lib) meta['data-missing'] = 'true';
  const place = placementMatrix(sym.at.rotation, sym.mirror);
  const multi = lib ? unitCount(lib) > 1 : false;
  if (lib) {
    pr.meta = meta;
    // KiCad draws a do-not-populate symbol faded (its colours mixed half with the background).
    pr.groupStyle = sym.dnp ? DNP_FADE : undefined;
    pr.body = null;
    pr.origin = { x: sym.at.x, y: sym.at.y };
    const nets = c.o.nets?.pins;
    const alt = new Map(sym.pins.filter((p) => p.alternate).map((p) => [p.number, p.alternate as string]));
    pr.pinMeta = (num) => {
      const m: Record<string, string> = { 'data-ref': inst.reference };
      const net = nets?.get(`${sym.uuid}:${num}`);
      if (net !== undefined) m['data-net'] = net;
      return m;
    };
    const { graphics, pins } = unitItems(lib, inst.unit, sym.bodyStyle);
    pr.matrix = mul(place, FLIP_Y);
    for (const g of graphics) {
      if (g.kind === 'text' || g.kind === 'textbox') paintBodyText(pr, g);
      else paintBodyGraphic(pr, g);
    }
    // Pins are turned in the library frame first, so the symbol painter places their
    // names and numbers by KiCad's rules for the pin's final orientation.
    const ov = mul(mul(FLIP_Y, place), FLIP_Y);
    pr.matrix = FLIP_Y;
    pr.beginLayer(SYMBOL_LAYERS.pins);
    for (const p of pins) {
      const d = dirOf(ov, p.rotation);
      const a = alt.get(p.number);
      const altDef = a ? p.alternates.find((x) => x.name === a) : undefined;
      paintPin(pr, lib, { ...p, x: ov[0] * p.x + ov[1] * p.y, y: ov[2] * p.x + ov[3] * p.y, rotation: d, ...(altDef ? { name: altDef.name, graphicStyle: altDef.graphicStyle, electricalType: altDef.electricalType } : {}) }, c.o.showHiddenPins === true, !c.kicad6);
    }
    pr.endLayer();
  }
  paintSymbolFields(c, sym, lib, inst, multi, place, meta);
  if (sym.dnp && pr.body) {
    const b = pr.body;
    c.r.beginLayer(c.L.dnp);
    c.r.beginGroup({ meta: { class: 'dnp', 'data-uuid': sym.uuid } });
    c.r.shape({
      kind: 'path',
      parts: [
        [
          { x: b.minX, y: b.minY },
          { x: b.maxX, y: b.maxY },
        ],
        [
          { x: b.maxX, y: b.minY },
          { x: b.minX, y: b.maxY },
        ],
      ],
      style: { width: 3 * c.d.line },
    });
    c.r.endGroup();
    c.r.endLayer();
  }
}

const DNP_FADE: Style = { opacity: 0.5 };

function dirOf(m: Mat2, rotation: number): number {
  const a = (rotation * Math.PI) / 180;
  const x = Math.round((m[0] * Math.cos(a) + m[1] * Math.sin(a)) * 1e9) / 1e9;
  const y = Math.round((m[2] * Math.cos(a) + m[3] * Math.sin(a)) * 1e9) / 1e9;
  return ((Math.round((Math.atan2(y, x) * 180) / Math.PI) % 360) + 360) % 360;
}

/**
 * The instance's fields, at their sheet positions. KiCad keeps a field's
 * justification in the symbol's own frame: the text box turns with the
 * symbol, then the text is set upright.
 */
function paintSymbolFields(c: Ctx, sym: SchematicSymbol, lib: KicadSymbol | undefined, inst: Instance, multi: boolean, place: Mat2, meta: Meta): void {
  const own: Record<string, string> = {};
  for (const p of sym.properties) own[p.key.toUpperCase()] = p.value;
  const vars = (name: string): string | undefined => {
    switch (name) {
      case 'REFERENCE':
        return inst.reference + (multi ? unitLetter(inst.unit) : '');
      case 'VALUE':
        return inst.value;
      case 'FOOTPRINT':
        return inst.footprint;
      case 'UNIT':
        return unitLetter(inst.unit);
      case 'SYMBOL_NAME':
        return sym.libId.split(':').pop();
      case 'SYMBOL_LIBRARY':
        return sym.libId.includes(':') ? sym.libId.split(':')[0] : '';
      case 'DNP':
        return sym.dnp ? 'DNP' : '';
    }
    return own[name.toUpperCase()] ?? c.sheetVar(name);
  };
  let open = false;
  for (const p of sym.properties) {
    if (p.hidden || p.effects.hidden || p.key.startsWith('ki_')) continue;
    let text: string;
    let fill = c.t.fields;
    let cls = 'field';
    if (p.key === 'Reference') {
      text = inst.reference + (multi && !lib?.power ? unitLetter(inst.unit) : '');
      fill = c.t.reference;
      cls = 'field reference';
    } else if (p.key === 'Value') {
      text = expandVars(inst.value, vars);
      fill = c.t.value;
      cls = 'field value';
    } else if (p.key === 'Footprint') text = inst.footprint;
    else text = expandVars(p.value, vars);
    if (text === '' || text === '~') continue;
    if (p.showName) text = `${p.key}: ${text}`;
    const a = (p.at.rotation * Math.PI) / 180;
    // Baseline and glyph-down directions of the field in the symbol's frame (Y-down), turned by the placement.
    const d = { x: place[0] * Math.cos(a) - place[1] * Math.sin(a), y: place[2] * Math.cos(a) - place[3] * Math.sin(a) };
    const n = { x: place[0] * Math.sin(a) + place[1] * Math.cos(a), y: place[2] * Math.sin(a) + place[3] * Math.cos(a) };
    const rt = readableText(d, n, p.effects.hAlign, p.effects.vAlign);
    if (!open) {
      c.r.beginLayer(c.L['sym-fields']);
      c.r.beginGroup(sym.dnp ? { meta, style: DNP_FADE } : { meta });
      open = true;
    }
    const t = textShape(text, { x: p.at.x, y: p.at.y }, rt.angle, p.effects, fill, cls);
    t.h = rt.h;
    t.v = rt.v;
    emitText(c.r, t);
  }
  if (open) {
    c.r.endGroup();
    c.r.endLayer();
  }
}
