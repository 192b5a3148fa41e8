// Painters for KiCad symbol items: one per item kind (body graphics, texts,
// pins, fields), drawing one unit of a symbol onto a Renderer in library
// coordinates (Y-up, mm). The caller's renderer turns Y-up into its own space.
// Pin geometry and text placement follow KiCad's own rules (pin name inside
// the body at `pin_names offset`, or above the line when the offset is 0;
// number above the line; IEEE decorations at the body end of the pin).

import type { Point, Rgba } from '../kicad-common.ts';
import { plainText } from '../svg-text.ts';
import { unitItems, unitLetter, type Fill, type KicadSymbol, type SymbolGraphic, type SymbolPin, type SymbolProperty } from '../symbol-lib.ts';
import type { LayerSpec, Renderer, Style, TextShape } from './renderer.ts';

/** KiCad 6+ default schematic colours. */
export const SCHEMATIC_COLORS = {
  background: '#F5F4EF',
  body: '#840000',
  bodyFill: '#FFFFC2',
  pin: '#840000',
  pinNumber: '#A90000',
  pinName: '#006464',
  reference: '#006464',
  value: '#006464',
  field: '#840084',
  unitLabel: '#6B6B6B',
} as const;

/** Default line width (6 mil) used where the file says 0. */
export const DEFAULT_LINE = 0.1524;
/** Pin text margin (4 mil) + default pen width: gap between pin line and its texts. */
const PIN_TEXT_OFFSET = 0.1016 + DEFAULT_LINE;
/** Gap above a unit for its "Unit A" label. */
const LABEL_GAP = 1.27;

/** The layers of a symbol drawing, bottom to top (as KiCad: background fills under outlines, texts, pins, fields). */
export const SYMBOL_LAYERS = {
  bodyFill: { name: 'body-fill', z: 0, meta: { class: 'body-fill' }, style: { stroke: 'none', fill: SCHEMATIC_COLORS.bodyFill } },
  body: { name: 'body', z: 1, meta: { class: 'body' }, style: { fill: 'none', stroke: SCHEMATIC_COLORS.body } },
  bodyText: { name: 'body-text', z: 2, meta: { class: 'body-text' } },
  pins: { name: 'pins', z: 3, meta: { class: 'pins' }, keepEmpty: true },
  fields: { name: 'fields', z: 4, meta: { class: 'fields' } },
  label: { name: 'unit-label', z: 5 },
} as const satisfies Record<string, LayerSpec>;

export interface SymbolUnitPaint {
  unit: number;
  bodyStyle: number;
  /** The symbol has several units (the reference gets the unit letter). */
  multi: boolean;
  /** Draw a "Unit A" label above the unit. */
  labelled: boolean;
  showHiddenPins: boolean;
}

/** Paint one unit (and body style) of a symbol: graphics, texts, pins, fields, optional unit label. */
export function paintSymbolUnit(r: Renderer, sym: KicadSymbol, o: SymbolUnitPaint): void {
  const { graphics, pins } = unitItems(sym, o.unit, o.bodyStyle);
  for (const g of graphics) {
    if (g.kind === 'text' || g.kind === 'textbox') paintBodyText(r, g);
    else paintBodyGraphic(r, g);
  }
  r.beginLayer(SYMBOL_LAYERS.pins);
  for (const p of pins) paintPin(r, sym, p, o.showHiddenPins);
  r.endLayer();
  for (const prop of sym.properties) paintField(r, sym, prop, o.unit, o.multi);
  if (o.labelled) paintUnitLabel(r, sym, o.unit);
}

type BodyGraphic = Exclude<SymbolGraphic, { kind: 'text' } | { kind: 'textbox' }>;

function strokeWidth(w: number): number {
  return w > 0 ? w : DEFAULT_LINE;
}

function rgba(c: Rgba): string {
  return `rgba(${Math.round(c.r)},${Math.round(c.g)},${Math.round(c.b)},${c.a})`;
}

/** Fill drawn with the outline ('outline' fills take the outline colour); undefined = none. */
function outlineFill(fill: Fill, strokeColor: string): string | undefined {
  if (fill.type === 'outline') return strokeColor;
  if (fill.type === 'color' && fill.color && fill.color.a > 0) return rgba(fill.color);
  return undefined;
}

/**
 * A body graphic: its background fill on the body-fill layer, its outline
 * (and outline/colour fill) on the body layer. A negative width means no outline.
 */
export function paintBodyGraphic(r: Renderer, g: BodyGraphic): void {
  const sw = strokeWidth(g.stroke.width);
  const strokeColor = g.stroke.color ? rgba(g.stroke.color) : SCHEMATIC_COLORS.body;
  if (g.fill.type === 'background') {
    r.beginLayer(SYMBOL_LAYERS.bodyFill);
    drawGraphic(r, g, { width: sw }, true);
    r.endLayer();
  }
  const fill = outlineFill(g.fill, strokeColor);
  const style: Style = {};
  if (fill !== undefined) style.fill = fill;
  if (g.stroke.width < 0) {
    if (fill === undefined) return;
    style.stroke = 'none';
    style.width = sw;
  } else {
    if (strokeColor !== SCHEMATIC_COLORS.body) style.stroke = strokeColor;
    style.width = sw;
    if (g.stroke.type === 'dash') style.dash = [sw * 5, sw * 3];
    else if (g.stroke.type === 'dot') style.dash = [sw * 0.1, sw * 3];
  }
  r.beginLayer(SYMBOL_LAYERS.body);
  if (g.kind === 'arc' && fill !== undefined) {
    // A filled arc is a pie slice under its outline, as KiCad draws it.
    r.shape({ kind: 'arc', start: g.start, mid: g.mid, end: g.end, pie: true, style: { fill, stroke: 'none', width: sw } });
    if (g.stroke.width >= 0) {
      const outline: Style = { ...style };
      delete outline.fill;
      r.shape({ kind: 'arc', start: g.start, mid: g.mid, end: g.end, style: outline });
    }
  } else drawGraphic(r, g, style, false);
  r.endLayer();
}

function drawGraphic(r: Renderer, g: BodyGraphic, style: Style, filled: boolean): void {
  switch (g.kind) {
    case 'rectangle':
      r.shape({ kind: 'rect', x0: Math.min(g.start.x, g.end.x), y0: Math.min(g.start.y, g.end.y), x1: Math.max(g.start.x, g.end.x), y1: Math.max(g.start.y, g.end.y), style });
      return;
    case 'circle':
      r.shape({ kind: 'circle', center: g.center, radius: g.radius, style });
      return;
    case 'arc':
      r.shape({ kind: 'arc', start: g.start, mid: g.mid, end: g.end, pie: filled || undefined, style });
      return;
    case 'polyline':
    case 'bezier': {
      const pts = g.points;
      if (pts.length === 0) return;
      if (g.kind === 'bezier' && pts.length >= 4) {
        r.shape({ kind: 'bezier', points: [pts[0], pts[1], pts[2], pts[3]] as [Point, Point, Point, Point], closed: filled || undefined, style });
        // The box covers every point given, as for a polyline.
        for (const p of pts.slice(4)) r.addBounds(p.x, p.y, (style.width ?? 0) / 2);
      } else r.shape({ kind: 'path', parts: [pts], closed: filled || undefined, style });
      return;
    }
  }
}

/** A `(text ...)` or `(text_box ...)` of the body (text boxes drawn as plain text, no wrapping). */
export function paintBodyText(r: Renderer, g: Extract<SymbolGraphic, { kind: 'text' } | { kind: 'textbox' }>): void {
  if (g.kind === 'text' && g.effects.hidden) return;
  r.beginLayer(SYMBOL_LAYERS.bodyText);
  if (g.kind === 'text') {
    r.text({ text: g.text, at: g.at, angle: g.at.rotation, size: g.effects.height, h: g.effects.hAlign, v: g.effects.vAlign, fill: SCHEMATIC_COLORS.body, bold: g.effects.bold, italic: g.effects.italic });
  } else {
    // Top-left corner inset by 0.5 mm (Y-up: the top is the larger Y).
    const at = { x: Math.min(g.start.x, g.end.x) + 0.5, y: Math.max(g.start.y, g.end.y) - 0.5 };
    r.text({ text: g.text, at, angle: 0, size: g.effects.height, h: 'left', v: 'top', fill: SCHEMATIC_COLORS.body });
  }
  r.endLayer();
}

/** Unit vector from the connection point towards the body (Y-up). */
function pinDirection(rotation: number): [number, number] {
  const r = ((Math.round(rotation) % 360) + 360) % 360;
  if (r === 90) return [0, 1];
  if (r === 180) return [-1, 0];
  if (r === 270) return [0, -1];
  if (r === 0) return [1, 0];
  const a = (rotation * Math.PI) / 180;
  return [Math.cos(a), Math.sin(a)];
}

const PIN_LINE: Style = { fill: 'none', stroke: SCHEMATIC_COLORS.pin, width: DEFAULT_LINE };
const PIN_BUBBLE = { style: { stroke: SCHEMATIC_COLORS.pin, width: DEFAULT_LINE } } as const;
const NO_FILL: Style = { fill: 'none' };
/** A hidden pin drawn anyway (show hidden pins): faded. */
const HIDDEN_PIN: Style = { opacity: 0.5 };

/**
 * A pin: its line and IEEE decorations, name and number, as one item carrying the pin's identity.
 * `numberAbove`: KiCad 7+ puts the number above the line when names are outside but not shown
 * (eeschema 7's PDF plots; KiCad 6 keeps it below).
 */
/** Half size (mm) of the X on a "not connected" pin: KiCad's 15 mil pin target radius. */
const NC_PIN_MARK = 0.381;

export function paintPin(r: Renderer, sym: KicadSymbol, p: SymbolPin, showHidden: boolean, numberAbove = false): void {
  const name = p.name === '~' ? '' : p.name;
  const plain = plainText(name);
  const meta: Record<string, string> = {
    class: 'pin',
    'data-number': p.number,
    'data-name': p.name,
    'aria-label': `Pin ${p.number}${plain ? ' ' + plain : ''}`,
    'data-type': p.electricalType,
  };
  if (p.hidden) meta['data-hidden'] = 'true';
  if (p.hidden && !showHidden) {
    r.beginGroup({ meta, visible: false, keepEmpty: true });
    r.endGroup();
    return;
  }
  r.beginGroup({ meta, style: p.hidden ? HIDDEN_PIN : undefined });

  const [ux, uy] = pinDirection(p.rotation);
  const cx = p.x;
  const cy = p.y;
  const ex = cx + ux * p.length;
  const ey = cy + uy * p.length;
  // Outward direction (body end -> connection point) and a screen-up/left normal, as KiCad uses.
  const ox = -ux;
  const oy = -uy;
  const horizontal = Math.abs(ux) >= Math.abs(uy);
  const nx = horizontal ? 0 : -1;
  const ny = horizontal ? 1 : 0;
  const style = p.graphicStyle;
  const ext = p.numberEffects.height / 2 || 0.635; // external decoration size
  const int = p.nameEffects.height / 2 || 0.635; // internal decoration size

  const parts: Point[][] = [];
  let bubble: Point | null = null;
  if (p.length > 0) {
    if (style === 'inverted' || style === 'inverted_clock') {
      bubble = { x: ex + ox * ext, y: ey + oy * ext };
      parts.push([{ x: ex + ox * 2 * ext, y: ey + oy * 2 * ext }, { x: cx, y: cy }]);
    } else parts.push([{ x: cx, y: cy }, { x: ex, y: ey }]);
  }
  if (style === 'clock' || style === 'inverted_clock' || style === 'clock_low') {
    const s = int;
    parts.push([{ x: ex - nx * s, y: ey - ny * s }, { x: ex - ox * 2 * s, y: ey - oy * 2 * s }, { x: ex + nx * s, y: ey + ny * s }]);
  }
  if (style === 'input_low' || style === 'clock_low') {
    const s = ext * 2;
    parts.push([{ x: ex + ox * s, y: ey + oy * s }, { x: ex + ox * s + nx * s, y: ey + oy * s + ny * s }, { x: ex, y: ey }]);
  }
  if (style === 'output_low') {
    const s = ext * 2;
    parts.push([{ x: ex + nx * s, y: ey + ny * s }, { x: ex + ox * s, y: ey + oy * s }]);
  }
  if (style === 'edge_clock_high') {
    const s = ext;
    parts.push([{ x: ex - nx * s, y: ey - ny * s }, { x: ex + ox * 2 * s, y: ey + oy * 2 * s }, { x: ex + nx * s, y: ey + ny * s }]);
  }
  if (style === 'non_logic') {
    const s = ext;
    parts.push([{ x: ex - s, y: ey + s }, { x: ex + s, y: ey - s }], [{ x: ex - s, y: ey - s }, { x: ex + s, y: ey + s }]);
  }
  if (p.electricalType === 'no_connect') {
    // KiCad marks a pin of type "not connected" with a small X on its connection point.
    const s = NC_PIN_MARK;
    parts.push([{ x: cx - s, y: cy - s }, { x: cx + s, y: cy + s }], [{ x: cx + s, y: cy - s }, { x: cx - s, y: cy + s }]);
  }
  // KiCad's pin box: both ends with a line width of slack, and the decoration.
  r.addBounds(cx, cy, DEFAULT_LINE);
  r.addBounds(ex, ey, DEFAULT_LINE);
  if (style !== 'line') r.addBounds(ex + ox * 2 * ext, ey + oy * 2 * ext, ext);

  r.shape({ kind: 'path', parts, style: PIN_LINE, bounds: false });
  if (bubble) {
    r.beginGroup(PIN_BUBBLE);
    r.shape({ kind: 'circle', center: bubble, radius: ext, style: NO_FILL, bounds: false });
    r.endGroup();
  }
  paintPinTexts(r, sym, p, name, plain !== '', { cx, cy, ex, ey, ux, uy, horizontal }, numberAbove);
  r.endGroup();
}

interface PinGeometry {
  cx: number;
  cy: number;
  ex: number;
  ey: number;
  ux: number;
  uy: number;
  horizontal: boolean;
}

/** Pin name and number (KiCad LIB_PIN text placement). */
function paintPinTexts(r: Renderer, sym: KicadSymbol, p: SymbolPin, name: string, hasName: boolean, g: PinGeometry, numberAbove: boolean): void {
  const showName = !sym.pinNames.hide && hasName && !p.nameEffects.hidden;
  const showNumber = !sym.pinNumbers.hide && p.number !== '' && !p.numberEffects.hidden;
  const inside = sym.pinNames.offset > 0;
  const offset = sym.pinNames.offset;
  const nameSize = p.nameEffects.height;
  const numSize = p.numberEffects.height;
  const mx = (g.cx + g.ex) / 2;
  const my = (g.cy + g.ey) / 2;
  if (g.horizontal) {
    const toRight = g.ux > 0; // body is to the right of the connection point
    if (inside) {
      if (showName) pinName(r, name, nameSize, g.ex + (toRight ? offset : -offset), g.ey, 0, toRight ? 'left' : 'right', 'center');
      if (showNumber) pinNumber(r, p.number, numSize, mx, my + PIN_TEXT_OFFSET, 0, 'bottom');
    } else {
      if (showName) pinName(r, name, nameSize, mx, my + PIN_TEXT_OFFSET, 0, 'center', 'bottom');
      if (showNumber && numberAbove && !showName) pinNumber(r, p.number, numSize, mx, my + PIN_TEXT_OFFSET, 0, 'bottom');
      else if (showNumber) pinNumber(r, p.number, numSize, mx, my - PIN_TEXT_OFFSET, 0, 'top');
    }
  } else {
    const down = g.uy < 0; // body below the connection point
    if (inside) {
      if (showName) pinName(r, name, nameSize, g.ex, g.ey - (down ? offset : -offset), 90, down ? 'right' : 'left', 'center');
      if (showNumber) pinNumber(r, p.number, numSize, mx - PIN_TEXT_OFFSET, my, 90, 'bottom');
    } else {
      if (showName) pinName(r, name, nameSize, mx - PIN_TEXT_OFFSET, my, 90, 'center', 'bottom');
      if (showNumber && numberAbove && !showName) pinNumber(r, p.number, numSize, mx - PIN_TEXT_OFFSET, my, 90, 'bottom');
      else if (showNumber) pinNumber(r, p.number, numSize, mx + PIN_TEXT_OFFSET, my, 90, 'top');
    }
  }
}

function pinName(r: Renderer, text: string, size: number, x: number, y: number, angle: number, h: TextShape['h'], v: TextShape['v']): void {
  r.text({ text, at: { x, y }, angle, size, h, v, fill: SCHEMATIC_COLORS.pinName, cls: 'pin-name' });
}

/** Pin numbers are centred along the pin. */
function pinNumber(r: Renderer, text: string, size: number, x: number, y: number, angle: number, v: TextShape['v']): void {
  r.text({ text, at: { x, y }, angle, size, h: 'center', v, fill: SCHEMATIC_COLORS.pinNumber, cls: 'pin-number' });
}

/** A visible property: Reference (unannotated, "U?A"), Value, or another field. */
export function paintField(r: Renderer, sym: KicadSymbol, prop: SymbolProperty, unit: number, multi: boolean): void {
  // "~" is KiCad's spelling of an empty field.
  if (prop.hidden || prop.key.startsWith('ki_') || prop.value === '~') return;
  let text = prop.value;
  let fill: string = SCHEMATIC_COLORS.field;
  let cls = 'field';
  if (prop.key === 'Reference') {
    fill = SCHEMATIC_COLORS.reference;
    cls = 'field reference';
    // Unannotated, as the schematic editor shows a freshly placed symbol: "U?" / "U?A".
    if (!sym.power && text !== '' && !text.endsWith('?')) text += '?';
    if (multi) text += unitLetter(unit);
  } else if (prop.key === 'Value') {
    fill = SCHEMATIC_COLORS.value;
    cls = 'field value';
  }
  if (prop.showName) text = `${prop.key}: ${text}`;
  if (text === '') return;
  r.beginLayer(SYMBOL_LAYERS.fields);
  r.text({ text, at: prop.at, angle: prop.at.rotation, size: prop.effects.height, h: prop.effects.hAlign, v: prop.effects.vAlign, fill, bold: prop.effects.bold, italic: prop.effects.italic, cls });
  r.endLayer();
}

/** "Unit A (name)" centred above what was drawn of the unit. */
export function paintUnitLabel(r: Renderer, sym: KicadSymbol, unit: number): void {
  const b = r.bounds() ?? { minX: -2.54, minY: -2.54, maxX: 2.54, maxY: 2.54 };
  let text = `Unit ${unitLetter(unit)}`;
  const named = sym.units.find((u) => u.unit === unit && u.name);
  if (named?.name) text += ` (${named.name})`;
  r.beginLayer(SYMBOL_LAYERS.label);
  r.text({ text, at: { x: (b.minX + b.maxX) / 2, y: b.maxY + LABEL_GAP }, angle: 0, size: 1.27, h: 'center', v: 'bottom', fill: SCHEMATIC_COLORS.unitLabel, cls: 'unit-label' });
  r.endLayer();
}
