// Paints one schematic sheet (one instance of it) in the schematic editor's
// look onto a Renderer, in sheet coordinates (Y-down, mm): placed symbols
// (schematic-symbols.ts), wires, buses, bus entries, junctions, no-connects,
// labels of every kind, texts, notes (schematic-notes.ts: text boxes, tables,
// images, graphics), sheet symbols with their pins. Colours come from a
// SchematicTheme; colours written in the file override it. Schematic text is
// always readable: 180° is drawn at 0°, 270° at 90°.

import type { Point, TextEffects } from '../kicad-common.ts';
import { DEFAULT_INTERSHEET_REFS, formatIntersheetRefs } from '../intersheet-refs.ts';
import type { SchematicNetStyle } from '../net-classes.ts';
import type { KicadSchematic, SchLabel, SheetSymbol } from '../schematic.ts';
import { directiveDirection, directiveFlag, globalLabelOutline, hierarchicalOutline, labelDirection, sheetPinShape, toSheet, type UW } from './label-shapes.ts';
import type { Meta, Renderer, TextShape } from './renderer.ts';
import { emitText, expandVars, fileColor, itemMeta, KICAD6_LAST, layersFor, measureLabel, paintFields, paintText, sheetVars, strokedPath, strokeWidth, textShape, type Ctx, type SheetPaint } from './schematic-context.ts';
import { paintGraphic, paintImage, paintTable, paintTextBox } from './schematic-notes.ts';
import { paintSymbols } from './schematic-symbols.ts';
import { DEFAULT_DRAWING, SCH_DEFAULTS } from './schematic-theme.ts';

export { emitText, expandVars, measureLabel, SHEET_LAYER_ORDER, type SheetPaint } from './schematic-context.ts';
export { pngInfo } from './schematic-notes.ts';

// ---------------------------------------------------------------------------
// Entry point

/** Paint one sheet instance. */
export function paintSchematicSheet(r: Renderer, sch: KicadSchematic, o: SheetPaint): void {
  const kicad6 = (sch.version ?? KICAD6_LAST + 1) <= KICAD6_LAST;
  // Files of KiCad 7+ are shown as KiCad 7+ lays text out (stroke-font.ts kicad7LineShift).
  if (!kicad6) r = withKicad7Text(r);
  const c: Ctx = { r, sch, o, t: o.theme, L: layersFor(o.theme), sheetVar: sheetVars(sch, o), kicad6, d: o.drawing ?? DEFAULT_DRAWING };
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
    // KiCad 7+ draws sheet texts 0.25 mm above their position at any angle (its "fudge factor
    // to match KiCad 6", SCH_TEXT::GetSchematicTextOffset); measured in the bms-c1 PDF plots.
    const at = c.kicad6 ? t.at : { ...t.at, y: t.at.y - SCH_TEXT_RAISE };
    paintText(c, text, at, t.at.rotation, t.effects, c.t.notes, 'text');
    c.r.endGroup();
    c.r.endLayer();
  }
}

/** The renderer with every text marked for KiCad 7+ line placement. */
function withKicad7Text(r: Renderer): Renderer {
  // Methods are bound once per name (painting calls them hundreds of thousands of times).
  const bound = new Map<PropertyKey, unknown>([['text', (t: TextShape) => r.text(t.metrics ? t : { ...t, metrics: 'kicad7' })]]);
  return new Proxy(r, {
    get(target, prop) {
      const b = bound.get(prop);
      if (b !== undefined) return b;
      const v: unknown = Reflect.get(target, prop, target);
      if (typeof v !== 'function') return v;
      const f = (v as (...a: unknown[]) => unknown).bind(target);
      bound.set(prop, f);
      return f;
    },
  });
}

/** KiCad 7+: sheet texts are drawn this far (mm) above their anchor. */
const SCH_TEXT_RAISE = 0.25;

function paintWires(c: Ctx): void {
  const { r, sch, L, t } = c;
  const nets = c.o.nets?.items;
  const netStyle = c.o.netStyle;
  /** The wire's net class style, when nets and classes are known. */
  const classOf = (uuid: string): SchematicNetStyle | undefined => {
    const net = netStyle ? nets?.get(uuid) : undefined;
    return net !== undefined ? netStyle?.(net) : undefined;
  };
  const kinds = [
    ['wires', sch.wires, 'wire', c.d.line, SCH_DEFAULTS.wire, t.wire],
    ['buses', sch.buses, 'bus', c.d.bus, SCH_DEFAULTS.bus, t.bus],
  ] as const;
  for (const [layer, lines, cls, w, lw, color] of kinds) {
    if (lines.length === 0) continue;
    r.beginLayer(L[layer]);
    for (const wire of lines) {
      r.beginGroup({ meta: itemMeta(cls, wire.uuid, nets) });
      const nc = classOf(wire.uuid);
      // A width of 0 in the file is the net class's width (KiCad's SCH_LINE), else the project default.
      const width = (cls === 'bus' ? nc?.busWidth : nc?.wireWidth) ?? w;
      strokedPath(c, [wire.points], wire.stroke, width, lw, color, false, nc?.color);
      r.endGroup();
    }
    r.endLayer();
  }
  if (sch.busEntries.length) {
    r.beginLayer(L['bus-entries']);
    for (const e of sch.busEntries) {
      r.beginGroup({ meta: itemMeta('bus-entry', e.uuid, nets) });
      const nc = classOf(e.uuid);
      strokedPath(c, [[e.at, { x: e.at.x + e.size.x, y: e.at.y + e.size.y }]], e.stroke, nc?.wireWidth ?? c.d.line, SCH_DEFAULTS.wire, t.wire, false, nc?.color);
      r.endGroup();
    }
    r.endLayer();
  }
}

function paintJunctions(c: Ctx): void {
  const { r, sch, L } = c;
  if (sch.junctions.length === 0) return;
  r.beginLayer(L.junctions);
  for (const j of sch.junctions) {
    // A junction on a bus takes the bus junction colour.
    const net = c.o.netStyle ? c.o.nets?.items.get(j.uuid) : undefined;
    // The file's colour, else the bus junction colour on a bus, else the net class colour (as KiCad's junction).
    const color = fileColor(j.color) ?? (sch.buses.length && onLines(sch.buses, j.at) ? c.t.busJunction : net !== undefined ? c.o.netStyle?.(net).color : undefined);
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
  const irefs = l.kind === 'global' ? (c.o.intersheetRefs ?? DEFAULT_INTERSHEET_REFS) : undefined;
  // KiCad shows or hides every intersheet field by the project setting, when there is one.
  const props = irefs?.show === undefined ? l.properties : l.properties.map((p) => (isIntersheetField(p.key) ? { ...p, hidden: !irefs.show, effects: { ...p.effects, hidden: !irefs.show } } : p));
  const refs = (key: string): string | undefined => {
    if (!isIntersheetField(key)) return undefined;
    if (irefs && c.o.pageRefs) return formatIntersheetRefs(c.o.pageRefs.get(l.text), c.o.page, irefs);
    return c.o.vars?.INTERSHEET_REFS ?? '';
  };
  paintFields(c, props, l.kind === 'directive' ? c.t.labelNetclass : c.t.fields, refs, 'label-field');
}

function isIntersheetField(key: string): boolean {
  return key === 'Intersheetrefs' || key === 'Intersheet References';
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
